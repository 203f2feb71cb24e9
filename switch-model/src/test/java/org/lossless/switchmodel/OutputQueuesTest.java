package org.lossless.switchmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.lossless.switchmodel.SwitchBench.FRAME_PS;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.PacketType;
import org.lossless.switchmodel.SwitchBench.Rx;
import org.lossless.switchmodel.sched.SchedulingPlan;

/** The eight queues of one egress port on {@link SwitchBench}: what leaves, in which order, and their counters. */
class OutputQueuesTest {
    private final SwitchBench b = new SwitchBench();

    private List<Long> psnsAtHost2() {
        return b.at(2, PacketType.DATA).stream().map(Rx::psn).toList();
    }

    @Test
    void aFrameQueuedAfterTheQueueEmptiedBehindABusyWireLeavesWhenTheWireFrees() {
        // A (priority 1) leaves port 2 alone at 0: its queue is empty, so the port arms no event at 81,600 and the
        // queues must let the next frame kick it. B (at 40,000) kicks it: the port's event is armed at 81,600, B
        // leaves then. C (at 50,000) needs no kick: B's start finds C queued and arms the event at 163,200. D (at
        // 300,000) finds everything sent and the queue emptied by C: it kicks the port and leaves at once.
        // Zero-delay cables: each reaches host 2 at its end. Events: 4 arrivals at the switch, 4 at host 2, the
        // port's at 81,600 and 163,200 (not at 244,800 nor 381,600: the queue was empty then)
        List<Boolean> mayBeIdle = new ArrayList<>();
        b.data(0, 0, 2, 1, 1);
        b.at(1, () -> mayBeIdle.add(b.sw.queues(2).portMayBeIdle()));
        b.data(40_000, 0, 2, 1, 2);
        b.at(45_000, () -> mayBeIdle.add(b.sw.queues(2).portMayBeIdle()));
        b.data(50_000, 1, 2, 1, 3);
        b.at(200_000, () -> mayBeIdle.add(b.sw.queues(2).portMayBeIdle()));
        b.data(300_000, 1, 2, 1, 4);
        b.run();
        assertEquals(List.of(1L, 2L, 3L, 4L), psnsAtHost2());
        assertEquals(List.of(FRAME_PS, 2 * FRAME_PS, 3 * FRAME_PS, 300_000 + FRAME_PS),
                b.at(2, PacketType.DATA).stream().map(Rx::atPs).toList());
        assertEquals(List.of(true, false, true), mayBeIdle, "after A: kick; after B's kick: the port comes back; "
                + "after C left the queue empty: kick");
        assertEquals(4 + 3 + 4 + 2, b.kernel.eventsExecuted(), "4 frames in, 3 probes, 4 deliveries, 2 port events");
    }

    @Test
    void framesOfThreePrioritiesTakingTurnsEachJoinTheirOwnQueue() {
        // the queues keep the rings and rows of the last two priorities they saw; three taking turns make every later
        // frame replace one of them. Strict priority (the default): P10 (queue 1) leaves at once, and the wire is
        // busy until 81,600 while the rest arrive: queue 3's frames go first, then queue 2's, then queue 1's, each in
        // arrival order. Queue 1's and 3's frames come from host 0, queue 2's from host 1.
        long[][] arrivals = {{0, 0, 1, 10}, {1000, 0, 1, 11}, {2000, 1, 2, 20}, {3000, 0, 1, 12}, {4000, 0, 3, 30},
                {5000, 0, 1, 13}, {6000, 1, 2, 21}, {7000, 0, 3, 31}, {8000, 0, 1, 14}};
        for (long[] a : arrivals) {
            b.data(a[0], (int) a[1], 2, (int) a[2], a[3]);
        }
        OutputQueues q = b.sw.queues(2);
        long[] queued = new long[7];
        b.at(9000, () -> {
            queued[0] = q.bytesFromIngress(1, 0);
            queued[1] = q.bytesFromIngress(2, 1);
            queued[2] = q.bytesFromIngress(3, 0);
            queued[3] = q.bytesFromIngress(2, 0) + q.bytesFromIngress(1, 1) + q.bytesFromIngress(3, 1);
            queued[4] = q.queuedBytes(1);
            queued[5] = q.queuedBytes(2);
            queued[6] = q.queuedBytes(3);
        });
        b.run();
        assertEquals(List.of(10L, 30L, 31L, 20L, 21L, 11L, 12L, 13L, 14L), psnsAtHost2());
        // at 9000 only P10 has left: four 1000 B frames in queue 1, two in queue 2 and two in queue 3
        assertEquals(List.of(4000L, 2000L, 2000L, 0L, 4000L, 2000L, 2000L),
                java.util.Arrays.stream(queued).boxed().toList());
        assertEquals(9 * FRAME_PS, b.at(2, PacketType.DATA).get(8).atPs(), "back to back from 0");
        assertEquals(0, q.bytesFromIngress(1, 0) + q.bytesFromIngress(2, 1) + q.bytesFromIngress(3, 0));
    }

