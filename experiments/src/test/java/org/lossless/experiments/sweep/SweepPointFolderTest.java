package org.lossless.experiments.sweep;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.results.AtomicDirectory;
import org.lossless.experiments.run.ScenarioEngine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 31: a run of a sweep never writes through a symbolic link put in place of its point folder (a Slurm task
 * may start after the sweep was checked), and the clean-up of killed runs' leftovers removes only Lossless's names.
 */
class SweepPointFolderTest {
    @TempDir
    Path tmp;

    static final String STAR = "name: s\nseed: 5\ntopology: {type: star, hosts: 2}\n"
            + "workloads: [{type: flows, flows: [{src: 0, dst: 1, size: 1KB}]}]\n";

    private SweepDefinition definition() throws Exception {
        Path s = Files.writeString(tmp.resolve("s.yaml"), STAR);
        List<SweepPoint> points = Grid.points(List.of(VaryParser.parse("switch.ecn.kmin=10KB,20KB")));
        return new SweepDefinition("s.yaml", s, STAR, tmp, List.of(), points, 5, 1, null);
    }

    @Test
    void aRunRefusesAPointFolderThatIsALink() throws Exception {
        SweepDefinition def = definition();
        SweepDirectory dir = SweepDirectory.create(tmp.resolve("st"), def);
        RunSpec run = def.runs().get(0);
        Path point = dir.runDir(run).getParent();
        assertTrue(Files.isDirectory(point), "point folders are made with the sweep");
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.delete(point);
        Files.createSymbolicLink(point, elsewhere);
        String reason = SweepRun.execute(dir, def, run, new ScenarioEngine());
        assertEquals("cannot write points/kmin=10KB/5: its point folder is a symbolic link (Lossless writes only into "
                + "folders it made; move the link away)", reason);
        try (Stream<Path> s = Files.list(elsewhere)) {
            assertEquals(0, s.count(), "nothing written through the link");
        }
        SweepException e = assertThrows(SweepException.class, () -> dir.preparePoints(def));
        assertTrue(e.getMessage().contains("is not a folder Lossless made (a link or a file)"), e.getMessage());
        // the other point runs as usual
        assertEquals(null, SweepRun.execute(dir, def, def.runs().get(1), new ScenarioEngine()));
    }

    @Test
    void leftoversAreRemovedByTheirExactNamesOnly() throws Exception {
        SweepDefinition def = definition();
        SweepDirectory dir = SweepDirectory.create(tmp.resolve("st"), def);
        Path point = tmp.resolve("st/points/kmin=10KB");
        Path killed = Files.createDirectories(point.resolve(".5.run-node-1-123"));
        Path mine = Files.writeString(point.resolve(".notes.run-mine"), "a file of the user's");
        Path linked = Files.createDirectories(tmp.resolve("linked"));
        Path keep = Files.createDirectories(linked.resolve(".5.run-node-1-9"));
        AtomicDirectory.deleteTree(tmp.resolve("st/points/kmin=20KB"));
        Files.createSymbolicLink(tmp.resolve("st/points/kmin=20KB"), linked);
        assertEquals(1, dir.removeStaleTemporaries());
        assertFalse(Files.exists(killed));
        assertTrue(Files.exists(mine), "not a name Lossless gives");
        assertTrue(Files.exists(keep), "never through a link");
    }
}
