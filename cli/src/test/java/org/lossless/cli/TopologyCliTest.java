package org.lossless.cli;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lossless.core.net.MessageSize;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.experiments.scenario.TopologyConfig;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.topology.Topology;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Topology types, export dot/hpcc, import hpcc and check's topology summary through the command line. */
class TopologyCliTest {
    /** 2 leaves x 2 hosts, 2 spines; every flow goes from one leaf to the other, so it crosses a spine. */
    static final String LEAF_SPINE = """
            name: ls
            topology:
              type: leaf-spine
              leaves: 2
              spines: 2
              hosts_per_leaf: 2
              host_link: {rate: 100Gbps, delay: 1us}
              fabric_link: {rate: 50Gbps, delay: 500ns}
            workloads:
              - type: flows
                flows:
                  - {src: 0, dst: 2, size: 200KB}
                  - {src: 1, dst: 3, size: 200KB, start: 1us}
                  - {src: 3, dst: 0, size: 100KB, priority: 3}
            """;

    @TempDir
    Path cwd;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int lossless(String... args) {
        return InProcessCli.run(cwd, out, err, args);
    }

    Path write(String name, String text) throws IOException {
        Path p = cwd.resolve(name);
        Files.createDirectories(p.getParent());
        return Files.writeString(p, text);
    }

    @Nested
    class Check {
        @Test
        void printsTheResolvedScenarioThenTheTopologySummaryAsComments() throws IOException {
            write("s.yaml", LEAF_SPINE);
            assertEquals(0, lossless("check", "s.yaml"), err::toString);
            Scenario s = ScenarioLoader.load(cwd.resolve("s.yaml"));
            String resolved = ResolvedYaml.write(s);
            assertTrue(out.toString().startsWith(resolved), out.toString());
            // leaf: down 2 x 100G, up 2 x 50G = 2:1; hosts 0,1 vs 2,3: the cut is leaf0's two 50G uplinks = 100G,
            // half of the 200G the two hosts could send
            assertEquals("""
                    # topology summary
                    # leaf-spine: 4 hosts, 4 switches, 8 links
                    #   tier 1 leaf        2 switches  down 400 Gb/s  up 200 Gb/s  oversubscription 2.00:1
                    #   tier 2 spine       2 switches  down 200 Gb/s  up 0 Gb/s  oversubscription -
                    #   links host-leaf       4 cables  400 Gb/s
                    #   links leaf-spine      4 cables  200 Gb/s
                    #   bisection 100 Gb/s (0.50 of the smaller half's host capacity; hosts 0..1 vs the rest)
                    # --threads N: the automatic cut, up to 4 partitions per thread; the fabric has 4 parts (a switch with the hosts cabled to it each; links under 100 ns of lookahead are never cut); on 2 threads 4 partitions, windows of at most 0.51 us
                    """, out.toString().substring(resolved.length()));
            // 4 parts: each leaf with its 2 hosts, each spine; the shortest cut link is a spine's: 500 ns + 84 B at
            // 50 Gb/s (13.44 ns) = 0.513 us
            // the whole output is still the resolved scenario
            assertEquals(s, ScenarioLoader.parse("o.yaml", out.toString(), cwd, List.of()));
        }

        @Test
        void onGpuServersTheSummaryCountsServersGpusAndNicsBelowEachTier() throws IOException {
            // the same leaf-spine, its 4 hosts the NICs of 2 servers of 8 GPUs (4 GPUs per NIC): one server per leaf
            write("s.yaml", LEAF_SPINE.replace("  hosts_per_leaf: 2\n", "  hosts_per_leaf: 2\n  gpus_per_server: 8\n"
                    + "  nics_per_server: 2\n  pcie: {rate: 256Gbps, latency: 1us}\n"));
            assertEquals(0, lossless("check", "s.yaml"), err::toString);
            assertTrue(out.toString().endsWith("""
                    # servers: 2 x (8 GPUs, 2 NICs; 4 GPUs per NIC) = 16 GPUs on 4 NICs
                    #   inside a server: NVLink 2.4 Tb/s, 1 us; PCIe 256 Gb/s, 1 us
                    #   below each tier 1 leaf:  1 server, 8 GPUs, 2 NICs
                    #   below each tier 2 spine: 2 servers, 16 GPUs, 4 NICs
                    # --threads N: the automatic cut, up to 4 partitions per thread; the fabric has 4 parts (a switch with the hosts cabled to it each; links under 100 ns of lookahead are never cut); on 2 threads 4 partitions, windows of at most 0.51 us
                    """), out.toString());
            Scenario s = ScenarioLoader.load(cwd.resolve("s.yaml"));
            assertEquals(s, ScenarioLoader.parse("o.yaml", out.toString(), cwd, List.of()));
        }
    }

