package org.lossless.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.topology.types.FatTreeSpec;
import org.lossless.topology.types.LeafSpineSpec;
import org.lossless.topology.types.RingSpec;

class RoutesTest {
    static final LinkSpec L = LinkSpec.gbps(100, 1_000);
    static final Topology K4 = new FatTreeSpec(4, L, L).build();
    static final Topology K8 = new FatTreeSpec(8, L, L).build();

    /** Path taken by each of {@code flows} QPs from src to dst, as "node:port/..." strings, counted. */
    static Map<String, Long> spread(Routes r, long seed, int src, int dst, int flows) {
        Random rnd = new Random(seed);
        Map<String, Long> counts = new HashMap<>();
        for (int i = 0; i < flows; i++) {
            int sport = 49152 + rnd.nextInt(16384);
            List<Port> hops = r.path(src, dst, EcmpHash.chooser(seed, src, dst, sport));
            String key = hops.stream().map(p -> p.node() + ":" + p.index()).collect(Collectors.joining("/"));
            counts.merge(key, 1L, Long::sum);
        }
        return counts;
    }

    @Nested
    class EqualCostPaths {
        @Test
        void pathCountsMatchTheFatTreeFormulas() {
            Routes r4 = Routes.shortestPaths(K4);
            assertEquals(1, r4.pathCount(0, 1)); // same ToR
            assertEquals(2, r4.pathCount(0, 2)); // same pod: k/2 aggs
            assertEquals(4, r4.pathCount(0, 15)); // other pod: (k/2)^2 cores
            Routes r8 = Routes.shortestPaths(K8);
            assertEquals(4, r8.pathCount(0, 4));
            assertEquals(16, r8.pathCount(0, 127));
            Routes thin = Routes.shortestPaths(new FatTreeSpec(8, L, L, 1, 2).build());
            assertEquals(8, thin.pathCount(0, 127)); // 4 aggs x 2 cores each
        }

        @Test
        void ecmpUsesAllPathsUniformly() {
            for (Topology t : List.of(K4, K8)) {
                Routes r = Routes.shortestPaths(t);
                int dst = t.hostCount() - 1;
                Map<String, Long> counts = spread(r, 1, 0, dst, 10_000);
                assertEquals(r.pathCount(0, dst), counts.size(), "every equal-cost path is used");
                long[] c = counts.values().stream().mapToLong(Long::longValue).toArray();
                double x2 = EcmpHashTest.chiSquare(c);
                assertTrue(x2 < EcmpHashTest.critical999(c.length), t + ": chi2 " + x2 + " " + counts);
                if (c.length == 4) {
                    for (long n : c) {
                        assertEquals(2500, n, 125, "within 5 % of uniform: " + counts);
                    }
                }
            }
        }

        @Test
        void sharedSeedsPolariseWhichIsWhySwitchesGetTheirOwn() {
            Routes r = Routes.shortestPaths(K4);
            Set<String> used = new java.util.HashSet<>();
            for (int sport = 0; sport < 10_000; sport++) {
                final int sp = sport;
                // same hash (seed 9) on every switch: the ToR and the agg make the same 2-way choice
                List<Port> hops = r.path(0, 15, (sw, c) -> c[EcmpHash.select(9, 0, 15, sp, c.length)]);
                used.add(hops.stream().map(p -> p.node() + ":" + p.index()).collect(Collectors.joining("/")));
            }
            assertEquals(2, used.size(), "only 2 of the 4 paths with a shared seed");
        }

        @Test
        void sameSeedSamePathsOtherSeedOtherLuck() {
            Routes a = Routes.shortestPaths(K4);
            Routes b = Routes.shortestPaths(K4);
            int differ = 0;
            for (int sport = 0; sport < 1000; sport++) {
                List<Port> pa = a.path(0, 15, EcmpHash.chooser(1, 0, 15, sport));
                assertEquals(pa, b.path(0, 15, EcmpHash.chooser(1, 0, 15, sport)));
                if (!pa.equals(a.path(0, 15, EcmpHash.chooser(2, 0, 15, sport)))) {
                    differ++;
                }
            }
            assertTrue(differ > 650 && differ < 850, "4 paths: 3/4 of flows should move, moved " + differ);
        }

        @Test
        void candidateListsAreSharedPerEdgeSwitch() {
            Routes r = Routes.shortestPaths(K8);
            int tor0 = K8.nodeId("tor0");
            assertArrayEquals(new int[] {4, 5, 6, 7}, r.candidates(tor0, 100));
            assertSame(r.candidates(tor0, 100), r.candidates(tor0, 20));
            assertArrayEquals(new int[] {2}, r.candidates(tor0, 2)); // the host-facing port
            assertEquals(32, r.edgeSwitchCount());
        }