    @Test
    void aDwrrQueueThatEmptiesForfeitsItsCredit() {
        // queues 1 and 2 DWRR with weight 1 and a quantum of two frames (2 x 1020 B); the rest strict.
        // A1 (queue 1) leaves alone at 0 with 1020 B of credit left, and queue 1 is empty: the credit is lost.
        // While A1 is on the wire B1, B2 (queue 2) and A2, A3 (queue 1) arrive. At 81,600 queue 1 has no credit:
        // the turn passes to queue 2 (B1, B2), then back to queue 1 with a fresh quantum (A2, A3).
        b.sw.scheduling(new SchedulingPlan(0xF9, new int[] {0, 1, 1, 0, 0, 0, 0, 0}, 2040));
        b.data(0, 0, 2, 1, 11);
        b.data(1000, 1, 2, 2, 21);
        b.data(1000, 1, 2, 2, 22);
        b.data(2000, 0, 2, 1, 12);
        b.data(2000, 0, 2, 1, 13);
        b.run();
        assertEquals(List.of(11L, 21L, 22L, 12L, 13L), psnsAtHost2());
        assertEquals(5 * FRAME_PS, b.at(2, PacketType.DATA).get(4).atPs());
    }

    @Test
    void aDwrrQueueDrainedByTheWatchdogForfeitsItsCredit() {
        // queues 1 and 2 DWRR (weight 1, a quantum of two 1020 B frames), the rest strict. A1 leaves alone at 0 and
        // empties queue 1 (credit 0). A2, A3 (queue 1) wait; at 81,600 queue 1 earns 2040 B and A2 leaves with
        // 1020 B left for A3. At 100,000 the watchdog's drop action drains queue 1 (A3): its credit is forfeited.
        // A4 (queue 1) and B1 (queue 2) then wait for A2's end at 163,200: queue 1 has no credit left, so the turn
        // passes to queue 2 (B1), then back to queue 1 with a fresh quantum (A4). Kept credit would send A4 first
        b.sw.scheduling(new SchedulingPlan(0xF9, new int[] {0, 1, 1, 0, 0, 0, 0, 0}, 2040));
        b.data(0, 0, 2, 1, 11);
        b.data(1000, 0, 2, 1, 12);
        b.data(2000, 0, 2, 1, 13);
        b.at(100_000, () -> b.sw.discardQueue(2, 1, p -> { }));
        b.data(110_000, 0, 2, 1, 14);
        b.data(120_000, 1, 2, 2, 21);
        b.run();
        assertEquals(List.of(11L, 12L, 21L, 14L), psnsAtHost2());
        assertEquals(1, b.ports[2].counters().drops(1));
        assertEquals(0, b.pool.outstanding());
    }

    @Test
    void aDwrrQueueDroppedByAPortFailureForfeitsItsCredit() {
        // as above, but at 100,000 port 2 fails (A2, on the wire, is lost; A3 is dropped from its queue) and is
        // restored at 105,000. S7 (strict queue 7) then takes the wire at 110,000 (done at 191,600) while A4
        // (queue 1) and B1 (queue 2) arrive: queue 1's credit went with A3, so B1 leaves before A4
        b.sw.scheduling(new SchedulingPlan(0xF9, new int[] {0, 1, 1, 0, 0, 0, 0, 0}, 2040));
        b.data(0, 0, 2, 1, 11);
        b.data(1000, 0, 2, 1, 12);
        b.data(2000, 0, 2, 1, 13);
        b.at(100_000, () -> {
            b.ports[2].fail();
            b.sw.portFailed(2);
        });
        b.at(105_000, () -> b.ports[2].restore());
        b.data(110_000, 1, 2, 7, 7);
        b.data(120_000, 0, 2, 1, 14);
        b.data(130_000, 1, 2, 2, 21);
        b.run();
        assertEquals(List.of(11L, 7L, 21L, 14L), psnsAtHost2());
        assertEquals(191_600 + FRAME_PS, b.at(2, PacketType.DATA).get(2).atPs(), "B1 right after S7");
        assertEquals(2, b.ports[2].counters().drops(1), "A2 lost on the wire, A3 dropped from the queue");
        assertEquals(0, b.pool.outstanding());
    }

