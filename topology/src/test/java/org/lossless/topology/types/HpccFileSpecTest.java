package org.lossless.topology.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HpccFileSpecTest {
    @Test
    void readsTheFileWhenMade(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("topo.txt");
        Files.writeString(file, "3 1 2\n2\n0 2 100Gbps 1000ns 0\n1 2 100Gbps 1000ns 0\n");
        HpccFileSpec spec = HpccFileSpec.read(file);
        assertEquals("hpcc-file", spec.type());
        assertEquals(2, spec.hostCount());
        assertEquals(3, spec.build().nodes().size());
    }

    @Test
    void missingOrBadFileIsAClearError(@TempDir Path dir) throws IOException {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HpccFileSpec.read(dir.resolve("nope.txt")));
        assertTrue(e.getMessage().contains("nope.txt does not exist"), e.getMessage());
        Path bad = dir.resolve("bad.txt");
        Files.writeString(bad, "3 1 2\n2\n0 2 100Gbps 1000ns 0\n");
        e = assertThrows(IllegalArgumentException.class, () -> HpccFileSpec.read(bad));
        assertTrue(e.getMessage().contains("bad.txt line 3") && e.getMessage().contains("unexpected end of file"),
                e.getMessage());
    }
}
