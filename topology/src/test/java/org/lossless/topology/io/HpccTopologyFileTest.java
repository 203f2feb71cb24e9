package org.lossless.topology.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Node;
import org.lossless.topology.NodeKind;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;
import org.lossless.topology.analysis.TopologySummary;
import org.lossless.topology.types.FatTreeSpec;
import org.lossless.topology.types.LeafSpineSpec;

class HpccTopologyFileTest {
    /** Two ToRs (4, 5) under one spine (6); switch ids split over two lines; mixed units. */
    static final String SMALL = """
            7 3 6
            4 5
            6
            0 4 100Gbps 1000ns 0
            1 4 100Gbps 1000ns 0
            2 5 100Gbps 0.001ms 0.000000
            3 5 25Gbps 500ns 0.001
            4 6 400Gbps 1us 0
            5 6 400Gbps 1000ns 0
            """;

    /** The HPCC paper fat-tree as workloads.md describes mix/fat.txt: 5 pods of 4 ToR + 4 Agg, 16 cores. */
    static String hpccPaperFatTree() {
        StringBuilder s = new StringBuilder("376 56 480\n");
        for (int id = 320; id < 376; id++) {
            s.append(id).append(id < 375 ? " " : "\n");
        }
        for (int h = 0; h < 320; h++) {
            s.append(h).append(' ').append(320 + h / 16).append(" 100Gbps 1000ns 0.000000\n");
        }
        for (int tor = 0; tor < 20; tor++) {
            for (int a = 0; a < 4; a++) {
                s.append(320 + tor).append(' ').append(340 + (tor / 4) * 4 + a).append(" 400Gbps 1000ns 0.000000\n");
            }
        }
        for (int agg = 0; agg < 20; agg++) {
            for (int c = 0; c < 4; c++) {
                s.append(340 + agg).append(' ').append(360 + (agg % 4) * 4 + c).append(" 400Gbps 1000ns 0.000000\n");
            }
        }
        return s.toString();
    }

    static void assertSameGraph(HpccTopology a, HpccTopology b) {
        assertEquals(a.topology().nodes(), b.topology().nodes());
        assertEquals(a.topology().cables(), b.topology().cables());
        assertArrayEquals(a.errorRates(), b.errorRates());
    }

    @Nested
    class Import {
        @Test
        void smallFile() {
            HpccTopology h = HpccTopologyFile.parse(SMALL, "small.txt");
            Topology t = h.topology();
            assertEquals("hpcc-file", t.type());
            assertEquals(4, t.hostCount());
            assertEquals(3, t.switchCount());
            for (int id = 0; id < 4; id++) {
                assertEquals(id, t.hostNode(id), "hosts keep their node ids");
                assertEquals("h" + id, t.node(id).name());
            }
            assertEquals(new Node(4, "sw4", NodeKind.SWITCH, 1), t.node(4));
            assertEquals(new Node(6, "sw6", NodeKind.SWITCH, 2), t.node(6));
            assertEquals(1_000_000, t.cables().get(2).delayPs()); // 0.001ms
            assertEquals(1_000_000, t.cables().get(4).delayPs()); // 1us
            assertEquals(25_000_000_000L, t.cables().get(3).rateBps());
            assertEquals(0.001, h.errorRate(3));
            assertTrue(h.hasLossyLinks());
            // HPCC numbers a switch's interfaces 1, 2, ... in link order: ports 0, 1, ... here
            assertEquals(0, t.peer(4, 0));
            assertEquals(1, t.peer(4, 1));
            assertEquals(6, t.peer(4, 2));
            assertTrue(h.warnings().isEmpty(), h.warnings().toString());
        }

        @Test
        void hpccPaperFatTree() {
            HpccTopology h = HpccTopologyFile.parse(HpccTopologyFileTest.hpccPaperFatTree(), "fat.txt");
            Topology t = h.topology();
            assertEquals(320, t.hostCount());
            assertEquals(56, t.switchCount());
            assertEquals(480, t.cables().size());
            TopologySummary s = TopologySummary.of(t);
            assertEquals(20, s.tiers().get(0).switches());
            assertEquals(20, s.tiers().get(1).switches());
            assertEquals(16, s.tiers().get(2).switches());
            assertEquals(1.0, s.tiers().get(0).oversubscription(), 1e-12); // 16 x 100G vs 4 x 400G
            assertEquals(1.0, s.tiers().get(1).oversubscription(), 1e-12);
            assertEquals(160 * 100_000_000_000L, s.bisectionBps());
            assertEquals(16, Routes.shortestPaths(t).pathCount(0, 319)); // 4 aggs x 4 cores
        }

        @Test
        void warnings() {
            String text = "4 2 3\n0 3\n1 0 10Gbps 1000ns 0\n2 3 10Gbps 1000ns 0\n0 3 10Gbps 1000ns 0\n"
                    + "0 3 10Gbps 1000ns 0\nsome notes";
            HpccTopology h = HpccTopologyFile.parse(text.replace("4 2 3", "4 2 4"), "w.txt");
            String all = String.join("\n", h.warnings());
            assertTrue(all.contains("tokens after the last"), all);
            assertTrue(all.contains("parallel link 0-3"), all);
            assertTrue(all.contains("hosts are not node ids"), all);
            assertEquals(0, h.topology().hostNumber(1));
            assertEquals(1, h.topology().hostNumber(2));
        }
    }

    @Nested
    class RoundTrip {
        @Test
        void importExportImportIsUnchanged() {
            HpccTopology first = HpccTopologyFile.parse(SMALL, "small.txt");
            String exported = HpccTopologyFile.format(first);
            HpccTopology second = HpccTopologyFile.parse(exported, "exported.txt");
            assertSameGraph(first, second);
            assertEquals(exported, HpccTopologyFile.format(second));
            assertTrue(exported.startsWith("7 3 6\n4 5 6\n0 4 100Gbps 1000ns 0\n"), exported);
            assertTrue(exported.contains("3 5 25Gbps 500ns 0.001\n"), exported);
        }

