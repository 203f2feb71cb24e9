package org.lossless.experiments.sweep;

import org.lossless.experiments.results.OutputRefusedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SweepJsonTest {
    @TempDir
    Path tmp;

    SweepDefinition definition() {
        List<SweepPoint> points = Grid.points(List.of(VaryParser.parse("switch.ecn.kmin,switch.ecn.kmax=1KB,4KB;2KB,8KB"),
                VaryParser.parse("workloads[0].flows[0].size=[1, 2],3KB")));
        return new SweepDefinition("s.yaml", tmp.resolve("s.yaml"), "name: x\n", tmp, List.of("nic.mtu=1024"), points,
                7, 3, points.get(1).name());
    }

    @Test
    void theDefinitionReadBackDefinesTheSameRuns() throws Exception {
        SweepDefinition d = definition();
        SweepDirectory dir = SweepDirectory.create(tmp.resolve("st"), d);
        SweepDefinition back = dir.definition();
        assertTrue(back.sameRuns(d));
        assertEquals(d.runs(), back.runs());
        assertEquals(d.baseline(), back.baseline());
        assertEquals(12, back.runs().size());
        assertEquals(List.of(7L, 8L, 9L), back.seeds());
        RunSpec r = back.runs().get(5);
        assertEquals(d.points().get(1), r.point());
        assertEquals(2, r.replication());
        assertEquals(Path.of("points", d.points().get(1).name(), "9"), r.relativeDir());
        assertEquals(SweepDirectory.Found.SWEEP, SweepDirectory.classify(tmp.resolve("st")));
        assertEquals("name: x\n", Files.readString(tmp.resolve("st/scenario.yaml")));
    }

    @Test
    void onlyEmptyOrSweepDirectoriesMayBeWritten() throws Exception {
        assertEquals(SweepDirectory.Found.NOTHING, SweepDirectory.classify(tmp.resolve("missing")));
        Files.createDirectories(tmp.resolve("empty"));
        assertEquals(SweepDirectory.Found.NOTHING, SweepDirectory.classify(tmp.resolve("empty")));
        Files.writeString(tmp.resolve("file"), "x");
        assertThrows(OutputRefusedException.class, () -> SweepDirectory.classify(tmp.resolve("file")));
        Files.createDirectories(tmp.resolve("user"));
        Files.writeString(tmp.resolve("user/sweep.json"), "{\"kind\": \"something else\"}");
        OutputRefusedException e = assertThrows(OutputRefusedException.class,
                () -> SweepDirectory.classify(tmp.resolve("user")));
        assertEquals(tmp.resolve("user") + " exists and is not a Lossless result directory; choose another --out or "
                + "remove it", e.getMessage());
        SweepDirectory.create(tmp.resolve("made"), definition());
        assertEquals(SweepDirectory.Found.SWEEP, SweepDirectory.classify(tmp.resolve("made")));
        assertEquals("sweep", org.lossless.experiments.results.ResultMarker.read(tmp.resolve("made")).kind());
        Files.writeString(tmp.resolve("made/notes.md"), "mine");
        e = assertThrows(OutputRefusedException.class, () -> SweepDirectory.classify(tmp.resolve("made")));
        assertTrue(e.getMessage().contains("holds files Lossless did not write (notes.md)"), e.getMessage());
    }

    @Test
    void twoProcessesCannotWorkOnOneSweep() throws Exception {
        SweepDirectory dir = SweepDirectory.create(tmp.resolve("st"), definition());
        try (AutoCloseable held = dir.lock()) {
            assertThrows(SweepException.class, dir::lock);
        }
        dir.lock().close();
    }
}