    @Nested
    class Run {
        @Test
        void leafSpineFlowsCrossTheSpinesAndAllFinish() throws IOException {
            write("s.yaml", LEAF_SPINE);
            assertEquals(0, lossless("run", "s.yaml", "--out", "r"), err::toString);
            List<String> flows = Files.readAllLines(cwd.resolve("r/flows.csv"));
            assertEquals(4, flows.size(), flows.toString());
            for (String row : flows.subList(1, flows.size())) {
                String[] f = row.split(",", -1);
                assertFalse(f[7].isEmpty(), "unfinished: " + row);
                assertTrue(Double.parseDouble(f[10]) >= 1.0, "slowdown below 1: " + row);
            }
            // every byte crosses a spine: the spines' egress ports toward the leaves carried all three flows
            long spineBytes = 0;
            List<String> ports = Files.readAllLines(cwd.resolve("r/ports.csv"));
            for (String row : ports.subList(1, ports.size())) {
                String[] p = row.split(",");
                if (p[0].startsWith("spine")) {
                    spineBytes += Long.parseLong(p[5]);
                }
            }
            assertTrue(spineBytes >= 500_000, "spine tx bytes " + spineBytes);
            assertTrue(out.toString().startsWith("ls (seed 1): 3 of 3 flows finished"), out.toString());
        }
    }

    @Nested
    class ExportDot {
        @Test
        void toStdoutAndToAFile() throws IOException {
            write("s.yaml", LEAF_SPINE);
            assertEquals(0, lossless("export", "dot", "s.yaml"), err::toString);
            String dot = out.toString();
            assertTrue(dot.startsWith("graph \"leaf-spine\" {\n"), dot);
            assertEquals(8, dot.lines().filter(l -> l.contains(" -- ")).count(), dot);
            assertTrue(dot.contains("\"leaf0\" -- \"spine1\" [label=\"50G 500ns\"];"), dot);
            out.getBuffer().setLength(0);
            assertEquals(0, lossless("export", "dot", "s.yaml", "--out", "d/topo.dot", "--set", "topology.leaves=3"));
            String file = Files.readString(cwd.resolve("d/topo.dot"));
            assertEquals(12, file.lines().filter(l -> l.contains(" -- ")).count(), file);
            assertTrue(out.toString().startsWith("wrote " + cwd.resolve("d/topo.dot")), out.toString());
        }
    }

    @Nested
    class Hpcc {
        @Test
        void exportWritesTheThreeFiles() throws IOException {
            write("s.yaml", LEAF_SPINE);
            assertEquals(0, lossless("export", "hpcc", "s.yaml", "--out", "h"), err::toString);
            // 8 nodes (4 hosts, leaves 4-5, spines 6-7), 8 links in cable order: hosts, then leaf-spine
            assertEquals("""
                    8 4 8
                    4 5 6 7
                    0 4 100Gbps 1000ns 0
                    1 4 100Gbps 1000ns 0
                    2 5 100Gbps 1000ns 0
                    3 5 100Gbps 1000ns 0
                    4 6 50Gbps 500ns 0
                    4 7 50Gbps 500ns 0
                    5 6 50Gbps 500ns 0
                    5 7 50Gbps 500ns 0
                    """, Files.readString(cwd.resolve("h/topology.txt")));
            assertEquals("""
                    3
                    0 2 3 100 200000 2.000000000
                    3 0 3 100 100000 2.000000000
                    1 3 3 100 200000 2.000001000
                    """, Files.readString(cwd.resolve("h/flow.txt")));
            assertEquals("0\n", Files.readString(cwd.resolve("h/trace.txt")));
            assertEquals("", err.toString());
        }

