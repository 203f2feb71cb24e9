package org.lossless.switchmodel.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketRing;

/** {@link EgressScheduler} alone: queues of frames with chosen wire sizes, served one frame per call. */
class EgressSchedulerTest {
    private final PacketRing[] queues = new PacketRing[8];
    private int paused;
    private EgressScheduler sched;

    EgressSchedulerTest() {
        for (int i = 0; i < 8; i++) {
            queues[i] = new PacketRing();
        }
    }

    /** DWRR over every queue not in {@code strict}; weights as given (queue, weight pairs), others 1. */
    private void plan(int strictMask, int quantum, int... queueWeight) {
        int[] w = new int[8];
        for (int q = 0; q < 8; q++) {
            w[q] = (strictMask >>> q & 1) != 0 ? 0 : 1;
        }
        for (int i = 0; i < queueWeight.length; i += 2) {
            w[queueWeight[i]] = queueWeight[i + 1];
        }
        sched = new EgressScheduler(new SchedulingPlan(strictMask, w, quantum));
    }

    private void add(int q, int wireBytes) {
        Packet p = new Packet();
        p.priority = (byte) q;
        p.wireBytes = (char) wireBytes;
        queues[q].add(p);
    }

    /** One dequeue as OutputQueues does it; returns the queue served or -1. */
    private int serveOne() {
        int eligible = 0;
        for (int q = 0; q < 8; q++) {
            if (!queues[q].isEmpty() && (paused >>> q & 1) == 0) {
                eligible |= 1 << q;
            }
        }
        int q = sched.select(eligible, queues);
        if (q >= 0) {
            queues[q].poll();
            if (queues[q].isEmpty()) {
                sched.emptied(q);
            }
        }
        return q;
    }

