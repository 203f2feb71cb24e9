package org.lossless.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioRunner;
import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CliTest {
    static final String SCENARIO = """
            name: small
            seed: 3
            topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
            workloads:
              - type: flows
                flows: [{src: 1, dst: 0, size: 1MB}, {src: 2, dst: 0, size: 1MB}]
            """;

    /**
     * A stand-in engine: flow i finishes at (i + 2) times its ideal time, the ideal being the serialisation of
     * the payload at the host rate plus two link delays.
     */
    static final ScenarioRunner FAKE = scenario -> {
        List<FlowResult> flows = new ArrayList<>();
        long id = 0;
        long rate = scenario.topology().hostLink().rateBps();
        long delay = scenario.topology().hostLink().delayPs();
        for (WorkloadConfig w : scenario.workloads()) {
            if (!(w instanceof WorkloadConfig.Flows)) {
                continue;
            }
            for (WorkloadConfig.FlowSpec f : ((WorkloadConfig.Flows) w).flows()) {
                long ideal = f.sizeBytes() * 8 * 1_000_000_000_000L / rate + 2 * delay;
                flows.add(new FlowResult(id, w.name(), f.src(), f.dst(), f.priority(), f.sizeBytes(), f.startPs(),
                        f.startPs() + (id + 2) * ideal, ideal));
                id++;
            }
        }
        return new RunResult(1_000_000_000L, 42, 0.5, flows, List.of(), 0, 0, 0, 0, false, 0, 0);
    };

    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();
    Supplier<ScenarioRunner> runner = () -> FAKE;
    final List<Path> reports = new ArrayList<>();

    int lossless(String... args) {
        return new Cli(new PrintWriter(out), new PrintWriter(err), cwd, runner, reports::add).execute(args);
    }

    Path write(String name, String text) throws IOException {
        return Files.writeString(cwd.resolve(name), text);
    }

    List<String> files(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Nested
    class Run {
        @BeforeEach
        void scenario() throws IOException {
            write("s.yaml", SCENARIO);
        }

        @Test
        void writesTheResultDirectoryUnderResultsNameSeed() throws IOException {
            assertEquals(0, lossless("run", "s.yaml"), err::toString);
            Path dir = cwd.resolve("results/small-3");
            assertEquals(List.of(".lossless-result", "defaults.yaml", "fabric.json", "flows.csv", "flows_summary.csv",
                    "jobs.csv", "ports.csv", "scenario.resolved.yaml", "summary.json", "warnings.json"), files(dir));
            // 1 MB at 100 Gb/s = 80 us, plus 2 x 1 us = 82 us ideal; flow 0 takes 2x, flow 1 takes 3x
            assertEquals("""
                    flow_id,workload,src,dst,priority,size_bytes,start_ps,finish_ps,fct_ps,ideal_fct_ps,slowdown,retransmits,cnps,connection,op,iteration,step,channel,operation,bytes_delivered,sender_done_ps,receiver_ideal_fct_ps,sender_ideal_fct_ps,retransmitted_bytes,kind
                    0,flows-0,1,0,3,1000000,0,164000000,164000000,82000000,2.000000,0,0,,,,,,,1000000,,82000000,82000000,0,data
                    1,flows-0,2,0,3,1000000,0,246000000,246000000,82000000,3.000000,0,0,,,,,,,1000000,,82000000,82000000,0,data
                    """, Files.readString(dir.resolve("flows.csv")));
            assertTrue(out.toString().startsWith("small (seed 3): 2 of 2 flows finished"), out.toString());
            assertEquals("", err.toString());
            assertEquals(List.of(), reports);
        }

        @Test
        void seedSetAndOutOptions() throws IOException {
            assertEquals(0, lossless("run", "s.yaml", "--seed", "9", "--set", "workloads[0].flows[1].size=4MB",
                    "--set", "switch.ecn.kmin=100KB", "--out", "here"), err::toString);
            Scenario resolved = ScenarioLoader.load(cwd.resolve("here/scenario.resolved.yaml"));
            assertEquals(9, resolved.seed());
            assertEquals(100_000L, resolved.switchSettings().ecn().kmin());
            assertEquals(4_000_000, ((WorkloadConfig.Flows) resolved.workloads().get(0)).flows().get(1).sizeBytes());
            assertTrue(Files.readString(cwd.resolve("here/summary.json")).contains("\"seed\" : 9,"));
            assertFalse(Files.exists(cwd.resolve("results")));
        }

        @Test
        void reportIsRequestedWithTheRunDirectory() {
            assertEquals(0, lossless("run", "s.yaml", "--report"));
            assertEquals(List.of(cwd.resolve("results/small-3")), reports);
        }

        @Test
        void thePacketEngineGivesByteIdenticalFilesForTheSameSeed() throws IOException {
            runner = Runners::packet;
            assertEquals(0, lossless("run", "s.yaml", "--out", "a", "--set", "telemetry.queues=all"), err::toString);
            assertEquals(0, lossless("run", "s.yaml", "--out", "b", "--set", "telemetry.queues=all"), err::toString);
            for (String f : List.of("flows.csv", "ports.csv", "jobs.csv", "timeseries/queues.csv")) {
                assertEquals(Files.readString(cwd.resolve("a").resolve(f)), Files.readString(cwd.resolve("b").resolve(f)), f);
            }
            String flows = Files.readString(cwd.resolve("a/flows.csv"));
            assertEquals(3, flows.lines().count(), flows);
            assertTrue(flows.lines().skip(1).allMatch(l -> !l.split(",", -1)[10].isEmpty()), "every flow finished: " + flows);
        }

        @Test
        void anEngineCrashIsAnInternalErrorWithoutStackTraceOrResults() {
            runner = () -> s -> {
                throw new IllegalStateException("boom");
            };
            assertEquals(1, lossless("run", "s.yaml"));
            assertTrue(err.toString().startsWith("lossless: internal error: java.lang.IllegalStateException: boom\n"));
            assertFalse(err.toString().contains("\tat "));
            assertEquals(List.of("s.yaml"), files(cwd));
        }

        @Test
        void anUnknownFlowsChoiceExitsTwoNamingItsKeyPathAndWritesNothing() throws IOException {
            write("s.yaml", SCENARIO + "metrics: {flows: everything}\n");
            assertEquals(2, lossless("run", "s.yaml"));
            String e = err.toString();
            assertTrue(e.startsWith("lossless: ") && e.contains("s.yaml") && e.contains("metrics.flows")
                    && e.contains("'everything' is not allowed") && e.contains("all, data, summary"), e);
            assertFalse(e.contains("\tat "), e);
            assertEquals(List.of("s.yaml"), files(cwd));
        }

        @Test
        void aScenarioTheEngineRejectsIsBadInput() {
            runner = () -> s -> {
                throw new ScenarioException("s.yaml", "nic.cc", "hpcc is not implemented by the packet engine yet");
            };
            assertEquals(2, lossless("run", "s.yaml"));
            assertEquals("lossless: s.yaml: nic.cc: hpcc is not implemented by the packet engine yet\n", err.toString());
            assertEquals(List.of("s.yaml"), files(cwd));
        }
    }

    @Nested
    class Check {
        @Test
        void printsTheResolvedScenario() throws IOException {
            write("s.yaml", SCENARIO);
            assertEquals(0, lossless("check", "s.yaml", "--set", "seed=4"));
            Scenario expected = ScenarioLoader.load(cwd.resolve("s.yaml"), List.of("seed=4"));
            // the resolved scenario, then the topology summary as YAML comments (TopologyCliTest checks it)
            assertTrue(out.toString().startsWith(ResolvedYaml.write(expected) + "# topology summary\n# star: 3 hosts, "
                    + "1 switches, 3 links\n"), out.toString());
            assertEquals(List.of("s.yaml"), files(cwd));
            assertEquals("", err.toString());
        }
    }

    /** A fixed PFC headroom below what headroom: auto computes: one warning line on stderr, no failure. */
    @Nested
    class HeadroomWarning {
        static final String SHORT = """
                name: short
                topology: {type: star, hosts: 3, host_link: {rate: 40Gbps, length: 100m}}
                switch: {pfc: {headroom: 2KB}}
                nic: {mtu: 1000}
                workloads:
                  - type: flows
                    flows: [{src: 1, dst: 0, size: 1MB}]
                """;
        // 40 G, 100 m, 1078 B frames: see HeadroomLintTest for the hand computation of 17 KiB (16 KiB before the
        // frame that crosses the threshold was counted)
        static final String LINE = "lossless: warning: switch.pfc.headroom 2000 B is below the computed need (what "
                + "headroom: auto would give) on 3 switch ports: sw0:0-2 need 17408 B (40Gbps, 100m); lossless drops "
                + "are possible\n";

        @Test
        void checkWarnsOnStderrAndInTheComments() throws IOException {
            write("s.yaml", SHORT);
            assertEquals(0, lossless("check", "s.yaml"));
            assertEquals(LINE, err.toString());
            assertTrue(out.toString().endsWith("# warning: " + LINE.substring("lossless: warning: ".length())),
                    out.toString());
        }

        @Test
        void runWarnsAndRuns() throws IOException {
            write("s.yaml", SHORT);
            assertEquals(0, lossless("run", "s.yaml", "--out", "r"));
            assertEquals(LINE, err.toString());
            assertTrue(Files.exists(cwd.resolve("r/summary.json")));
        }

        @Test
        void enoughHeadroomIsSilent() throws IOException {
            write("s.yaml", SHORT.replace("headroom: 2KB", "headroom: 17KiB"));
            assertEquals(0, lossless("check", "s.yaml"));
            assertEquals("", err.toString());
        }
    }

    @Nested
    class Demo {
        @Test
        void theBuiltInScenarioIsValidAndRunsWithAReport() {
            assertEquals(0, lossless("demo", "--out", "d"), err::toString);
            assertEquals(List.of(".lossless-result", "defaults.yaml", "fabric.json", "flows.csv", "flows_summary.csv",
                    "jobs.csv", "ports.csv", "scenario.resolved.yaml", "summary.json", "warnings.json"), files(cwd.resolve("d")));
            assertEquals(List.of(cwd.resolve("d")), reports);
        }

        @Test
        void isARingAllReduceOnAK8FatTreeWithAnIncastIntoOneOfItsHosts() {
            Scenario s = ScenarioLoader.parse("demo", DemoCommand.text(), cwd, List.of());
            assertEquals(128, s.hostCount());
            assertEquals(100_000_000_000L, s.topology().hostLink().rateBps());
            assertEquals("dcqcn", s.nic().cc());
            // hpcc2019 (timer only): the showcase does not rest on mlx5's byte counter, whose unit is unverified
            assertEquals(0, s.nic().dcqcn().byteCounterBytes(), "the demo's DCQCN has no byte counter");
            assertEquals(300_000_000L, s.nic().dcqcn().rateIncreaseTimerPs(), "HPCC's RP_TIMER 300");
            CollectiveJob job = ((WorkloadConfig.Collective) s.workloads().get(0)).job();
            assertEquals(Collective.ALLREDUCE, job.collective());
            assertEquals(32, job.n());
            List<WorkloadConfig.FlowSpec> flows = ((WorkloadConfig.Flows) s.workloads().get(1)).flows();
            assertTrue(flows.stream().allMatch(f -> f.dst() == 5 && job.ranks().contains(f.dst())));
            assertTrue(flows.stream().noneMatch(f -> job.ranks().contains(f.src())), "the incast comes from other pods");
        }

        @Test
        void defaultOutIsResultsNameSeedAndTheReportPathIsPrinted() {
            Cli cli = new Cli(new PrintWriter(out), new PrintWriter(err), cwd, () -> FAKE, Runners::report);
            assertEquals(0, cli.execute("demo"));
            Path dir = cwd.resolve("results/demo-allreduce-k8-1");
            assertTrue(Files.isDirectory(dir));
            assertTrue(Files.isRegularFile(dir.resolve("report.html")));
            assertTrue(out.toString().contains("report: " + dir.resolve("report.html")), out.toString());
        }

        @Test
        void reportCommandRewritesTheReportAndRejectsWhatIsNotResults() throws Exception {
            Cli cli = new Cli(new PrintWriter(out), new PrintWriter(err), cwd, () -> FAKE, Runners::report);
            assertEquals(0, cli.execute("demo", "--out", "d"));
            assertEquals(0, cli.execute("report", "d", "--top", "3"));
            assertTrue(out.toString().contains("report: " + cwd.resolve("d/report.html")), out.toString());
            assertEquals(2, cli.execute("report", "nowhere"));
            assertTrue(err.toString().contains("nowhere: no such directory"), err.toString());
            assertEquals(2, cli.execute("report", "d", "--ports", "sw0"));
            assertTrue(err.toString().contains("--ports sw0: expected NODE:PORT"), err.toString());
        }

        @Test
        void showPrintsTheScenario() {
            assertEquals(0, lossless("demo", "--show"));
            assertEquals(DemoCommand.text(), out.toString());
        }
    }

    @Nested
    class HelpAndVersion {
        @Test
        void version() {
            assertEquals(0, lossless("--version"));
            assertTrue(out.toString().matches("lossless \\d+\\.\\d+\\.\\d+.*\n"), out.toString());
        }

        @Test
        void helpOnEveryCommand() {
            for (String[] args : List.of(new String[] {"--help"}, new String[] {"run", "--help"},
                    new String[] {"check", "--help"}, new String[] {"export", "--help"},
                    new String[] {"export", "dot", "--help"}, new String[] {"export", "hpcc", "--help"}, new String[] {"export", "flows", "--help"},
                    new String[] {"import", "--help"}, new String[] {"import", "hpcc", "--help"},
                    new String[] {"demo", "--help"})) {
                out.getBuffer().setLength(0);
                assertEquals(0, lossless(args), String.join(" ", args));
                assertTrue(out.toString().startsWith("Usage: lossless"), out.toString());
            }
            assertTrue(out.toString().contains("--out=DIR"));
        }

        @Test
        void noCommandIsBadInput() {
            assertEquals(2, lossless());
            assertEquals("lossless: a command is required: run, check, sweep, demo, report, fluid, headroom, import, "
                    + "export, replay, calibrate, daemon (see 'lossless --help')\n", err.toString());
        }
    }
}
