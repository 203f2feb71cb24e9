package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The pacer on a made-up machine: windows of 1 ms of wall time whose events per ns depend on the way they ran (all
 * threads or one), so which way it keeps and when it probes can be worked out by hand. Probes of 10 ms, stretches of
 * 100 ms: a cycle's four probes take 10 windows each.
 */
class PacerTest {
    private static final long MS = 1_000_000;

    /** A machine on which a window of all threads runs {@code together} events per ns, of one thread {@code solo}. */
    private static final class Machine {
        long nowNs;
        long events;
        double together;
        double solo;
        final Pacer pacer = new Pacer(true, 10 * MS, 100 * MS, () -> events);
        /** The way of each window run: true for one thread. */
        final List<Boolean> ways = new ArrayList<>();

        Machine(double together, double solo) {
            this.together = together;
            this.solo = solo;
            pacer.restart(0);
        }

        /** Runs {@code n} windows of 1 ms, each in the way the pacer chose after the last. */
        void run(int n) {
            boolean solo1 = pacer.solo(nowNs);
            for (int i = 0; i < n; i++) {
                ways.add(solo1);
                nowNs += MS;
                events += (long) ((solo1 ? solo : together) * MS);
                solo1 = pacer.solo(nowNs);
            }
        }

        long soloWindows(int from, int to) {
            return ways.subList(from, to).stream().filter(b -> b).count();
        }
    }

    @Nested
    class Verdicts {
        @Test
        void oneThreadTwiceAsFastIsKeptAfterTheFirstCycle() {
            Machine m = new Machine(1.0, 2.0);
            m.run(140); // probes 0-39 (together, solo, solo, together: 10 windows each), then the stretch 40-139
            assertEquals(20, m.soloWindows(0, 40), "the two probes of one thread");
            assertEquals(100, m.soloWindows(40, 140), "kept: one thread");
            assertEquals(1, m.pacer.soloCycles());
        }

        @Test
        void threadsTwiceAsFastAreKept() {
            Machine m = new Machine(2.0, 1.0);
            m.run(140);
            assertEquals(0, m.soloWindows(40, 140));
            assertEquals(1, m.pacer.cycles());
            assertEquals(0, m.pacer.soloCycles());
        }

        @Test
        void oneThreadFasterByLessThanTheMarginLeavesTheThreads() {
            Machine m = new Machine(1.0, 1.04);
            m.run(140);
            assertEquals(0, m.soloWindows(40, 140));
        }

        @Test
        void aMachineSpeedingUpDuringTheProbesDoesNotPassForOneThreadsGain() {
            // the threads' speed doubles in the middle of the cycle (a compiler warming up): the first pair says one
            // thread (1.5 against 1.0), the second says the threads (1.5 against 2.0)
            Machine m = new Machine(1.0, 1.5);
            m.run(20);
            m.together = 2.0;
            m.run(120);
            assertEquals(0, m.soloWindows(40, 140));
        }

        @Test
        void aMachineThatChangesStateIsFollowedAtTheNextCycle() {
            Machine m = new Machine(1.0, 2.0);
            m.run(140); // kept one thread
            m.together = 3.0;
            // the next cycle starts with the way kept: solo, together, together, solo; then the threads
            m.run(140);
            assertEquals(20, m.soloWindows(140, 180), "its probes of one thread, first and last");
            assertTrue(m.ways.get(140) && m.ways.get(179) && !m.ways.get(150) && !m.ways.get(169));
            assertEquals(0, m.soloWindows(180, 280), "back to the threads");
        }
    }

    @Nested
    class Cost {
        @Test
        void theStretchDoublesWhileTheVerdictHolds() {
            Machine m = new Machine(2.0, 1.0);
            // cycles of 40 windows of probes, then stretches of 100, 200, ..., 3,200 windows (32x), and no longer
            int[] keeps = {100, 200, 400, 800, 1_600, 3_200, 3_200};
            m.run(java.util.Arrays.stream(keeps).sum() + 40 * (keeps.length + 1));
            assertEquals(keeps.length + 1, m.pacer.cycles());
            int at = 0;
            for (int keep : keeps) {
                at += 40;
                assertEquals(20, m.soloWindows(at - 40, at), "probes of one thread before the stretch of " + keep);
                assertEquals(0, m.soloWindows(at, at + keep), "a stretch of " + keep + " windows of threads");
                at += keep;
            }
        }

        @Test
        void theStretchIsBackToItsLengthWhenTheVerdictChanges() {
            Machine m = new Machine(2.0, 1.0);
            m.run(40 + 100 + 40 + 200); // two verdicts for the threads: the next stretch would be 400
            m.solo = 4.0;
            m.run(40 + 100 + 40);
            assertEquals(100, m.soloWindows(420, 520), "one thread kept for 100 windows, the stretch's length");
            assertTrue(m.ways.get(520), "then a cycle starting with one thread");
        }

        @Test
        void aPauseBetweenRunsIsNotMeasured() {
            Machine m = new Machine(1.0, 2.0);
            m.run(15); // a probe of the threads (10), then 5 windows into one thread's
            m.nowNs += 1_000 * MS; // between runs: no events
            m.pacer.restart(m.nowNs); // the probe of one thread measures 10 ms from here: windows 15-24
            m.run(130);
            assertEquals(100, m.soloWindows(45, 145), "the probe across the pause still measured one thread's speed");
        }
    }

    @Test
    void aDisabledPacerNeverChoosesOneThread() {
        Pacer p = new Pacer(false, 0, 0, () -> 0);
        for (long t = 0; t < 100; t++) {
            assertFalse(p.solo(t * MS));
        }
        assertEquals(0, p.cycles());
    }

    @Test
    void negativeLengthsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Pacer(true, -1, 0, () -> 0));
        assertThrows(IllegalArgumentException.class, () -> new Pacer(true, 0, -1, () -> 0));
    }
}