        @Test
        void hpccPaperFileRoundTrips() {
            HpccTopology first = HpccTopologyFile.parse(hpccPaperFatTree(), "fat.txt");
            assertSameGraph(first, HpccTopologyFile.parse(HpccTopologyFile.format(first), "again.txt"));
        }

        @Test
        void builtFatTreeExportsWithSameIdsPortsAndTiers() {
            Topology t = new FatTreeSpec(4, LinkSpec.gbps(100, 1000), LinkSpec.gbps(400, 1000)).build();
            Topology back = HpccTopologyFile.parse(HpccTopologyFile.format(t), "ft.txt").topology();
            assertEquals(t.cables(), back.cables());
            for (Node n : t.nodes()) {
                assertEquals(n.kind(), back.node(n.id()).kind());
                assertEquals(n.tier(), back.node(n.id()).tier(), n.name());
                assertEquals(t.hostNumber(n.id()), back.hostNumber(n.id()));
            }
        }

        @Test
        void exportWarnsWhatHpccCannotExpress() {
            Topology t = new LeafSpineSpec(2, 1, 1, 2, new LinkSpec(100_000_000_000L, 1_500),
                    LinkSpec.gbps(100, 1)).build();
            java.util.List<String> warnings = new java.util.ArrayList<>();
            String text = HpccTopologyFile.format(t, new double[t.cables().size()], warnings);
            assertTrue(text.contains("0 2 100Gbps 2ns 0\n"), text);
            String all = String.join("\n", warnings);
            assertTrue(all.contains("1500 ps rounded to 2ns"), all);
            assertTrue(all.contains("parallel link"), all);
        }

        @Test
        void writesAllFilesHpccOpens(@TempDir Path dir) throws IOException {
            Topology t = new FatTreeSpec(4, LinkSpec.gbps(100, 1000), LinkSpec.gbps(100, 1000)).build();
            HpccExport.write(dir, t, java.util.List.of(
                    HpccFlow.ofHosts(t, 1, 0, 3, 100, 1000, HpccFlow.CONVENTIONAL_START_PS)));
            assertEquals(HpccTopologyFile.format(t), Files.readString(dir.resolve("topology.txt")));
            assertEquals("1\n1 0 3 100 1000 2.000000000\n", Files.readString(dir.resolve("flow.txt")));
            assertEquals("0\n", Files.readString(dir.resolve("trace.txt")));
            assertEquals(t.cables(), HpccTopologyFile.read(dir.resolve("topology.txt")).topology().cables());
        }
    }

    @Nested
    class BadInput {
        private void assertError(String text, String expected) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> HpccTopologyFile.parse(text, "bad.txt"));
            assertTrue(e.getMessage().contains(expected), e.getMessage());
            assertTrue(e.getMessage().startsWith("bad.txt"), e.getMessage());
        }

        @Test
        void linkToAMissingNode() {
            assertError("3 1 2\n2\n0 2 100Gbps 1000ns 0\n1 9 100Gbps 1000ns 0\n",
                    "line 4: link 2 of 2: dst node id must be in 0..2, got 9");
        }

        @Test
        void zeroOrMalformedRate() {
            assertError("3 1 2\n2\n0 2 0Gbps 1000ns 0\n1 2 100Gbps 1000ns 0\n", "line 3: link 1 of 2: rate must be > 0");
            assertError("3 1 2\n2\n0 2 100Gbit 1000ns 0\n1 2 100Gbps 1000ns 0\n", "not an ns-3 data rate");
            assertError("3 1 2\n2\n0 2 100Gbps 10parsecs 0\n1 2 100Gbps 1000ns 0\n", "not an ns-3 time");
        }

        @Test
        void errorRateMustBeAProbability() {
            assertError("3 1 2\n2\n0 2 100Gbps 1000ns 2\n1 2 100Gbps 1000ns 0\n", "error_rate must be a probability");
        }

        @Test
        void truncatedFile() {
            assertError("3 1 3\n2\n0 2 100Gbps 1000ns 0\n1 2 100Gbps 1000ns 0\n", "unexpected end of file");
            assertError("3 1", "unexpected end of file, expected n_links");
        }

        @Test
        void structuralProblems() {
            assertError("3 2 2\n2 2\n0 2 100Gbps 1000ns 0\n1 2 100Gbps 1000ns 0\n", "switch id 2 is listed twice");
            assertError("3 1 3\n2\n0 2 100Gbps 1000ns 0\n1 2 100Gbps 1000ns 0\n0 2 100Gbps 1000ns 0\n",
                    "line 5: host 0 has a second link");
            assertError("3 1 2\n2\n0 1 100Gbps 1000ns 0\n1 2 100Gbps 1000ns 0\n", "link joins two hosts");
            assertError("5 2 3\n3 4\n0 3 100Gbps 1000ns 0\n1 3 100Gbps 1000ns 0\n2 4 100Gbps 1000ns 0\n",
                    "disconnected");
            assertError("3 1 1\n2\n0 2 100Gbps 1000ns 0\n", "h1 has no links");
            // a file that does not start with the header is not a topology file: said so, its content never echoed
            assertError("x 1 1", "bad.txt: is not an HPCC topology file (its first line must be 'NODES SWITCHES LINKS')");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> HpccTopologyFile.parse("root:$6$hunter2:19000:0:99999:7:::\n", "shadow"));
            assertEquals("shadow: is not an HPCC topology file (its first line must be 'NODES SWITCHES LINKS')",
                    e.getMessage());
        }
    }
}
