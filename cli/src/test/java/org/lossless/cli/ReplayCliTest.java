package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.verbs.measure.MeasurementJson;
import org.lossless.verbs.plan.HardwarePlan;
import org.lossless.verbs.plan.PlanReader;
import org.lossless.verbs.run.BundleInfo;
import org.lossless.verbs.run.ProcessRecord;

/** {@code lossless replay plan|run|parse|compare} through the command line, in-process, with the packet engine. */
class ReplayCliTest {
    static final String SCENARIO = """
            name: one-flow
            topology: {type: star, hosts: 2, host_link: {rate: 100Gbps, delay: 1us}}
            nic: {mtu: 1024}
            workloads: [{type: flows, flows: [{src: 1, dst: 0, size: 2MB}]}]
            """;
    static final String HOSTS = """
            defaults: {device: mlx5_0, gid_index: 3, netdev: ens1f0, link_rate: 100Gbps}
            hosts:
              0: {name: server-host, ssh: node-a, address: 192.168.1.1}
              1: {name: client-host, ssh: node-b, address: 192.168.1.2}
            """;

    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(String... args) {
        return InProcessCli.run(cwd, out, err, args);
    }

    private void inputs() throws IOException {
        Files.writeString(cwd.resolve("s.yaml"), SCENARIO);
        Files.writeString(cwd.resolve("hosts.yaml"), HOSTS);
    }

