package org.lossless.experiments.run;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.traffic.QpSplit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.WireFormat;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.results.ResultFiles;
import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.nic.HostNic;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Cable;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;
import org.lossless.topology.types.DumbbellSpec;

/** Flows spread over several queue pairs ({@code qps}); the numbers are worked out in the comments. */
class MultiQpTest {
    private static final long GBPS_100 = 100_000_000_000L;
    private static final long US = 1_000_000L;

    private static RunResult run(Topology t, int mtu, FlowSpec... flows) {
        return new PacketEngine().run(new EngineInput(t, NicConfig.builder().mtu(mtu).ackEvery(1).build(), SwitchSettings.defaults(),
                List.of(flows), 1_000_000 * US, 1));
    }

    /** Each QP's part of a {@code size} message, as {@link QpSplit} cuts it. */
    private static long[] partSizes(long size, int mtu, int qps) {
        MessageSize whole = MessageSize.of(size);
        long[] parts = new long[QpSplit.parts(whole, mtu, qps)];
        for (int j = 0; j < parts.length; j++) {
            parts[j] = QpSplit.part(whole, mtu, parts.length, j, null).bytes();
        }
        return parts;
    }

    private static FlowResult star(long size, int qps) {
        return run(StarTopology.build(2, GBPS_100, US), 1024, new FlowSpec("flows", 1, 0, size, 0, 3, qps))
                .flows().get(0);
    }

    @Nested
    class Split {
        @Test
        void wholePacketsTheFirstQpsTakeTheRemainderPacketsTheLastTheShortPacket() {
            // 10,140 B at MTU 1024 = 10 packets (the last 924 B) over 4 QPs: 10 = 4 x 2 + 2, so QPs 0 and 1 get 3
            assertArrayEquals(new long[] {3072, 3072, 2048, 1948}, partSizes(10_140, 1024, 4));
            assertArrayEquals(new long[] {4096, 4096}, partSizes(8192, 1024, 2));
            assertArrayEquals(new long[] {8192}, partSizes(8192, 1024, 1));
        }

        @Test
        void qpZeroKeepsTheFlowsPortAndTheOthersAreDistinct() {
            for (int flow : new int[] {0, 1, 17, 123_456}) {
                assertEquals(HostNic.udpSourcePort(flow), HostNic.udpSourcePort(flow, 0));
                java.util.Set<Integer> ports = new java.util.HashSet<>();
                for (int qp = 0; qp < FlowSpec.MAX_QPS; qp++) {
                    int port = HostNic.udpSourcePort(flow, qp);
                    assertTrue(port >= 49152 && port <= 65535, "port " + port);
                    ports.add(port);
                }
                assertEquals(FlowSpec.MAX_QPS, ports.size());
            }
        }

        @Test
        void neverMoreQpsThanPackets() {
            assertArrayEquals(new long[] {1000}, partSizes(1000, 1024, 4));
            assertArrayEquals(new long[] {1024, 476}, partSizes(1500, 1024, 4));
        }
    }

    @Nested
    class OneStarSwitch {
        @Test
        void eightPacketsOverTwoQpsCostExactlyOneMoreRethThanOneQp() {
            // MTU 1024: a full packet is 1024 + 62 + 20 = 1106 wire bytes = 88,480 ps at 100 Gb/s; with a RETH
            // (the first packet of each QP) 1122 B = 89,760 ps. Both hops run at 100 Gb/s, 1 us each; the switch
            // port is busy from the first packet's arrival to the end because no packet is longer than the first,
            // so finish = first packet's serialization + every packet's serialization + 2 delays.
            // qps 1: 89,760 + (89,760 + 7 x 88,480) + 2 us = 2,798,880 ps.
            // qps 2: the NIC alternates A0 B0 A1 B1 ... B3 back to back at line rate; two RETHs:
            //        89,760 + (2 x 89,760 + 6 x 88,480) + 2 us = 2,800,160 ps: 16 B x 8 / 100 Gb/s = 1,280 ps later.
            FlowResult one = star(8192, 1);
            FlowResult two = star(8192, 2);
            assertEquals(2_798_880L, one.finishPs());
            assertEquals(2_800_160L, two.finishPs());
            assertEquals(1_280L, two.finishPs() - one.finishPs());
            // the ideal counts the same two RETHs: alone in the empty network the split flow is not slowed down
            assertEquals(two.finishPs(), two.idealFctPs());
            assertEquals(1.0, two.slowdown(), 0.0);
            assertEquals(0, two.retransmits());
        }