    @Test
    void strictQueuesGoFirstHighestFirstAndLeaveTheDwrrTurnAsItWas() {
        // queues 1 and 2 DWRR (weight 1, a quantum of one 1020 B frame), the rest strict. A1 (queue 1) leaves at
        // once and empties queue 1 (its credit is lost; the turn stays with queue 1). Waiting at 81,600: A2 (queue
        // 1), B1, B2 (queue 2), S5 (queue 5) and S7 (queue 7). The strict frames go first, 7 before 5; then queue 1
        // has no credit, so the turn passes to queue 2 (B1), then back to queue 1 (A2), then queue 2 (B2).
        b.sw.scheduling(new SchedulingPlan(0xF9, new int[] {0, 1, 1, 0, 0, 0, 0, 0}, 1020));
        b.data(0, 0, 2, 1, 11);
        b.data(1000, 1, 2, 2, 21);
        b.data(1000, 1, 2, 2, 22);
        b.data(2000, 0, 2, 1, 12);
        b.data(2000, 0, 2, 5, 5);
        b.data(3000, 1, 2, 7, 7);
        b.run();
        assertEquals(List.of(11L, 7L, 5L, 21L, 12L, 22L), psnsAtHost2());
    }

    @Test
    void theLargestQueueStaysWhenASmallerOneFollowsAndRisesWithALargerOne() {
        // priority 3 paused at port 2: three frames queue (3000 B); XON at 10,000 drains them; paused again, two
        // frames queue (2000 B: the largest stays 3000); four more (4000 B) raise it
        b.pfcFromHost(0, 2, 3, 65535);
        for (int k = 1; k <= 3; k++) {
            b.data(1000 * k, 0, 2, 3, k);
        }
        b.pfcFromHost(10_000, 2, 3, 0);
        b.pfcFromHost(1_000_000, 2, 3, 65535);
        b.data(1_001_000, 0, 2, 3, 4);
        b.data(1_002_000, 0, 2, 3, 5);
        b.at(1_100_000, () -> assertEquals(3000, b.ports[2].counters().maxQueueBytes(3)));
        for (int k = 6; k <= 9; k++) {
            b.data(1_100_000 + 1000 * k, 0, 2, 3, k);
        }
        b.at(1_200_000, () -> assertEquals(6000, b.ports[2].counters().maxQueueBytes(3)));
        b.pfcFromHost(1_300_000, 2, 3, 0);
        b.run();
        assertEquals(6000, b.ports[2].counters().maxQueueBytes(3));
        assertEquals(9, psnsAtHost2().size());
    }

    @Test
    void strictPriorityServesTheHighestPriorityFirstAndFifoWithinOne() {
        b.data(0, 0, 2, 1, 1); // on the wire at once
        b.data(1000, 0, 2, 1, 2);
        b.data(1000, 1, 2, 5, 3);
        b.data(2000, 1, 2, 5, 4);
        b.data(3000, 0, 2, 3, 5);
        b.run();
        assertEquals(List.of(1L, 3L, 4L, 5L, 2L), psnsAtHost2());
    }

    @Test
    void thePortRecordsEachPrioritysLargestQueue() {
        // priority 3 paused at port 2: five frames of host 0 queue up (5000 B), then the pause ends by XON
        b.pfcFromHost(0, 2, 3, 65535);
        for (int k = 1; k <= 5; k++) {
            b.data(1000 * k, 0, 2, 3, k);
        }
        b.data(1000, 1, 2, 4, 9); // priority 4 runs: one frame, never more than one queued
        b.pfcFromHost(10_000, 2, 3, 0);
        b.run();
        assertEquals(5000, b.ports[2].counters().maxQueueBytes(3));
        assertEquals(1000, b.ports[2].counters().maxQueueBytes(4));
        assertEquals(0, b.sw.queues(2).queuedBytes(3));
        assertEquals(List.of(9L, 1L, 2L, 3L, 4L, 5L), psnsAtHost2());
    }

    @Test
    void bytesFromAnIngressCountOnlyThatIngresssFrames() {
        b.pfcFromHost(0, 2, 3, 65535);
        b.data(1000, 0, 2, 3, 1);
        b.data(1000, 1, 2, 3, 2);
        b.data(2000, 0, 2, 3, 3);
        b.at(5000, () -> {
            assertEquals(2000, b.sw.queues(2).bytesFromIngress(3, 0));
            assertEquals(1000, b.sw.queues(2).bytesFromIngress(3, 1));
            assertEquals(0, b.sw.queues(2).bytesFromIngress(4, 0));
            assertEquals(3000, b.sw.queues(2).queuedBytes(3));
            b.kernel.stop();
        });
        b.run();
    }

