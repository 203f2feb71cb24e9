package org.lossless.switchmodel.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.switchmodel.sched.SchedulingPlan;

/** Each finding of the QoS-mapping lint on a small, deliberately broken map; the default map is clean. */
class QosLintTest {
    private static final int PFC3 = 1 << 3;

    private static int[] dscpMap(int... pairs) {
        int[] t = new int[64];
        for (int i = 0; i < pairs.length; i += 2) {
            t[pairs[i]] = pairs[i + 1];
        }
        return t;
    }

    private static QosLint.Fabric fabric(QosMap map, SchedulingPlan plan, boolean switchToSwitch) {
        return new QosLint.Fabric(map, true, true, plan, switchToSwitch);
    }

    private static QosLint.Fabric fabric(QosMap map) {
        return fabric(map, SchedulingPlan.strictPriority(), true);
    }

    private static QosLint.Use use(String key, int priority, int dscp) {
        return new QosLint.Use(key, priority, dscp, "h1", "leaf0");
    }

    /** CNPs the mlx5 way: priority 6, DSCP 48, used by DCQCN. */
    private static final QosLint.Cnp CNP = new QosLint.Cnp(6, 48, true);

    @Test
    void theDefaultsAreClean() {
        QosLint.Fabric f = new QosLint.Fabric(new QosMap(null, null, null, PFC3), false, true,
                SchedulingPlan.strictPriority(), true);
        // NIC defaults: priority p marked 8p; lossless RoCE on 3 (DSCP 24 or 26), lossy traffic on 0 and 1
        List<QosLint.Use> uses = List.of(use("workloads[0].flows[0]", 3, 24), use("workloads[0].flows[1]", 3, 26),
                use("workloads[1].flows[0]", 1, 8), use("workloads[1].flows[1]", 0, 0));
        assertEquals(List.of(), QosLint.check(f, uses, CNP));
    }

    @Nested
    class DataClasses {
        @Test
        void aLosslessWorkloadOnAClassWithoutPfcNamesTheFirstHopAndTheKeys() {
            QosMap m = new QosMap(dscpMap(26, 3, 10, 1), null, null, PFC3);
            List<String> w = QosLint.check(fabric(m), List.of(use("workloads[0].flows[2]", 3, 10)), null);
            assertEquals(1, w.size(), w.toString());
            String s = w.get(0);
            assertTrue(s.startsWith("workloads[0].flows[2] (priority 3, DSCP 10): hop NIC -> switch (h1 -> leaf0): "
                    + "lossless at the NIC"), s);
            assertTrue(s.contains("switch.qos_map.dscp_to_tc.10 puts DSCP 10 on traffic class 1, which has no PFC"), s);
        }

        @Test
        void nicAndSwitchDisagreeOnThePfcPriority() {
            // DSCP 34 -> TC 4 (PFC on 3 and 4): the switch pauses priority 4, the NIC sends on 3
            QosMap m = new QosMap(dscpMap(34, 4), null, null, PFC3 | 1 << 4);
            List<String> w = QosLint.check(fabric(m), List.of(use("workloads[1].flows[0]", 3, 34)), null);
            assertEquals(1, w.size(), w.toString());
            assertTrue(w.get(0).contains("hop NIC -> switch (h1 -> leaf0): NIC and switch disagree on the PFC priority"),
                    w.get(0));
            assertTrue(w.get(0).contains("whose XOFF pauses priority 4, but the NIC sends on priority 3 "
                    + "(workloads[1].flows[0].priority)"), w.get(0));
        }

        @Test
        void usesOfOneClassAreOneLineListingThreeKeysAndTheRestCounted() {
            QosMap m = new QosMap(dscpMap(26, 3), null, null, PFC3);
            List<QosLint.Use> uses = new java.util.ArrayList<>();
            for (int i = 0; i < 5; i++) {
                uses.add(new QosLint.Use("workloads[0].flows[" + i + "]", 3, 10, "h" + i, i < 2 ? "leaf0" : "leaf1"));
            }
            List<String> w = QosLint.check(fabric(m), uses, null);
            assertEquals(1, w.size());
            assertTrue(w.get(0).startsWith("workloads[0].flows[0], workloads[0].flows[1], workloads[0].flows[2] and 2 "
                    + "more (priority 3, DSCP 10): hop NIC -> switch (h0 -> leaf0, h1 -> leaf0, h2 -> leaf1 and 2 more)"),
                    w.get(0));
        }
    }