        @Test
        void theFlowFinishesWithItsLastPartEvenWhenThatIsNotTheLastQp() {
            // 3000 B at MTU 1024 over 2 QPs: QP0 = 2 packets (1024 + 1024), QP1 = 1 packet (952 B).
            // Order A0 (RETH, 1122 B, 89,760 ps), B0 (RETH, 952 + 98 = 1050 B, 84,000 ps), A1 (1106 B, 88,480 ps).
            // Host link done 89,760 / 173,760 / 262,240; at the switch 1 us later. Switch port:
            // A0 1,089,760-1,179,520; B0 waits: -1,263,520; A1 arrives 1,262,240, waits: -1,352,000; +1 us.
            FlowResult f = star(3000, 2);
            assertEquals(2_352_000L, f.finishPs());
            assertEquals(2_352_000L, f.idealFctPs());
            // one RETH more than on one QP (PacketEngineTest: 2,350,720 ps)
            assertEquals(1_280L, f.finishPs() - star(3000, 1).finishPs());
        }

        @Test
        void aOnePacketFlowUsesOneQpWhateverQpsSays() {
            // 1000 B = 1 packet: only one QP carries data, so the run is the single-QP one: 2 x 87,840 + 2 us
            RunResult r = run(StarTopology.build(2, GBPS_100, US), 1024, new FlowSpec("flows", 1, 0, 1000, 0, 3, 4));
            assertEquals(2 * 87_840 + 2 * US, r.flows().get(0).finishPs());
            assertEquals(1, r.flows().size());
            PortResult hostTx = r.ports().stream().filter(p -> p.node().equals("h1")).findFirst().orElseThrow();
            assertEquals(1, hostTx.txPackets());
        }

        @Test
        void oneRowPerFlowInFlowOrderAndOtherFlowsKeepTheirIds() {
            RunResult r = run(StarTopology.build(3, GBPS_100, US), 1024,
                    new FlowSpec("flows", 1, 0, 64 * 1024, 0, 3, 8), new FlowSpec("flows", 2, 0, 4096, 0, 3));
            assertEquals(2, r.flows().size());
            assertEquals(0, r.flows().get(0).flowId());
            assertEquals(1, r.flows().get(1).flowId());
            assertEquals(64 * 1024, r.flows().get(0).sizeBytes());
            assertTrue(r.flows().get(0).finished() && r.flows().get(1).finished());
            PortResult hostTx = r.ports().stream().filter(p -> p.node().equals("h1")).findFirst().orElseThrow();
            // 64 packets, 8 of them (one per QP) with a RETH: frames 64 x 1086 + 8 x 16
            assertEquals(64, hostTx.txPackets());
            assertEquals(64 * 1086 + 8 * 16, hostTx.txBytes());
        }
    }

    @Nested
    class Ideal {
        private static final long[] RATES = {25_000_000_000L, 100_000_000_000L, 400_000_000_000L};

        @Test
        void shortcutEqualsRecursionForEveryQpCount() {
            Random rnd = new Random(7);
            for (int trial = 0; trial < 300; trial++) {
                int hops = 1 + rnd.nextInt(5);
                List<Cable> path = new ArrayList<>();
                for (int i = 0; i < hops; i++) {
                    path.add(new Cable(i, 0, i + 1, 1, RATES[rnd.nextInt(RATES.length)], rnd.nextInt(2_000_000)));
                }
                int mtu = new int[] {256, 1024, 4096}[rnd.nextInt(3)];
                long size = 1 + (long) rnd.nextInt(1_000_000);
                int qps = 1 + rnd.nextInt(64);
                assertEquals(IdealFct.fctPsByRecursion(WireFormat.ROCEV2, path, size, mtu, qps), IdealFct.fctPs(WireFormat.ROCEV2, path, size, mtu, qps),
                        "trial " + trial + ": size " + size + " mtu " + mtu + " qps " + qps);
            }
        }

        @Test
        void aLoneSplitFlowFinishesAtItsIdealOnOnePath() {
            // the ideal's packet order (round robin, remainder packets last) is the NIC's: 3 hops of different rates
            Topology t = new DumbbellSpec(1, 1, new LinkSpec(GBPS_100, US), new LinkSpec(40_000_000_000L, US)).build();
            for (int qps : new int[] {1, 2, 3, 5, 8, 64}) {
                for (long size : new long[] {1, 1024, 7 * 1024 + 5, 33 * 1024, 100_000}) {
                    FlowResult f = run(t, 1024, new FlowSpec("flows", 0, 1, size, 0, 3, qps)).flows().get(0);
                    assertEquals(f.idealFctPs(), f.fctPs(), "qps " + qps + " size " + size);
                }
            }
        }
    }

    @Nested
    class LeafSpine {
        /** 2 leaves x 2 hosts, 2 spines; host 0 -> host 2 crosses one of leaf0's two uplinks. */
        private static final String SCENARIO = """
                name: qps
                topology:
                  type: leaf-spine
                  leaves: 2
                  spines: 2
                  hosts_per_leaf: 2
                  host_link: {rate: 100Gbps, delay: 1us}
                  fabric_link: {rate: FABRIC, delay: 1us}
                nic: {mtu: 1024}
                workloads:
                  - type: flows
                    flows: [{src: 0, dst: 2, size: 256KB, qps: %d}]
                """;

