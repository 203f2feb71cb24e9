package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The pacer on a made-up machine: windows of 1 ms of wall time whose events per ns depend on the way they ran (all
 * threads or one), so which way it keeps and when it probes can be worked out by hand. Blocks of 1 ms (one window), 16
 * a cycle, stretches of 100 ms: a cycle is windows 0-15 (X Y Y X four times, X the way kept), then 100 windows kept.
 */
class PacerTest {
    private static final long MS = 1_000_000;
    /** A cycle's blocks, then the first stretch. */
    private static final int CYCLE = 16;
    private static final int KEEP = 100;

    /** A machine on which a window of all threads runs {@code together} events per ns, of one thread {@code solo}. */
    private static final class Machine {
        long nowNs;
        long events;
        double together;
        double solo;
        final Pacer pacer = new Pacer(true, MS, CYCLE, KEEP * MS, () -> events);
        /** The way of each window run: true for one thread. */
        final List<Boolean> ways = new ArrayList<>();

        Machine(double together, double solo) {
            this.together = together;
            this.solo = solo;
            pacer.restart(0);
        }

        /** Runs {@code n} windows of 1 ms, each in the way the pacer chose after the last. */
        void run(int n) {
            boolean one = pacer.solo(nowNs);
            for (int i = 0; i < n; i++) {
                ways.add(one);
                nowNs += MS;
                events += (long) ((one ? solo : together) * MS);
                one = pacer.solo(nowNs);
            }
        }

        long soloWindows(int from, int to) {
            return ways.subList(from, to).stream().filter(b -> b).count();
        }

        /** The ways of windows {@code from} to {@code to - 1}, as 1 (one thread) and 0. */
        String pattern(int from, int to) {
            StringBuilder sb = new StringBuilder();
            for (int i = from; i < to; i++) {
                sb.append(ways.get(i) ? '1' : '0');
            }
            return sb.toString();
        }
    }

    @Nested
    class Verdicts {
        @Test
        void oneThreadTwiceAsFastIsKeptAfterTheFirstCycle() {
            Machine m = new Machine(1.0, 2.0);
            m.run(CYCLE + KEEP);
            assertEquals("0110011001100110", m.pattern(0, CYCLE), "the threads kept at first: X Y Y X, X the threads");
            assertEquals(KEEP, m.soloWindows(CYCLE, CYCLE + KEEP), "kept: one thread");
            assertEquals(1, m.pacer.soloCycles());
        }

        @Test
        void threadsTwiceAsFastAreKept() {
            Machine m = new Machine(2.0, 1.0);
            m.run(CYCLE + KEEP);
            assertEquals(0, m.soloWindows(CYCLE, CYCLE + KEEP));
            assertEquals(1, m.pacer.cycles());
            assertEquals(0, m.pacer.soloCycles());
        }

        @Test
        void oneThreadFasterByLessThanTheMarginLeavesTheThreads() {
            Machine m = new Machine(1.0, 1.04);
            m.run(CYCLE + KEEP);
            assertEquals(0, m.soloWindows(CYCLE, CYCLE + KEEP));
        }

        @Test
        void aRunWhoseRateSwingsFromBlockToBlockIsJudgedByTheWays() {
            // the run's own rate doubles and halves every two windows (a collective's phases): blocks of the threads at
            // 1 and 2 alternately, one thread 1.5x either: each half of the cycle holds as many fast as slow of each way
            Machine m = new Machine(1.0, 1.5);
            for (int i = 0; i < CYCLE / 2; i++) {
                double f = i % 2 == 0 ? 1 : 2;
                m.together = f;
                m.solo = 1.5 * f;
                m.run(2);
            }
            m.run(KEEP);
            assertEquals(KEEP, m.soloWindows(CYCLE, CYCLE + KEEP));
        }

        @Test
        void aMachineSpeedingUpInTheSecondHalfDoesNotPassForOneThreadsGain() {
            // one thread is 1.5x as fast in the first half; in the second the threads become 2x as fast as before:
            // the halves disagree
            Machine m = new Machine(1.0, 1.5);
            m.run(CYCLE / 2);
            m.together = 2.0;
            m.run(CYCLE / 2 + KEEP);
            assertEquals(0, m.soloWindows(CYCLE, CYCLE + KEEP));
        }

        @Test
        void aMachineThatChangesStateIsFollowedAtTheNextCycle() {
            Machine m = new Machine(1.0, 2.0);
            m.run(CYCLE + KEEP); // kept one thread
            m.together = 3.0;
            m.run(CYCLE + KEEP);
            int at = CYCLE + KEEP;
            assertEquals("1001100110011001", m.pattern(at, at + CYCLE), "one thread kept: X Y Y X, X one thread");
            assertEquals(0, m.soloWindows(at + CYCLE, at + CYCLE + KEEP), "back to the threads");
        }
    }

    @Nested
    class Cost {
        @Test
        void theStretchDoublesWhileTheVerdictHolds() {
            Machine m = new Machine(2.0, 1.0);
            // stretches of 100, 200, ..., 3,200 windows (32x), and no longer
            int[] keeps = {100, 200, 400, 800, 1_600, 3_200, 3_200};
            m.run(java.util.Arrays.stream(keeps).sum() + CYCLE * (keeps.length + 1));
            assertEquals(keeps.length + 1, m.pacer.cycles());
            int at = 0;
            for (int keep : keeps) {
                at += CYCLE;
                assertEquals(CYCLE / 2, m.soloWindows(at - CYCLE, at), "blocks of one thread before the stretch of " + keep);
                assertEquals(0, m.soloWindows(at, at + keep), "a stretch of " + keep + " windows of threads");
                at += keep;
            }
        }

        @Test
        void theStretchIsBackToItsLengthWhenTheVerdictChanges() {
            Machine m = new Machine(2.0, 1.0);
            m.run(CYCLE + 100 + CYCLE + 200); // two verdicts for the threads: the next stretch would be 400
            m.solo = 4.0;
            m.run(CYCLE + 100 + 1);
            int at = 2 * CYCLE + 300 + CYCLE;
            assertEquals(100, m.soloWindows(at, at + 100), "one thread kept for 100 windows, the stretch's length");
            assertEquals(Boolean.TRUE, m.ways.get(at + 100), "then a cycle starting with one thread");
        }

        @Test
        void aPauseBetweenRunsIsNotMeasured() {
            Machine m = new Machine(1.0, 2.0);
            m.run(1); // a block of the threads, then a pause in the block of one thread that follows
            m.nowNs += 1_000 * MS;
            m.pacer.restart(m.nowNs);
            m.run(CYCLE - 1 + KEEP);
            assertEquals(KEEP, m.soloWindows(CYCLE, CYCLE + KEEP), "the block across the pause measured one thread's speed");
        }
    }

    @Test
    void aDisabledPacerNeverChoosesOneThread() {
        Pacer p = new Pacer(false, 0, CYCLE, 0, () -> 0);
        for (long t = 0; t < 100; t++) {
            assertFalse(p.solo(t * MS));
        }
        assertEquals(0, p.cycles());
    }

    @Test
    void badLengthsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Pacer(true, -1, CYCLE, 0, () -> 0));
        assertThrows(IllegalArgumentException.class, () -> new Pacer(true, 0, CYCLE, -1, () -> 0));
        assertThrows(IllegalArgumentException.class, () -> new Pacer(true, 0, 12, 0, () -> 0));
        assertThrows(IllegalArgumentException.class, () -> new Pacer(true, 0, 0, 0, () -> 0));
    }
}
