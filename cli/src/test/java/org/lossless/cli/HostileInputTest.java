package org.lossless.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Input files made to break the importers: exit 2, the file named, nothing of its content beyond a short token. */
class HostileInputTest {
    @TempDir
    Path dir;
    final StringWriter err = new StringWriter();

    int lossless(String... args) {
        return new Cli(new PrintWriter(new StringWriter()), new PrintWriter(err), dir, Runners::packet, null)
                .execute(args);
    }

    private Path rp() throws Exception {
        return Files.createDirectories(dir.resolve("eth0/ecn/roce_rp"));
    }

    @Test
    void mlx5NonUtf8FileIsNamed() throws Exception {
        Path f = Files.write(rp().resolve("rpg_ai_rate"), new byte[] {(byte) 0xff, (byte) 0xfe, (byte) 0xfd});
        assertEquals(2, lossless("import", "mlx5", dir.resolve("eth0").toString(), "--out", "n.yaml"));
        assertEquals("lossless import mlx5: " + f + ": is not UTF-8 text\n", err.toString());
    }

    @Test
    void mlx5NeverEchoesAFilesContent() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret"), "password=hunter2 and more secret text here");
        Files.writeString(rp().resolve("rpg_ai_rate"), "password=hunter2 and more secret text here");
        Files.createSymbolicLink(rp().resolve("rpg_hai_rate"), secret);
        assertEquals(2, lossless("import", "mlx5", dir.resolve("eth0").toString(), "--out", "n.yaml"));
        assertFalse(err.toString().contains("hunter2"), err.toString());
        assertFalse(Files.exists(dir.resolve("n.yaml")));
    }

    @Test
    void mlx5FifoDoesNotHang() throws Exception {
        Path fifo = rp().resolve("rpg_ai_rate");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        assertEquals(2, lossless("import", "mlx5", dir.resolve("eth0").toString(), "--out", "n.yaml"));
        assertTrue(err.toString().contains(fifo + ": is not a regular file"), err.toString());
    }

    @Test
    void sonicDeeplyNestedJsonIsBadInput() throws Exception {
        Path deep = Files.writeString(dir.resolve("deep.json"), "{\"a\":".repeat(3000) + "1" + "}".repeat(3000));
        assertEquals(2, lossless("import", "sonic", deep.toString()));
        assertTrue(err.toString().startsWith("lossless import sonic: " + deep + ": not valid JSON: Document nesting "
                + "depth (1001) exceeds the maximum allowed (1000)"), err.toString());
        assertFalse(err.toString().contains("StreamReadConstraints"), err.toString());
    }

    @Test
    void checkOfADeviceIsBadInputAndReturns() {
        assertEquals(2, lossless("check", "/dev/zero"));
        assertEquals("lossless: /dev/zero: is not a regular file (a device, FIFO or socket); copy its content into a "
                + "file\n", err.toString());
    }
}