    @Test
    void bytesFromAnIngressStayApartWhenThreePrioritiesTakeTurns() {
        // the queues keep the per-ingress rows of their last two priorities: a third one in between must not mix
        // them. Priorities 3, 4 and 5 paused at port 2 (65,535 quanta: 335 us); six 1000 B frames queue there from
        // hosts 0 and 1 in turns; when the pauses end they all leave and every count returns to 0
        b.pfcFromHost(0, 2, 3, 65535);
        b.pfcFromHost(0, 2, 4, 65535);
        b.pfcFromHost(0, 2, 5, 65535);
        b.data(1000, 0, 2, 3, 1);
        b.data(2000, 1, 2, 4, 2);
        b.data(3000, 0, 2, 5, 3);
        b.data(4000, 1, 2, 3, 4);
        b.data(5000, 0, 2, 4, 5);
        b.data(6000, 0, 2, 5, 6);
        OutputQueues q = b.sw.queues(2);
        b.at(50_000, () -> {
            assertEquals(1000, q.bytesFromIngress(3, 0));
            assertEquals(1000, q.bytesFromIngress(3, 1));
            assertEquals(1000, q.bytesFromIngress(4, 0));
            assertEquals(1000, q.bytesFromIngress(4, 1));
            assertEquals(2000, q.bytesFromIngress(5, 0));
            assertEquals(0, q.bytesFromIngress(5, 1));
            assertEquals(6000, q.totalQueuedBytes());
        });
        b.run();
        assertEquals(6, psnsAtHost2().size());
        for (int prio = 3; prio <= 5; prio++) {
            assertEquals(0, q.bytesFromIngress(prio, 0) + q.bytesFromIngress(prio, 1), "priority " + prio);
        }
    }

    @Test
    void aFailedPortsQueuesAndADrainedPriorityNoLongerCountAnyIngress() {
        // priorities 3 and 4 paused at port 2: host 0's frame (priority 3), host 1's (3) and host 0's (4) queue
        // there, 3000 B in all. At 100,000 the watchdog's drop action drains priority 3; at 200,000 the port fails
        // and its remaining queue (priority 4) is dropped
        b.pfcFromHost(0, 2, 3, 65535);
        b.pfcFromHost(0, 2, 4, 65535);
        b.data(1000, 0, 2, 3, 1);
        b.data(2000, 1, 2, 3, 2);
        b.data(3000, 0, 2, 4, 3);
        OutputQueues q = b.sw.queues(2);
        b.at(50_000, () -> {
            assertEquals(3000, q.totalQueuedBytes());
            assertEquals(1000, q.bytesFromIngress(3, 0));
            assertEquals(1000, q.bytesFromIngress(3, 1));
            assertEquals(1000, q.bytesFromIngress(4, 0));
        });
        b.at(100_000, () -> {
            b.sw.discardQueue(2, 3, p -> { });
            assertEquals(0, q.bytesFromIngress(3, 0));
            assertEquals(0, q.bytesFromIngress(3, 1));
            assertEquals(1000, q.bytesFromIngress(4, 0));
            assertEquals(1000, q.totalQueuedBytes());
        });
        b.at(200_000, () -> {
            b.ports[2].fail();
            b.sw.portFailed(2);
            assertEquals(0, q.bytesFromIngress(4, 0));
            assertEquals(0, q.totalQueuedBytes());
        });
        b.run();
        assertEquals(2, b.ports[2].counters().drops(3));
        assertEquals(1, b.ports[2].counters().drops(4));
        assertEquals(0, b.pool.outstanding());
    }

    @Test
    void anXonBringsTheWakeUpForwardToTheResumedQueuesReadyTime() {
        // forwarding latency 1 us. Priority 3 paused at port 2; A (priority 3, last bit in at 1000) is ready at
        // 1,001,000, B (priority 5, at 2000) at 1,002,000: with 3 paused the port's wake-up is armed for B. The
        // XON at 500,000 makes A eligible: the wake-up moves to 1,001,000, A leaves then (at host 2 after 81,600
        // ps) and B, ready while A is on the wire, follows it. Left at B's time, B would go first (priority 5)
        b.sw.forwarding(1_000_000, false);
        b.pfcFromHost(0, 2, 3, 65535);
        b.data(1000, 0, 2, 3, 1);
        b.data(2000, 1, 2, 5, 2);
        b.pfcFromHost(500_000, 2, 3, 0);
        b.run();
        assertEquals(List.of(1L, 2L), psnsAtHost2());
        assertEquals(List.of(1_001_000 + FRAME_PS, 1_001_000 + 2 * FRAME_PS),
                b.at(2, PacketType.DATA).stream().map(Rx::atPs).toList());
    }
}
