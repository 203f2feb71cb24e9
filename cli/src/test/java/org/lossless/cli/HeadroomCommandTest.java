package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class HeadroomCommandTest {
    record Run(int code, String out, String err) {
    }

    static Run run(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void printsEveryComponentOfEveryModel() {
        Run r = run(new HeadroomCommand(), "--rate", "100Gbps", "--cable", "100m");
        assertEquals(0, r.code(), r.err());
        for (String s : new String[] {"model: sonic", "model: exact", "model: hpcc", "model: mlx5", "peer response",
                "394 quanta", "cable round trip", "12,626.3", "25,216", "MAC/PHY", "819.2", "xoff: 48786 B (48.8 KB)",
                "2.72 x MTU"}) {
            assertTrue(r.out().contains(s), s + " missing in\n" + r.out());
        }
    }

    @Test
    void contractExampleWithMtu() {
        Run r = run(new HeadroomCommand(), "--rate", "100Gbps", "--cable", "100m", "--mtu", "4096", "--model", "exact");
        assertEquals(0, r.code(), r.err());
        // 25216 + 12626.26 + 2 x 4096 + 819.2 = 46853.5
        assertTrue(r.out().contains("xoff: 46854 B"), r.out());
    }

    @Test
    void sonicRowOfTheReference() {
        Run r = run(new HeadroomCommand(), "--rate", "400Gbps", "--cable", "300m", "--model", "sonic");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("xoff: 440320 B"), r.out());
        assertTrue(r.out().contains("size: 458752 B"), r.out());
    }

    @Test
    void allModelsSayWhichOneARunUsesAndWhyMlx5IsMissingPastOneKilometre() {
        Run r = run(new HeadroomCommand(), "--rate", "100Gbps", "--cable", "2km");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("headroom: auto in a run (and the headroom warning of run and check) is model run"),
                r.out());
        assertTrue(r.out().indexOf("model: run") < r.out().indexOf("model: sonic"), "run first");
        for (String s : new String[] {"model: exact", "model: hpcc",
                "model: mlx5 not computed: the driver's rule accepts cables of at most 1000 m"}) {
            assertTrue(r.out().contains(s), s + " missing in\n" + r.out());
        }
        Run one = run(new HeadroomCommand(), "--rate", "100Gbps", "--cable", "2km", "--model", "mlx5");
        assertEquals(2, one.code());
    }

    @Test
    void runModelWithTheScenariosMtuAndResponse() {
        // 100 G, 2 m, nic.mtu 1000 (frame 1078): 1078 + 1078 + 252.5 + 819.2 + 25,216 + crossing frame 1078
        // = 29,521.7 -> 29 KiB
        Run r = run(new HeadroomCommand(), "--rate", "100Gbps", "--cable", "2m", "--nic-mtu", "1000", "--model", "run");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("xoff: 29696 B"), r.out());
        assertTrue(r.out().contains("crossing frame (in headroom)"), r.out());
        // 0 response: 4,305.7 -> 5 KiB
        Run zero = run(new HeadroomCommand(), "--rate", "100Gbps", "--cable", "2m", "--nic-mtu", "1000", "--model", "run",
                "--response-time", "0");
        assertTrue(zero.out().contains("xoff: 5120 B"), zero.out());
        Run both = run(new HeadroomCommand(), "--rate", "100Gbps", "--mtu", "1078", "--nic-mtu", "1000");
        assertEquals(2, both.code());
    }

    @Test
    void cbfcCreditsAreTheLinkRttTimesTheRatePlusAFrame() {
        // 100 G, 1 us of cable each way (198 m), nic.mtu 4096 (frame 4,174): 2 us x 12.5 GB/s = 25,000 B + 4,174
        // + an 84 B credit frame + the default 100 ns credit delay (1,250 B) = 30,508 B; in whole frames 8 x 4,174
        Run r = run(new HeadroomCommand(), "--rate", "100Gbps", "--cable", "198m", "--nic-mtu", "4096", "--model",
                "cbfc");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("model: cbfc"), r.out());
        assertTrue(r.out().contains("credits per class: 30508 B"), r.out());
        assertTrue(r.out().contains("in whole frames: 8 x 4174 B = 33392 B"), r.out());
        Run none = run(new HeadroomCommand(), "--rate", "100Gbps", "--cable", "198m", "--nic-mtu", "4096", "--model",
                "cbfc", "--credit-delay", "0");
        assertTrue(none.out().contains("credits per class: 29258 B"), none.out());
        // all models: CBFC's line against the run model's PFC headroom
        Run all = run(new HeadroomCommand(), "--rate", "100Gbps", "--cable", "198m", "--nic-mtu", "4096");
        assertTrue(all.out().contains("CBFC against PFC, per class and link: CBFC reserves 30,508 B of credit"),
                all.out());
    }

    @Test
    void sixteenHundredGigNeverGetsLessResponseThanHundredGig() {
        // 1.6 Tb/s is beyond the table: 905 quanta x 64 B = 57,920 B (was the ASIC's 3.8 KiB, less than 100 G's 25,216)
        Run r = run(new HeadroomCommand(), "--rate", "1.6Tbps", "--cable", "5m", "--model", "exact");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("57,920 B"), r.out());
    }

    @Test
    void badInputIsOneMessageAndExitTwo() {
        Run r = run(new HeadroomCommand(), "--rate", "100G", "--cable", "100m");
        assertEquals(2, r.code());
        assertEquals("lossless headroom: --rate: '100G' is not a rate: unknown unit 'G'; expected a number followed by"
                + " bps, Kbps, Mbps, Gbps or Tbps, e.g. 100Gbps",
                r.err().trim());
        Run m = run(new HeadroomCommand(), "--rate", "100Gbps", "--model", "foo");
        assertEquals(2, m.code());
        assertTrue(m.err().contains("allowed: run, sonic, exact, hpcc, mlx5, cbfc, all"), m.err());
        assertTrue(run(new HeadroomCommand(), "--help").out().contains("--shared-headroom-pool"));
    }

    @Test
    void importSonicWritesTheSnippet(@TempDir Path dir) throws Exception {
        Path in = Path.of("../switch-model/src/test/resources/sonic/sonic_config_db_qos_buffer_fragments.json");
        Path out = dir.resolve("switch.yaml");
        Run r = run(new ImportSonicCommand(), in.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        String yaml = Files.readString(out);
        assertTrue(yaml.contains("headroom: 66560"), yaml);
        assertTrue(yaml.contains("# not imported:"), yaml);
        Run bad = run(new ImportSonicCommand(), dir.resolve("missing.json").toString(), "--out", dir.resolve("x.yaml").toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("missing.json: no such file"), bad.err());
        assertTrue(Files.notExists(dir.resolve("x.yaml")), "nothing written on bad input");
    }
}
