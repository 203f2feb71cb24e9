package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class FluidAndImportCommandsTest {
    @TempDir
    Path tmp;

    record Run(int exit, String out, String err) {
    }

    static Run run(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void fluidWritesCsvAndPrintsTheFixedPoint() throws Exception {
        Path dir = tmp.resolve("f");
        Run r = run(new FluidCommand(), "--flows", "2", "--rate", "40Gbps", "--delay", "4us", "--duration", "2ms",
            "--step", "0.5us", "--set", "switch.ecn.kmin=5KB", "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("fixed point: p* = 0.0007770, q* = 20.15 KB, R* = 20.0000 Gb/s per flow"),
            r.out());
        assertEquals("time_ps,queue_bytes,mark_probability,rate_bps_0,rate_bps_1",
            Files.readAllLines(dir.resolve("fluid.csv")).get(0));
        assertTrue(javax.imageio.ImageIO.read(dir.resolve("fluid.png").toFile()).getWidth() > 0, "fluid.png is a PNG");
    }

    @Test
    void fluidBadInputExitsWithTwoAndWritesNothing() {
        Path dir = tmp.resolve("bad");
        Run r = run(new FluidCommand(), "--flows", "2", "--rate", "40G", "--delay", "4us", "--out", dir.toString());
        assertEquals(2, r.exit());
        assertEquals("lossless fluid: --rate: '40G' is not a rate: unknown unit 'G'; expected a number followed by"
            + " bps, Kbps, Mbps, Gbps or Tbps, e.g. 100Gbps\n",
            r.err());
        assertFalse(Files.exists(dir));
    }

    @Test
    void importMlx5WritesAScenarioFragment() throws Exception {
        Path rp = Files.createDirectories(tmp.resolve("eth0/ecn/roce_rp"));
        Path np = Files.createDirectories(tmp.resolve("eth0/ecn/roce_np"));
        Files.writeString(rp.resolve("rpg_ai_rate"), "10\n");
        Files.writeString(rp.resolve("clamp_tgt_rate"), "1\n");
        Files.writeString(np.resolve("min_time_between_cnps"), "4\n");
        Files.writeString(np.resolve("mystery"), "4\n");
        Path out = tmp.resolve("out/dcqcn.yaml");
        Run r = run(new ImportMlx5Command(), tmp.resolve("eth0").toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        String yaml = Files.readString(out);
        assertTrue(yaml.endsWith("nic:\n  dcqcn:\n    profile: mlx5\n    clamp_target_rate: true\n"
            + "    additive_increase: 10Mbps\n    cnp_interval: 4us\n"), yaml);
        assertTrue(yaml.contains("# unknown file roce_np/mystery (not imported)\n"), yaml);
        assertEquals("warning: unknown file roce_np/mystery not imported\n", r.err());
    }

    @Test
    void importMlx5MissingDirectory() {
        Run r = run(new ImportMlx5Command(), tmp.resolve("none").toString(), "--out", tmp.resolve("x.yaml").toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("lossless import mlx5: "), r.err());
    }

    @Test
    void yamlNestsKeyPathsAndQuotesWhenNeeded() {
        assertEquals("nic:\n  dcqcn:\n    alpha_gain: 1/256\n    cnp_mode: 'on'\n  mtu: 1000\nswitch:\n  ecn:\n"
                + "    kmin: 400KB\n",
            KeyPathYaml.write(new java.util.LinkedHashMap<>(Map.of()) {{
                put("nic.dcqcn.alpha_gain", "1/256");
                put("nic.dcqcn.cnp_mode", "on");
                put("nic.mtu", "1000");
                put("switch.ecn.kmin", "400KB");
            }}));
    }
}