        private static Scenario scenario(int qps) {
            return scenario(qps, "100Gbps");
        }

        private static Scenario scenario(int qps, String fabricRate) {
            String yaml = SCENARIO.replace("FABRIC", fabricRate).formatted(qps);
            return ScenarioLoader.parse("s.yaml", yaml, Path.of("/tmp"), List.of());
        }

        private static long[] uplinkBytes(RunResult r) {
            long[] bytes = new long[2];
            for (PortResult p : r.ports()) {
                if (p.node().equals("leaf0") && p.peer().startsWith("spine")) {
                    bytes[p.peer().equals("spine0") ? 0 : 1] += p.txBytes();
                }
            }
            return bytes;
        }

        @Test
        void eightQpsUseBothSpinesOneQpUsesOne() {
            RunResult eight = new ScenarioEngine().run(scenario(8));
            long[] b8 = uplinkBytes(eight);
            assertTrue(b8[0] > 0 && b8[1] > 0, "leaf0 uplink tx bytes " + b8[0] + ", " + b8[1]);
            RunResult one = new ScenarioEngine().run(scenario(1));
            long[] b1 = uplinkBytes(one);
            assertTrue((b1[0] > 0) != (b1[1] > 0), "leaf0 uplink tx bytes " + b1[0] + ", " + b1[1]);
            // every data frame crossed one uplink: 250 packets (256,000 B at MTU 1024), RETHs once per QP
            assertEquals(250 * 1086 + 8 * 16, b8[0] + b8[1]);
            assertEquals(250 * 1086 + 16, b1[0] + b1[1]);
            assertTrue(eight.flows().get(0).finished());
        }

        @Test
        void theIdealAssumesOnePathSoSpreadingOverSlowerSpinesBeatsIt() {
            // 50 Gb/s uplinks behind a 100 Gb/s host link: one QP is held to 50 Gb/s by its uplink, and so is the
            // ideal (first equal-cost path). QPs spread over both spines get up to 2 x 50 Gb/s: faster than ideal.
            FlowResult one = new ScenarioEngine().run(scenario(1, "50Gbps")).flows().get(0);
            FlowResult eight = new ScenarioEngine().run(scenario(8, "50Gbps")).flows().get(0);
            assertEquals(1.0, one.slowdown(), 0.0);
            // the two ideals differ only by 7 more RETHs at the 50 Gb/s bottleneck: 7 x 16 B x 8 / 50 Gb/s
            assertEquals(7 * 2_560L, eight.idealFctPs() - one.idealFctPs());
            assertTrue(eight.slowdown() < 1.0, "slowdown " + eight.slowdown());
        }

        @Test
        void sameScenarioSameSeedSameFiles() {
            RunResult a = new ScenarioEngine().run(scenario(8));
            RunResult b = new ScenarioEngine().run(scenario(8));
            assertEquals(ResultFiles.flowsCsv(a.flows()), ResultFiles.flowsCsv(b.flows()));
            assertEquals(ResultFiles.portsCsv(a.ports()), ResultFiles.portsCsv(b.ports()));
        }

        @Test
        void qpsIsWrittenToTheResolvedScenarioWithItsDefault() {
            Scenario s = scenario(8);
            String yaml = ResolvedYaml.write(s);
            assertTrue(yaml.contains("qps: 8"), yaml);
            assertEquals(s, ScenarioLoader.parse("r.yaml", yaml, Path.of("/tmp"), List.of()));
            assertTrue(ResolvedYaml.write(scenario(1)).contains("qps: 1"));
            Scenario set = ScenarioLoader.parse("s.yaml", SCENARIO.replace("FABRIC", "100Gbps").formatted(1),
                    Path.of("/tmp"), List.of("workloads[0].flows[0].qps=3"));
            WorkloadConfig.Flows w = (WorkloadConfig.Flows) set.workloads().get(0);
            assertEquals(3, w.flows().get(0).qps());
        }

        @Test
        void badQpsNamesTheKeyPath() {
            for (String bad : List.of("0", "65", "x", "2.5")) {
                String yaml = SCENARIO.replace("FABRIC", "100Gbps").replace("%d", bad);
                String m = assertThrows(ScenarioException.class,
                        () -> ScenarioLoader.parse("s.yaml", yaml, Path.of("/tmp"), List.of())).getMessage();
                assertTrue(m.startsWith("s.yaml") && m.contains("workloads[0].flows[0].qps"), m);
                assertTrue(m.contains("1 to 64"), m);
            }
        }
    }
}