        @Test
        void exportThenImportGivesTheSameTopologyAndFlows() throws IOException {
            write("s.yaml", LEAF_SPINE.replace("type: leaf-spine", "type: leaf-spine\n  parallel_links: 1"));
            assertEquals(0, lossless("export", "hpcc", "s.yaml", "--out", "h"), err::toString);
            assertEquals(0, lossless("import", "hpcc", "--topology", "h/topology.txt", "--flows", "h/flow.txt",
                    "--out", "imported/back.yaml"), err::toString);
            String yaml = Files.readString(cwd.resolve("imported/back.yaml"));
            assertTrue(yaml.contains("  path: ../h/topology.txt\n"), yaml);
            Scenario original = ScenarioLoader.load(cwd.resolve("s.yaml"));
            Scenario back = ScenarioLoader.load(cwd.resolve("imported/back.yaml"));
            assertEquals("back", back.name());
            assertInstanceOf(TopologyConfig.HpccFile.class, back.topology());
            Topology a = ScenarioEngine.topology(original);
            Topology b = ScenarioEngine.topology(back);
            assertEquals(a.hostCount(), b.hostCount());
            assertEquals(a.switchCount(), b.switchCount());
            assertEquals(a.cables(), b.cables()); // same ends, ports, rates and delays, in the same order
            // flow.txt is sorted by start time: compare in that order
            Comparator<WorkloadConfig.FlowSpec> byStart = Comparator.comparingLong(WorkloadConfig.FlowSpec::startPs)
                    .thenComparingInt(WorkloadConfig.FlowSpec::src);
            assertEquals(((WorkloadConfig.Flows) original.workloads().get(0)).flows().stream().sorted(byStart).toList(),
                    ((WorkloadConfig.HpccFlows) back.workloads().get(0)).flows());
            // the imported scenario runs to the end
            assertEquals(0, lossless("run", "imported/back.yaml", "--out", "r"), err::toString);
            assertTrue(out.toString().contains("back (seed 1): 3 of 3 flows finished"), out.toString());
        }

