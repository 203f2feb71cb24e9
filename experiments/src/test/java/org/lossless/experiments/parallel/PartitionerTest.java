package org.lossless.experiments.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;

/** Cuts of tiny fabrics, checked by hand. */
class PartitionerTest {
    private static final long G100 = 100_000_000_000L;
    private static final long US = 1_000_000;

    /**
     * Two leaves (l0, l1) with two hosts each under one spine: nodes s(0), l0(1), l1(2), h0..h3 (3..6).
     * Host links 1 us; leaf-spine links {@code fabricDelayPs}.
     */
    private static Topology leafSpine(long fabricDelayPs) {
        Topology.Builder b = Topology.builder("test");
        int s = b.addSwitch("s", 2);
        int l0 = b.addSwitch("l0", 1);
        int l1 = b.addSwitch("l1", 1);
        for (int h = 0; h < 4; h++) {
            int id = b.addHost("h" + h);
            b.connect(id, h < 2 ? l0 : l1, G100, US);
        }
        b.connect(l0, s, G100, fabricDelayPs);
        b.connect(l1, s, G100, fabricDelayPs);
        return b.build();
    }

    @Nested
    class Automatic {
        @Test
        void aSwitchKeepsItsHostsAndTheLoadsBalance() {
            Partitioning p = Partitioner.plan(leafSpine(US), 2, null);
            // units by load (Gb/s of ports): l0 + h0, h1 = 3 x 100 + 2 x 100 = 500; l1 + h2, h3 = 500; s = 200.
            // l0 -> partition 0, l1 -> 1, s -> 0 (equal loads: the lower partition)
            assertArrayEquals(new int[] {0, 0, 1, 0, 0, 1, 1}, p.partOf());
            assertArrayEquals(new long[] {700, 500}, p.weights());
            assertEquals(3, p.useful());
            // cut: l1-s, 1 us + 84 B at 100 Gb/s (6,720 ps)
            assertEquals(1_006_720, p.lookaheadPs());
            assertEquals("", p.note());
        }

        @Test
        void moreThanTheUsefulNumberGivesTheUsefulNumberWithANote() {
            Partitioning p = Partitioner.plan(leafSpine(US), 8, null);
            assertEquals(3, p.partitions());
            assertTrue(p.note().contains("8 partitions asked for, the fabric allows 3"), p.note());
        }

        @Test
        void aStarIsOneUnitAndRunsAsOnePartition() {
            Partitioning p = Partitioner.plan(StarTopology.build(4, G100, US), 4, null);
            assertEquals(1, p.partitions());
            assertEquals(Long.MAX_VALUE, p.lookaheadPs());
        }

        @Test
        void linksTooShortForAWindowAreNeverCutSoTheFabricFallsBackToOnePartition() {
            // 90 ns + 6.72 ns < 100 ns: the leaf-spine links join all three switches
            Partitioning p = Partitioner.plan(leafSpine(90_000), 4, null);
            assertEquals(1, p.partitions());
            assertTrue(p.note().contains("never cut"), p.note());
            // 95 ns + 6.72 ns >= 100 ns: cut again
            assertEquals(2, Partitioner.plan(leafSpine(95_000), 2, null).partitions());
        }
    }

    @Nested
    class Override {
        private Map<String, Integer> all(int s, int l0, int l1) {
            Map<String, Integer> m = new HashMap<>();
            m.put("s", s);
            m.put("l0", l0);
            m.put("l1", l1);
            m.put("h0", l0);
            m.put("h1", l0);
            m.put("h2", l1);
            m.put("h3", l1);
            return m;
        }

        @Test
        void theOverrideIsTakenAsGiven() {
            Partitioning p = Partitioner.plan(leafSpine(US), 1, all(2, 0, 1));
            assertEquals(3, p.partitions());
            assertArrayEquals(new int[] {2, 0, 1, 0, 0, 1, 1}, p.partOf());
        }

        @Test
        void aMissingOrUnknownNodeOrAGapOrATooShortCutIsRejected() {
            Map<String, Integer> missing = all(1, 0, 1);
            missing.remove("h3");
            assertTrue(assertThrows(IllegalArgumentException.class, () -> Partitioner.plan(leafSpine(US), 2, missing))
                    .getMessage().contains("node h3 has none"));
            Map<String, Integer> unknown = all(1, 0, 1);
            unknown.put("zz", 0);
            assertThrows(IllegalArgumentException.class, () -> Partitioner.plan(leafSpine(US), 2, unknown));
            assertThrows(IllegalArgumentException.class, () -> Partitioner.plan(leafSpine(US), 2, all(2, 0, 0)));
            assertTrue(assertThrows(IllegalArgumentException.class, () -> Partitioner.plan(leafSpine(50_000), 2,
                    all(1, 0, 1))).getMessage().contains("shorter than 100 ns"));
        }
    }
}