    @Test
    void planThenDryRun() throws Exception {
        inputs();
        assertEquals(0, lossless("replay", "plan", "s.yaml", "--hosts", "hosts.yaml", "--out", "plan"), err::toString);
        assertTrue(out.toString().startsWith("wrote plan: 2 lab host(s), 1 server(s) and 1 client(s)"), out.toString());
        assertTrue(Files.isRegularFile(cwd.resolve("plan/hosts/client-host.sh")));
        out.getBuffer().setLength(0);
        assertEquals(0, lossless("replay", "run", "plan"), err::toString);
        assertTrue(out.toString().startsWith("dry run: nothing is executed"), out.toString());
        assertTrue(out.toString().contains("-- node-b 'sh' '-c'") || out.toString().contains("-- node-b"), out.toString());
        try (var s = Files.list(cwd)) {
            assertEquals(List.of("hosts.yaml", "plan", "s.yaml"), s.map(p -> p.getFileName().toString()).sorted().toList(),
                    "a dry run writes nothing");
        }
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        inputs();
        Files.writeString(cwd.resolve("bad.yaml"), HOSTS.replace("node-a", "'a;rm -rf ~'"));
        assertEquals(2, lossless("replay", "plan", "s.yaml", "--hosts", "bad.yaml", "--out", "plan"));
        assertEquals("lossless replay plan: bad.yaml: hosts.0.ssh: 'a;rm -rf ~' is not a host name or IP address (letters,"
                + " digits, '.', '-', not starting with '-')\n", err.toString());
        assertFalse(Files.exists(cwd.resolve("plan")));
        err.getBuffer().setLength(0);
        Files.writeString(cwd.resolve("garbage.txt"), "\nnot a tool output\n");
        assertEquals(2, lossless("replay", "parse", "garbage.txt"));
        assertTrue(err.toString().startsWith("lossless replay parse: garbage.txt:2: not a supported format"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, lossless("replay", "run", "nowhere"));
        assertTrue(err.toString().startsWith("lossless replay run: nowhere: not a directory"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, lossless("replay"));
        assertTrue(err.toString().contains("plan, run, parse, compare"), err.toString());
    }

    @Test
    void parsePrintsTheRecord() throws Exception {
        Files.writeString(cwd.resolve("bw.txt"), resource("perftest_client_nvidia_docs.txt"));
        assertEquals(0, lossless("replay", "parse", "bw.txt"), err::toString);
        assertTrue(out.toString().contains("\"goodput_bps\" : 9.239E10"), out.toString());
        assertEquals(0, lossless("replay", "parse", "bw.txt", "--out", "m.json"), err::toString);
        assertEquals(2, lossless("replay", "parse", "bw.txt", "--out", "m.json"), "exists: needs --force");
        assertEquals(0, lossless("replay", "parse", "bw.txt", "--out", "m.json", "--force"), err::toString);
    }

    /** A bundle holding the NVIDIA documentation run as flow 0's client output (made by hand: no lab here). */
    private void bundle() throws Exception {
        inputs();
        assertEquals(0, lossless("replay", "plan", "s.yaml", "--hosts", "hosts.yaml", "--out", "plan"), err::toString);
        Path bundle = Files.createDirectories(cwd.resolve("bundle/processes"));
        for (String f : List.of("plan.json", "scenario.resolved.yaml")) {
            Files.copy(cwd.resolve("plan/" + f), cwd.resolve("bundle/" + f));
        }
        HardwarePlan plan = PlanReader.read(cwd.resolve("plan"), "plan");
        Files.writeString(bundle.resolve("c0.out"), resource("perftest_client_nvidia_docs.txt"));
        Files.writeString(bundle.resolve("s0.out"), "* Waiting for client to connect... *\n");
        List<ProcessRecord> procs = List.of(
                new ProcessRecord("s0", "server-host", "server", "bandwidth", List.of(0L), null, plan.processes().get(0).argv(),
                        1, 1L, 0, false, "processes/s0.out", "processes/s0.err"),
                new ProcessRecord("c0", "client-host", "client", "bandwidth", List.of(0L), null, plan.processes().get(1).argv(),
                        2, 2L, 0, false, "processes/c0.out", "processes/c0.err"));
        Files.writeString(cwd.resolve("bundle/bundle.json"), MeasurementJson.write(new BundleInfo(1, "one-flow", "test", "",
                "", 2, true, List.of(), procs, List.of())));
        out.getBuffer().setLength(0);
    }

    @Test
    void compareSimulatesAndReportsTheError() throws Exception {
        bundle();
        assertEquals(0, lossless("replay", "compare", "bundle", "bundle/scenario.resolved.yaml"), err::toString);
        String table = out.toString();
        assertTrue(table.startsWith("metric"), table);
        assertFalse(table.contains("host/"), "no counters were collected in this bundle: no host rows of zeros\n" + table);
        String row = table.lines().filter(l -> l.startsWith("flow/0/goodput_bps")).findFirst().orElseThrow();
        String[] cols = row.trim().split("\\s+");
        double sim = Double.parseDouble(cols[1]);
        System.out.printf(java.util.Locale.ROOT, "H-5 replay compare, 2 MB WRITE: simulated %.2f, measured %.2f Gb/s"
                + " (%+.2f %%)%n", sim / 1e9, Double.parseDouble(cols[2]) / 1e9, Double.parseDouble(cols[4]));
        assertEquals(92.39e9, Double.parseDouble(cols[2]), 1e3);
        // the simulator carries 82 B of headers per 1024 B packet: at most 100 x 1024/1106 = 92.59 Gb/s, a little less
        // for a 2 MB message (propagation and the first packet's store-and-forward)
        assertTrue(sim < 100e9 * 1024 / 1106 && sim > 0.97 * 100e9 * 1024 / 1106, row);
        assertEquals((sim - 92.39e9) / 92.39e9 * 100, Double.parseDouble(cols[4]), 0.01, row);
        assertTrue(Files.readString(cwd.resolve("bundle/comparison/comparison.csv"))
                .startsWith("metric,simulated,measured,error,relative_error\nflow/0/goodput_bps,"));
    }

    @Test
    void calibrateReportsAnUnknownTheRunCannotPinDown() throws Exception {
        bundle();
        assertEquals(0, lossless("calibrate", "--run", "bundle", "--fit", "nic.dcqcn.cnp_delay=0us..20us", "--out", "cal"),
                err::toString);
        String text = Files.readString(cwd.resolve("cal/calibration.txt"));
        assertTrue(text.contains("nic.dcqcn.cnp_delay") && text.contains("NOT IDENTIFIABLE"), text);
        assertTrue(text.contains("Stage 2: fixed latency from latency probes\n  skipped"), text);
        assertTrue(out.toString().contains("wrote cal (calibrated.yaml"), out.toString());
        assertTrue(Files.readString(cwd.resolve("cal/calibrated.yaml")).contains("cnp_delay:"));
        assertTrue(Files.readString(cwd.resolve("cal/residuals.csv")).startsWith("run,held_out,metric,simulated,measured,"));
        err.getBuffer().setLength(0);
        assertEquals(2, lossless("calibrate", "--run", "bundle", "--fit", "nic.dcqcn.cnp_delay=20us..0us", "--out", "c2"));
        assertEquals("lossless calibrate: --fit 'nic.dcqcn.cnp_delay=20us..0us': MAX must be above MIN\n", err.toString());
        assertFalse(Files.exists(cwd.resolve("c2")));
    }

    /** Input that cannot give a calibration is exit 2 with one line, before any simulation, and nothing written. */
    @Test
    void calibrateRefusesInputThatCannotWork() throws Exception {
        bundle();
        Files.createDirectories(cwd.resolve("copy/processes"));
        for (String f : List.of("plan.json", "scenario.resolved.yaml", "bundle.json", "processes/c0.out", "processes/s0.out")) {
            Files.copy(cwd.resolve("bundle/" + f), cwd.resolve("copy/" + f));
        }
        String[][] bad = {
            {"--run", "bundle", "--fit", "nic.dcqcn.no_such_knob=0us..20us"},
            {"--run", "bundle", "--fit", "nic.dcqcn.cnp_delay=0us..20us", "--metrics", "host/*/cnp_sent"},
            {"--run", "bundle", "--holdout", "bundle", "--fit", "nic.dcqcn.cnp_delay=0us..20us"},
            {"--run", "bundle", "--run", "./bundle", "--fit", "nic.dcqcn.cnp_delay=0us..20us"},
            {"--run", "bundle", "--fit", "nic.dcqcn.cnp_delay=0us..20us", "--seeds", "0"},
            {"--run", "bundle", "--fit", "nic.dcqcn.cnp_delay=0us..20us", "--precision", "ten"},
        };
        String[] expected = {
            "lossless calibrate: --fit nic.dcqcn.no_such_knob: the scenario refuses it (",
            "lossless calibrate: --metrics host/*/cnp_sent selects none of the 1 metrics the runs measured (e.g."
                    + " flow/0/goodput_bps)\n",
            "lossless calibrate: bundle is given as --run and as --holdout: a held-out run must be one the fit did not see;"
                    + " give each bundle once\n",
            "lossless calibrate: ./bundle is given as --run twice: a copy of a run would count as a repeat with no spread;"
                    + " give each bundle once\n",
            "lossless calibrate: --seeds must be 'auto' or a whole number from 1 to 64, got '0'\n",
            "lossless calibrate: --precision must be a fraction such as 2% or 0.02, got 'ten'\n",
        };
        for (int i = 0; i < bad.length; i++) {
            err.getBuffer().setLength(0);
            List<String> args = new java.util.ArrayList<>(List.of("calibrate"));
            args.addAll(List.of(bad[i]));
            args.addAll(List.of("--out", "c" + i));
            assertEquals(2, lossless(args.toArray(new String[0])), String.join(" ", args) + ": " + err);
            assertTrue(err.toString().startsWith(expected[i]), String.join(" ", args) + ": " + err);
            assertEquals(1, err.toString().lines().count(), err.toString());
            assertFalse(Files.exists(cwd.resolve("c" + i)));
        }
        // a second pattern that selects nothing is a warning, not an error
        err.getBuffer().setLength(0);
        assertEquals(0, lossless("calibrate", "--run", "bundle", "--fit", "nic.dcqcn.cnp_delay=0us..20us", "--metrics",
                "flow/*/goodput_bps", "--metrics", "host/*/cnp_sent", "--max-evaluations", "20", "--out", "ok"), err::toString);
        assertEquals("lossless calibrate: warning: --metrics 'host/*/cnp_sent' selects none of the runs' metrics\n",
                err.toString());
        // a copy of the bundle's scenario in another folder is a repeat of the same experiment: allowed
        assertEquals(0, lossless("calibrate", "--run", "bundle", "--holdout", "copy", "--fit", "nic.dcqcn.cnp_delay=0us..20us",
                "--max-evaluations", "20", "--out", "ok2"), err::toString);
    }

    /** {@code --max-evaluations} is a hard cap, and the report says what it counted. */
    @Test
    void theEvaluationCapIsHardAndSaysWhatCounts() throws Exception {
        bundle();
        assertEquals(0, lossless("calibrate", "--run", "bundle", "--fit", "nic.window=4KB..512KB", "--fit",
                "nic.dcqcn.cnp_delay=0us..20us", "--max-evaluations", "20", "--out", "cal"), err::toString);
        com.fasterxml.jackson.databind.JsonNode ev = MeasurementJson.MAPPER.readTree(cwd.resolve("cal/calibration.json")
                .toFile()).get("evaluations");
        assertEquals(20, ev.get("cap").asInt());
        assertTrue(ev.get("used").asInt() <= 20, ev.toString());
        int byPhase = 0;
        for (var it = ev.get("by_phase").fields(); it.hasNext(); ) {
            byPhase += it.next().getValue().asInt();
        }
        assertEquals(ev.get("used").asInt(), byPhase, "every evaluation is counted in one phase: " + ev);
        String text = Files.readString(cwd.resolve("cal/calibration.txt"));
        assertTrue(text.contains(ev.get("used").asInt() + " of at most 20 evaluations"), text);
        assertTrue(out.toString().contains("of 20 evaluation(s)"), out.toString());
        out.getBuffer().setLength(0);
        assertEquals(0, lossless("calibrate", "--help"), err::toString);
        String help = out.toString().replaceAll("\\s+", " ");
        assertTrue(help.contains("Hard cap on stage 3's evaluations: parameter vectors simulated for the first time")
                && help.contains("a 95 % interval") && help.contains("--precision=PCT"), help);
    }

    /** One rule for every directory verbs-validation writes: a user's folder is exit 2, one line, untouched. */
    @Test
    void everyOutputOntoAUserFolderIsExitTwoOneLineAndUntouched() throws Exception {
        bundle();
        Path mine = Files.createDirectories(cwd.resolve("mine"));
        Files.writeString(mine.resolve("notes.md"), "mine");
        Files.createDirectories(cwd.resolve("bundle/comparison"));
        Files.writeString(cwd.resolve("bundle/comparison/notes.md"), "mine too");
        String[][] commands = {
            {"replay", "plan", "s.yaml", "--hosts", "hosts.yaml", "--out", "mine"},
            {"calibrate", "--run", "bundle", "--fit", "nic.dcqcn.cnp_delay=0us..20us", "--out", "mine"},
            {"replay", "compare", "bundle", "bundle/scenario.resolved.yaml", "--out", "mine"},
            {"replay", "compare", "bundle", "bundle/scenario.resolved.yaml"},
        };
        for (String[] c : commands) {
            err.getBuffer().setLength(0);
            assertEquals(2, lossless(c), String.join(" ", c) + ": " + err);
            String dir = c.length > 4 && c[c.length - 2].equals("--out") ? "mine" : "bundle/comparison";
            assertTrue(err.toString().endsWith(cwd.resolve(dir) + " exists and is not a Lossless result directory; "
                    + "choose another --out or remove it\n"), String.join(" ", c) + ": " + err);
            assertEquals(1, err.toString().lines().count(), err.toString());
        }
        assertEquals("mine", Files.readString(mine.resolve("notes.md")));
        try (var l = Files.list(mine)) {
            assertEquals(1, l.count());
        }
        assertEquals("mine too", Files.readString(cwd.resolve("bundle/comparison/notes.md")));
        // a plan written by Lossless is replaced by the next plan
        assertEquals(0, lossless("replay", "plan", "s.yaml", "--hosts", "hosts.yaml", "--out", "plan"), err::toString);
        assertEquals("replay-plan", org.lossless.experiments.results.ResultMarker.read(cwd.resolve("plan")).kind());
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ReplayCliTest.class.getResourceAsStream("/" + name)) {
            String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return all.substring(all.indexOf('\n') + 1);
        }
    }
}