        @Test
        void importWithAConfigTakesItsSwitchAndNicSettingsAndKeepsTheRestAsComments() throws IOException {
            write("t.txt", "3 1 2\n2\n0 2 100Gbps 1000ns 0\n1 2 100Gbps 1000ns 0\n");
            write("f.txt", "1\n0 1 3 100 4000 2.0\n");
            // a part of HPCC's mix/config.txt (run.py --cc dcqcn --bw 100)
            write("config.txt", """
                    CC_MODE 1
                    ALPHA_RESUME_INTERVAL 1
                    RATE_DECREASE_INTERVAL 4
                    RP_TIMER 300
                    EWMA_GAIN 0.00390625
                    RATE_AI 20Mb/s
                    KMAX_MAP 2 100000000000 1600 400000000000 6400
                    KMIN_MAP 2 100000000000 400 400000000000 1600
                    PMAX_MAP 2 100000000000 0.20 400000000000 0.20
                    BUFFER_SIZE 32
                    PACKET_PAYLOAD_SIZE 1000
                    FCT_OUTPUT_FILE mix/fct.txt
                    """);
            assertEquals(0, lossless("import", "hpcc", "--topology", "t.txt", "--flows", "f.txt", "--config",
                    "config.txt", "--out", "c.yaml"), err::toString);
            Scenario s = ScenarioLoader.load(cwd.resolve("c.yaml"));
            assertEquals(32L << 20, s.switchSettings().bufferSize());
            assertEquals(400_000, s.switchSettings().ecn().kmin());
            assertEquals(1_600_000, s.switchSettings().ecn().kmax());
            assertEquals(1000, s.nic().mtu());
            assertEquals(1.0 / 256, s.nic().dcqcn().alphaGain(), 0.0);
            assertEquals(300_000_000L, s.nic().dcqcn().rateIncreaseTimerPs());
            String yaml = Files.readString(cwd.resolve("c.yaml"));
            // the per-speed ECN maps become switch.ecn.by_rate
            assertEquals(6_400_000L, s.switchSettings().ecn().byRate().get(400_000_000_000L).kmax(), yaml);
            assertTrue(yaml.contains("# config FCT_OUTPUT_FILE mix/fct.txt: ignored"), yaml);
            assertTrue(out.toString().contains("18 settings from the config"), out.toString());
            // HPCC's simulator itself: its MMU, no switching latency, no PFC response time, its queue 0 first
            assertEquals("hpcc2019", s.switchSettings().profile());
            assertEquals(0L, s.switchSettings().latency());
            assertEquals(0L, s.switchSettings().pfc().responseTime());
            assertEquals(0L, s.nic().pfcResponsePs());
            assertEquals(List.of(7), s.switchSettings().scheduling().strict());
            // its NIC ACKs at once and re-sends NACKs after 500 us; its FCT ends at the sender's last ACK
            assertEquals(0L, s.nic().ackDelayPs());
            assertEquals(500_000_000L, s.nic().nackIntervalPs());
            assertEquals(org.lossless.experiments.metrics.Completion.SENDER, s.metrics().completion());
            // its packet format, and ACKs queued with the data at its switches, whatever its config says
            assertEquals(org.lossless.core.net.WireFormat.HPCC2019, s.nic().wire());
            assertEquals(org.lossless.nic.NicConfig.SAME_AS_DATA, s.nic().ackPriority());
            assertTrue(yaml.contains("# ACKs on the data priority (nic.ack_priority data): HPCC's switches queue ACKs"),
                    yaml);
            assertTrue(yaml.contains("# not reproduced: HPCC's standalone FCT formula"), yaml);
            assertTrue(!yaml.contains("not reproduced: HPCC's packet format"), yaml);
        }

        @Test
        void importWithoutFlowsGivesAnExampleFlowAndKeepsOtherPriorityGroupsLossless() throws IOException {
            write("t.txt", "3 1 2\n2\n0 2 25Gbps 2000ns 0\n1 2 25Gbps 2000ns 0\n");
            assertEquals(0, lossless("import", "hpcc", "--topology", "t.txt", "--out", "a.yaml"), err::toString);
            Scenario s = ScenarioLoader.load(cwd.resolve("a.yaml"));
            assertEquals(2, s.hostCount());
            assertEquals(1, ((WorkloadConfig.Flows) s.workloads().get(0)).flows().size());
            write("f.txt", "2\n0 1 5 100 1000 0.000001\n1 0 3 100 1000 0.000002\n");
            assertEquals(0, lossless("import", "hpcc", "--topology", "t.txt", "--flows", "f.txt", "--out", "b.yaml"),
                    err::toString);
            s = ScenarioLoader.load(cwd.resolve("b.yaml"));
            assertEquals(List.of(3, 5), s.switchSettings().pfc().priorities());
            // starts before 2 s: time origin 0
            assertEquals(List.of(new WorkloadConfig.FlowSpec(0, 1, MessageSize.of(1000), 1_000_000, 5),
                    new WorkloadConfig.FlowSpec(1, 0, MessageSize.of(1000), 2_000_000, 3)),
                    ((WorkloadConfig.HpccFlows) s.workloads().get(0)).flows());
        }
    }

