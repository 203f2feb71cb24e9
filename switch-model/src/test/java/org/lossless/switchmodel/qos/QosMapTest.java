package org.lossless.switchmodel.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.Dscp;
import org.lossless.core.net.Packet;
import org.lossless.switchmodel.settings.MmuFactory;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.QosMapSettings;
import org.lossless.switchmodel.settings.SwitchSettings;

/** The switch's classification tables: lookups written out by hand from the maps. */
class QosMapTest {
    private static Packet marked(int priority, int dscp) {
        Packet p = new Packet();
        p.priority = (byte) priority;
        p.dscp = (byte) dscp;
        return p;
    }

    private static SwitchSettings settings(List<Integer> pfc, Boolean enabled, QosMapSettings maps) {
        PfcSettings p = new PfcSettings(enabled, pfc, null, null, null, null, null, null, null, null, null, null,
                null, null);
        return new SwitchSettings(null, null, null, null, p, null, null, null, null, maps);
    }

    @Nested
    class Defaults {
        @Test
        void classSelectorBitsPickTheTrafficClassAndPgAndQueueAreTheSame() {
            QosMap m = QosMap.DEFAULT;
            // DSCP 0..7 -> TC 0, 8..15 -> 1, 24 (CS3) and 26 (AF31) -> 3, 46 (EF) -> 5, 48 (CS6) -> 6, 63 -> 7
            int[][] cases = {{0, 0}, {7, 0}, {8, 1}, {24, 3}, {26, 3}, {31, 3}, {46, 5}, {48, 6}, {63, 7}};
            for (int[] c : cases) {
                Packet p = marked(0, c[0]);
                assertEquals(c[1], m.trafficClass(p), "DSCP " + c[0]);
                assertEquals(c[1], m.pg(p), "DSCP " + c[0]);
                assertEquals(c[1], m.queue(p), "DSCP " + c[0]);
            }
        }

        @Test
        void theNicsDefaultMarkingOfAPriorityComesBackAsThatPriority() {
            for (int prio = 0; prio < 8; prio++) {
                assertEquals(8 * prio, Dscp.ofPriority(prio));
                assertEquals(prio, QosMap.DEFAULT.queue(marked(prio, Dscp.ofPriority(prio))));
            }
        }

        @Test
        void anUnmarkedFrameIsClassifiedByItsPriority() {
            Packet p = new Packet(); // dscp -1 after construction and after reset
            p.priority = 5;
            assertEquals(5, QosMap.DEFAULT.queue(p));
            p.reset();
            assertEquals(-1, p.dscp);
            QosMap m = new QosMap(null, new int[] {0, 0, 0, 3, 3, 0, 0, 0}, new int[] {0, 1, 2, 3, 4, 6, 6, 7}, 1 << 3);
            p.priority = 4;
            assertEquals(3, m.pg(p));
            assertEquals(4, m.queue(p));
            assertEquals(3 << 3 | 4, m.pgAndQueue(p), "PG 3 and queue 4 in one int");
            p.priority = 5;
            assertEquals(0 << 3 | 6, m.pgAndQueue(p), "TC 5: PG 0, queue 6");
        }

        @Test
        void withoutPfcPrioritiesAPgsPauseNamesItsOwnNumber() {
            for (int pg = 0; pg < 8; pg++) {
                assertEquals(1 << pg, QosMap.DEFAULT.pfcPrioritiesOf(pg));
                assertEquals(pg, QosMap.DEFAULT.pgOfPfcPriority(pg));
            }
        }
    }

    @Nested
    class Explicit {
        // an AI-fabric style map: RoCE on DSCP 26 -> TC 3, storage DSCP 10 -> TC 1, CNP 48 -> TC 6; TCs 3 and 4
        // share PG 3; TC 1 is queued in 5
        final QosMapSettings maps = new QosMapSettings(Map.of(26, 3, 10, 1, 48, 6, 34, 4),
                Map.of(1, 0, 3, 3, 4, 3, 6, 0), Map.of(1, 5, 3, 3, 4, 4, 6, 6));
        final QosMap m = MmuFactory.qosMap(settings(List.of(3, 4), true, maps));