        @Test
        void chooserMustPickACandidate() {
            Routes r = Routes.shortestPaths(K4);
            assertThrows(IllegalArgumentException.class, () -> r.path(0, 15, (sw, c) -> 0));
        }
    }

    @Nested
    class Failures {
        @Test
        void routesAvoidAFailedCableAndStillReachEveryone() {
            int tor0 = K4.nodeId("tor0");
            Cable up = K4.cablesBetween(tor0, K4.nodeId("agg0")).get(0);
            Routes r = Routes.shortestPaths(K4, List.of(up), List.of());
            Walks.assertAllPairsReachable(r);
            assertArrayEquals(new int[] {3}, r.candidates(tor0, 15)); // only the uplink to agg1
            assertEquals(2, r.pathCount(0, 15));
            assertEquals(1, r.pathCount(2, 0)); // tor1 -> agg1 -> tor0
            assertEquals(0, r.unreachablePairs());
        }

        @Test
        void aFailedCoreLeavesThreePaths() {
            Routes r = Routes.shortestPaths(K4, org.lossless.topology.Failures.ofNodes(K4.nodeId("core0")));
            Walks.assertAllPairsReachable(r);
            assertEquals(3, r.pathCount(0, 15));
        }

        @Test
        void aRingRoutesTheLongWayRound() {
            Topology ring = new RingSpec(4, 1, L, L).build();
            Cable cut = ring.cablesBetween(ring.nodeId("sw0"), ring.nodeId("sw1")).get(0);
            Routes r = Routes.shortestPaths(ring, org.lossless.topology.Failures.ofCables(cut));
            Walks.assertAllPairsReachable(r);
            assertEquals(3, Routes.shortestPaths(ring).path(0, 1, (sw, c) -> c[0]).size());
            assertEquals(5, r.path(0, 1, (sw, c) -> c[0]).size()); // sw0 - sw3 - sw2 - sw1
        }

        @Test
        void isolatedTorCutsOffItsHostsOnly() {
            int tor0 = K4.nodeId("tor0");
            org.lossless.topology.Failures both = org.lossless.topology.Failures.ofCables(
                    K4.cablesBetween(tor0, K4.nodeId("agg0")).get(0), K4.cablesBetween(tor0, K4.nodeId("agg1")).get(0));
            Routes r = Routes.shortestPaths(K4, both);
            assertTrue(r.reachable(0, 1));
            assertFalse(r.reachable(0, 2));
            assertFalse(r.reachable(9, 1));
            assertEquals(2 * 2 * 14, r.unreachablePairs());
        }

        @Test
        void failedHostLinkOrTor() {
            Cable nic = K4.ports(K4.hostNode(3)).get(0).cable();
            Routes r = Routes.shortestPaths(K4, org.lossless.topology.Failures.ofCables(nic));
            assertFalse(r.reachable(3, 0));
            assertFalse(r.reachable(0, 3));
            assertEquals(0, r.candidates(K4.nodeId("tor1"), 3).length);
            assertEquals(2 * 15, r.unreachablePairs());
            Routes noTor = Routes.shortestPaths(K4, org.lossless.topology.Failures.ofNodes(K4.nodeId("tor0")));
            assertEquals(16 * 15 - 14 * 13, noTor.unreachablePairs());
            assertTrue(noTor.reachable(2, 15));
        }

        @Test
        void leafSpineSurvivesASpine() {
            Topology t = new LeafSpineSpec(4, 2, 2, L, L).build();
            Routes r = Routes.shortestPaths(t, org.lossless.topology.Failures.ofNodes(t.nodeId("spine0")));
            Walks.assertAllPairsReachable(r, (a, b) -> a / 2 == b / 2 ? 2 : 4);
            assertEquals(1, r.pathCount(0, 7));
        }

        @Test
        void intactRoutesAreUntouched() {
            Routes before = Routes.shortestPaths(K4);
            Routes.shortestPaths(K4, org.lossless.topology.Failures.ofNodes(K4.nodeId("core0")));
            assertEquals(4, before.pathCount(0, 15));
            assertTrue(before.failures().isEmpty());
        }

        @Test
        void foreignFailuresAreErrors() {
            Cable foreign = new Cable(0, 0, 1, 0, 1, 0);
            assertThrows(IllegalArgumentException.class,
                    () -> Routes.shortestPaths(K4, org.lossless.topology.Failures.ofCables(foreign)));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Routes.shortestPaths(K4, org.lossless.topology.Failures.ofNodes(999)));
            assertTrue(e.getMessage().contains("999"), e.getMessage());
        }
    }
}