    /**
     * @param name     what is wrong
     * @param yaml     content of s.yaml
     * @param args     command line
     * @param expected the exact stderr line (%CWD% = the working directory)
     */
    record Case(String name, String yaml, List<String> args, String expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> badInput() {
        String fat = "name: f\ntopology: {type: fat-tree, k: 4}\nworkloads: [{type: flows, flows: [{src: 0, dst: 1, "
                + "size: 1MB}]}]\n";
        return Stream.of(
            new Case("odd k", fat.replace("k: 4", "k: 5"), List.of("run", "s.yaml"),
                "lossless: s.yaml: topology.k: must be an even number >= 2, got 5"),
            new Case("zero rate", fat.replace("k: 4", "k: 4, host_link: {rate: 0Gbps}"), List.of("check", "s.yaml"),
                "lossless: s.yaml: topology.host_link.rate: a link rate must be > 0, e.g. 100Gbps"),
            new Case("missing hpcc file", fat.replace("fat-tree, k: 4", "hpcc-file, path: topo.txt"),
                List.of("run", "s.yaml"),
                "lossless: s.yaml: topology.path: file %CWD%/topo.txt does not exist"),
            new Case("host beyond the fat-tree", fat.replace("dst: 1", "dst: 16"), List.of("run", "s.yaml"),
                "lossless: s.yaml: workloads[0].flows[0].dst: host 16 does not exist: the fat-tree topology has 16 "
                    + "hosts, numbered 0 to 15"),
            new Case("bad --set on the topology", fat, List.of("export", "dot", "s.yaml", "--set", "topology.k=3"),
                "lossless: s.yaml: topology.k (from --set topology.k=3): must be an even number >= 2, got 3"),
            new Case("export hpcc without --out", fat, List.of("export", "hpcc", "s.yaml"),
                "lossless export hpcc: Missing required option: '--out=DIR' (see 'lossless export hpcc --help')"),
            new Case("export hpcc --out is a file", fat, List.of("export", "hpcc", "s.yaml", "--out", "s.yaml"),
                "lossless: %CWD%/s.yaml exists and is not a directory; choose another --out or remove it"),
            new Case("export without a format", fat, List.of("export"),
                "lossless export: a subcommand is required: dot, hpcc, flows (see 'lossless export --help')"),
            new Case("import a bad config", fat, List.of("import", "hpcc", "--topology", "in/t.txt", "--config",
                    "in/c.txt", "--out", "x.yaml"),
                "lossless: --config in/c.txt:2: CC_MODE: unknown congestion control 5 (HPCC simulator: 1 DCQCN, 3 HPCC, "
                    + "7 TIMELY, 8 DCTCP, 10 HPCC-PINT)"),
            new Case("import a missing topology file", fat, List.of("import", "hpcc", "--topology", "t.txt", "--out",
                    "x.yaml"), "lossless: --topology t.txt: no such file"),
            new Case("import a bad topology file", fat, List.of("import", "hpcc", "--topology", "s.yaml", "--out",
                    "x.yaml"), "lossless: --topology s.yaml: is not an HPCC topology file (its first line must be "
                    + "'NODES SWITCHES LINKS')"),
            new Case("import over an existing file", fat, List.of("import", "hpcc", "--topology", "s.yaml", "--out",
                    "s.yaml"), "lossless: --out %CWD%/s.yaml: exists; choose another file or add --force to replace "
                    + "it"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInput")
    void badInputIsExitTwoWithOneLineAndNoOutputFiles(Case c) throws IOException {
        write("s.yaml", c.yaml());
        Path inputs = Files.createDirectories(cwd.resolve("in"));
        Files.writeString(inputs.resolve("t.txt"), "3 1 2\n2\n0 2 25Gbps 2000ns 0\n1 2 25Gbps 2000ns 0\n");
        Files.writeString(inputs.resolve("c.txt"), "ENABLE_QCN 1\nCC_MODE 5\n");
        int code = lossless(c.args().toArray(String[]::new));
        assertEquals(2, code, err::toString);
        assertEquals(c.expected().replace("%CWD%", cwd.toString()) + "\n", err.toString());
        assertEquals("", out.toString());
        try (Stream<Path> s = Files.list(cwd)) {
            assertEquals(List.of("in", "s.yaml"), s.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }
}