        @Test
        void lookupsFollowTheMapsAndLeftOutKeysGoToZero() {
            assertEquals(3, m.trafficClass(marked(0, 26)));
            assertEquals(3, m.pg(marked(0, 26)));
            assertEquals(3, m.queue(marked(0, 26)));
            assertEquals(1, m.trafficClass(marked(3, 10)), "the DSCP decides, not the NIC's priority 3");
            assertEquals(0, m.pg(marked(3, 10)));
            assertEquals(5, m.queue(marked(3, 10)));
            assertEquals(4, m.trafficClass(marked(0, 34)));
            assertEquals(3, m.pg(marked(0, 34)), "TC 4 shares PG 3");
            assertEquals(4, m.queue(marked(0, 34)));
            // both at once (pg << 3 | queue): the DSCP decides, not the priority
            assertEquals(3 << 3 | 3, m.pgAndQueue(marked(0, 26)));
            assertEquals(0 << 3 | 5, m.pgAndQueue(marked(3, 10)));
            assertEquals(3 << 3 | 4, m.pgAndQueue(marked(0, 34)));
            assertEquals(0, m.pgAndQueue(marked(3, 24)));
            // DSCP 24 is not in the map: TC 0 (not the class selector default 3); TC 0 is not in tc_to_*: PG 0, queue 0
            assertEquals(0, m.trafficClass(marked(3, 24)));
            assertEquals(0, m.pg(marked(3, 24)));
            assertEquals(0, m.queue(marked(3, 24)));
            // TC 2 is in neither TC map: 0 and 0, not identity
            assertEquals(0, m.pgOfTc(2));
            assertEquals(0, m.queueOfTc(2));
        }

        @Test
        void aPgCarryingTwoPfcClassesPausesBoth() {
            assertEquals(1 << 3 | 1 << 4, m.pfcPrioritiesOf(3));
            assertEquals(3, m.pgOfPfcPriority(3));
            assertEquals(3, m.pgOfPfcPriority(4));
            assertTrue(m.pfcEnabled(3) && m.pfcEnabled(4));
            assertFalse(m.pfcEnabled(1));
        }

        @Test
        void theMmuTreatsTheMappedPgsAndQueuesAsLossless() {
            var cfg = MmuFactory.config(settings(List.of(3, 4), true, maps),
                    List.of(org.lossless.switchmodel.settings.PortSpec.ofDelay(100_000_000_000L, 1_000_000)), 1100);
            for (int pg = 0; pg < 8; pg++) {
                assertEquals(pg == 3, cfg.pgProfiles().get(pg).lossless(), "PG " + pg);
            }
            for (int q = 0; q < 8; q++) {
                assertEquals(q == 3 || q == 4, cfg.queueProfiles().get(q).lossless(), "queue " + q);
            }
        }
    }

    @Test
    void pfcOffMeansNoPfcPriorityAndHpcc2019AlwaysPauses() {
        assertEquals(0, MmuFactory.qosMap(settings(List.of(3), false, null)).pfcMask());
        assertEquals(1 << 3, MmuFactory.qosMap(settings(List.of(3), null, null)).pfcMask());
        SwitchSettings hpcc = new SwitchSettings("hpcc2019", null, null, null, new PfcSettings(false, List.of(2), null,
                null, null, null, null, null, null, null, null, null, null, null), null, null, null, null, null);
        assertEquals(1 << 2, MmuFactory.qosMap(hpcc).pfcMask());
    }

    @Test
    void badTablesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new QosMap(new int[8], null, null, 0));
        assertThrows(IllegalArgumentException.class, () -> new QosMap(null, new int[] {0, 0, 0, 8, 0, 0, 0, 0}, null, 0));
        assertThrows(IllegalArgumentException.class, () -> new QosMap(null, null, null, 1 << 8));
        assertThrows(IllegalArgumentException.class, () -> Dscp.ofPriority(8));
        assertThrows(IllegalArgumentException.class, () -> Dscp.defaultTrafficClass(64));
    }
}