    @Nested
    class PfcQueues {
        @Test
        void aLosslessClassQueuedUnderAnotherNumberIsNeverPausedBetweenSwitches() {
            // TC 3 has PFC but goes to queue 5; a PAUSE for 3 stops queue 3, where TC 2 still goes
            int[] tcToQueue = {0, 1, 3, 5, 4, 2, 6, 7};
            QosMap m = new QosMap(null, null, tcToQueue, PFC3);
            List<String> w = QosLint.check(fabric(m), List.of(use("workloads[0].flows[0]", 3, 24)), null);
            assertEquals(List.of("switch.qos_map.tc_to_queue.3: traffic class 3 has PFC but is queued in 5; a PAUSE for "
                    + "priority 3 stops queue 3, so on every switch-to-switch hop the upstream switch never stops it "
                    + "(lossless drops) (used by workloads[0].flows[0]); map it to queue 3"), w);
            // one switch only: no switch-to-switch hop, nothing to say
            assertEquals(List.of(), QosLint.check(fabric(m, SchedulingPlan.strictPriority(), false),
                    List.of(use("workloads[0].flows[0]", 3, 24)), null));
        }

        @Test
        void pfcOnAPriorityWhoseQueueNoClassUses() {
            int[] tcToQueue = {0, 1, 2, 4, 4, 5, 6, 7}; // nothing goes to queue 3
            List<String> w = QosLint.check(fabric(new QosMap(null, null, tcToQueue, PFC3)), List.of(), null);
            assertEquals(1, w.size());
            assertTrue(w.get(0).startsWith("switch.pfc.priorities: PFC on priority 3 pauses egress queue 3, which no "
                    + "traffic class uses"), w.get(0));
        }

        @Test
        void aLossyAndALosslessClassOnOnePg() {
            int[] tcToPg = {0, 3, 0, 3, 4, 5, 6, 7}; // TC 1 (lossy) shares PG 3 with TC 3
            List<String> w = QosLint.check(fabric(new QosMap(null, tcToPg, null, PFC3)),
                    List.of(use("workloads[2].flows[0]", 1, 8)), null);
            assertEquals(1, w.size(), w.toString());
            assertTrue(w.get(0).startsWith("switch.qos_map.tc_to_pg: priority group 3 holds lossless traffic class 3 "
                    + "and lossy class 1"), w.get(0));
            assertTrue(w.get(0).contains("(used by workloads[2].flows[0])"), w.get(0));
        }
    }

    @Nested
    class Cnps {
        @Test
        void cnpsOnALosslessClass() {
            QosMap m = new QosMap(dscpMap(26, 3, 48, 3), null, null, PFC3);
            List<String> w = QosLint.check(fabric(m), List.of(), CNP);
            assertEquals(1, w.size());
            assertTrue(w.get(0).startsWith("nic.cnp_dscp 48: CNPs (switch.qos_map.dscp_to_tc.48 -> traffic class 3, "
                    + "queue 3) travel on a lossless class"), w.get(0));
        }

        @Test
        void cnpsInADwrrQueueBelowAStrictDataQueueCanStarve() {
            // data (TC 3) strict; CNPs (TC 6) in DWRR: served only when queue 3 is empty
            SchedulingPlan plan = new SchedulingPlan(1 << 3, new int[] {1, 1, 1, 0, 1, 1, 1, 1}, 1106);
            List<String> w = QosLint.check(fabric(new QosMap(null, null, null, PFC3), plan, true),
                    List.of(use("workloads[0].flows[0]", 3, 24)), CNP);
            assertEquals(1, w.size(), w.toString());
            assertTrue(w.get(0).startsWith("nic.cnp_dscp 48: CNPs (switch.qos_map.dscp_to_tc.48 -> traffic class 6, "
                    + "queue 6) wait while strict-priority queue 3 holds data (used by workloads[0].flows[0])"), w.get(0));
            // CNPs strict above the data: fine; without a congestion control nobody waits for CNPs
            SchedulingPlan both = new SchedulingPlan(1 << 3 | 1 << 6, new int[] {1, 1, 1, 0, 1, 1, 0, 1}, 1106);
            assertEquals(List.of(), QosLint.check(fabric(new QosMap(null, null, null, PFC3), both, true),
                    List.of(use("workloads[0].flows[0]", 3, 24)), CNP));
            assertEquals(List.of(), QosLint.check(fabric(new QosMap(null, null, null, PFC3), plan, true),
                    List.of(use("workloads[0].flows[0]", 3, 24)), new QosLint.Cnp(6, 48, false)));
        }
    }

    @Test
    void withoutPfcOnlyTheCnpCheckApplies() {
        QosLint.Fabric off = new QosLint.Fabric(new QosMap(dscpMap(26, 3), null, null, 0), true, false,
                SchedulingPlan.strictPriority(), true);
        assertEquals(List.of(), QosLint.check(off, List.of(use("workloads[0].flows[0]", 3, 10)), CNP));
    }
}