    private List<Integer> serve(int n) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(serveOne());
        }
        return out;
    }

    private static List<Integer> repeat(List<Integer> round, int times) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            out.addAll(round);
        }
        return out;
    }

    @Test
    void weights3To1WithEqualFramesServeExactly3To1EveryRound() {
        plan(0, 1000, 3, 3, 4, 1);
        for (int i = 0; i < 100; i++) {
            add(3, 1000);
            add(4, 1000);
        }
        // quantum = frame: queue 3 earns 3 frames per round, queue 4 one; ascending order, 3 first
        assertEquals(repeat(List.of(3, 3, 3, 4), 20), serve(80));
    }

    @Test
    void unequalFramesGetByteSharesProportionalToWeights() {
        // queue 3 sends 1500 B frames, queue 4 1000 B; weights 3 : 1, quantum 1500 B; always backlogged
        plan(0, 1500, 3, 3, 4, 1);
        long[] bytes = new long[8];
        for (int i = 0; i < 4; i++) {
            add(3, 1500);
            add(4, 1000);
        }
        for (int i = 0; i < 40_000; i++) {
            int q = serveOne();
            int size = q == 3 ? 1500 : 1000;
            bytes[q] += size;
            add(q, size);
            assertTrue(sched.deficit(q) < 3 * 1500 + 1500, "deficit below quantum + largest frame");
        }
        // per round: queue 3 4500 B (3 frames), queue 4 1500 B (1 or 2 frames as credit carries over);
        // after R rounds each has R x quantum less less than one frame of credit
        assertEquals(0.75, bytes[3] / (double) (bytes[3] + bytes[4]), 0.0005);
        double rounds = bytes[3] / 4500.0;
        assertEquals(rounds * 1500, bytes[4], 2 * 1000, "queue 4: 1500 B per round, within one frame");
    }

    @Test
    @SuppressWarnings("unchecked")
    void byteSharesOfRandomSizesConvergeToTheWeights() {
        plan(0, 1500, 1, 1, 2, 2, 5, 5);
        Random rnd = new Random(11);
        long[] bytes = new long[8];
        java.util.ArrayDeque<Integer>[] sizes = new java.util.ArrayDeque[8];
        for (int q : new int[] {1, 2, 5}) {
            sizes[q] = new java.util.ArrayDeque<>();
            for (int i = 0; i < 3; i++) {
                int b = 64 + rnd.nextInt(1437);
                sizes[q].add(b);
                add(q, b);
            }
        }
        long total = 0;
        for (int i = 0; i < 200_000; i++) {
            int q = serveOne();
            int b = sizes[q].poll();
            bytes[q] += b;
            total += b;
            int n = 64 + rnd.nextInt(1437);
            sizes[q].add(n);
            add(q, n); // always backlogged
        }
        assertEquals(1 / 8.0, bytes[1] / (double) total, 0.001);
        assertEquals(2 / 8.0, bytes[2] / (double) total, 0.001);
        assertEquals(5 / 8.0, bytes[5] / (double) total, 0.001);
    }

    @Test
    void aPausedQueueIsSkippedKeepsItsCreditAndResumes() {
        plan(0, 1000, 3, 3, 4, 1);
        for (int i = 0; i < 100; i++) {
            add(3, 1000);
            add(4, 1000);
        }
        assertEquals(List.of(3, 3), serve(2));
        paused = 1 << 3;
        assertEquals(List.of(4, 4, 4, 4, 4), serve(5), "only queue 4 while 3 is paused");
        assertEquals(1000, sched.deficit(3), "queue 3 keeps its unused 1000 B, earns nothing while paused");
        paused = 0;
        // queue 3's next turn: 1000 B left + 3000 B quantum = 4 frames, then the 3 : 1 rounds again
        assertEquals(List.of(3, 3, 3, 3, 4, 3, 3, 3, 4), serve(9));
    }

    @Test
    void allQueuesPausedOrEmptyGivesNothing() {
        plan(0, 1000);
        assertEquals(-1, serveOne());
        add(2, 500);
        paused = 1 << 2;
        assertEquals(-1, serveOne());
        paused = 0;
        assertEquals(2, serveOne());
    }

    @Test
    void aQueueThatEmptiesForfeitsItsCredit() {
        plan(0, 1000, 3, 3, 4, 1);
        add(3, 1000);
        add(3, 1000);
        add(4, 1000);
        add(4, 1000);
        assertEquals(List.of(3, 3), serve(2));
        assertEquals(0, sched.deficit(3), "1000 B unused, reset when the queue emptied");
        add(3, 1000);
        assertEquals(List.of(4, 3, 4, -1), serve(4));
    }

    @Test
    void strictQueuesGoFirstHighestNumberFirstAndDwrrResumesWhereItWas() {
        plan((1 << 7) | (1 << 6), 1000, 0, 1, 1, 1);
        for (int i = 0; i < 3; i++) {
            add(0, 1000);
            add(1, 1000);
        }
        assertEquals(List.of(0, 1), serve(2));
        add(6, 100);
        add(7, 100);
        add(6, 100);
        assertEquals(List.of(7, 6, 6, 0, 1, 0, 1, -1), serve(8));
    }

    @Test
    void strictPriorityPlanIsTheOldBehaviour() {
        sched = new EgressScheduler(SchedulingPlan.strictPriority());
        add(0, 1000);
        add(3, 1000);
        add(3, 1000);
        add(5, 64);
        paused = 1 << 5;
        assertEquals(List.of(3, 3, 0, -1), serve(4));
        paused = 0;
        assertEquals(List.of(5, -1), serve(2));
    }

    @Test
    void aQuantumSmallerThanTheFrameTakesSeveralRoundsToEarnIt() {
        plan(0, 64, 2, 1, 5, 1);
        for (int i = 0; i < 10; i++) {
            add(2, 1000);
            add(5, 1000);
        }
        // both earn 64 B per visit: each needs 16 visits (1024 B) for the first frame, then alternate
        assertEquals(List.of(2, 5, 2, 5, 2, 5), serve(6));
    }

    @Test
    void planValidation() {
        assertThrows(IllegalArgumentException.class, () -> new SchedulingPlan(0x100, new int[8], 1000));
        assertThrows(IllegalArgumentException.class, () -> new SchedulingPlan(0, new int[8], 1000), "weight 0 on DWRR");
        int[] w = {1, 1, 1, 1, 1, 1, 1, 101};
        assertThrows(IllegalArgumentException.class, () -> new SchedulingPlan(0, w, 1000));
        int[] ok = {1, 1, 1, 1, 1, 1, 1, 1};
        assertThrows(IllegalArgumentException.class, () -> new SchedulingPlan(1, ok, 1000), "strict with a weight");
        assertThrows(IllegalArgumentException.class, () -> new SchedulingPlan(0, ok, 63));
        assertEquals(3000, new SchedulingPlan(0, new int[] {3, 1, 1, 1, 1, 1, 1, 1}, 1000).quantum(0));
    }
}
