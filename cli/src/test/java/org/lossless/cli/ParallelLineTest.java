package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The partitioned engine's line from given figures, against hand-computed text. */
class ParallelLineTest {
    /** Windows of 0.86 us on average: 3,785 of them ran 3,785 x 860,000 ps; the lookahead 1 us. */
    static final long WINDOWS = 3_785;
    static final long WINDOW_PS = WINDOWS * 860_000;
    static final String WHAT = " of the engine's wall time was the step between windows on one thread (the traffic "
            + "programs' reactions and timers, global events, the next window's plan)";

    static String line(int threads, int partitions, long windows, long windowPs, long stepNs, long wallNs) {
        return new ParallelLine.Figures(threads, partitions, windows, windowPs, 1_000_000, stepNs, wallNs, 0, 0, 0)
                .line();
    }

    @Test
    void windowsRunOnOneThreadAreCountedAtTheEnd() {
        // 2,310 of 3,785 windows: 61.03 %
        assertEquals("  (parallel: 2 threads on 8 partitions, 3,785 windows of 0.86 us simulated on average (at most "
                + "1.00 us, the lookahead); 24 %" + WHAT + ", so more threads can make this run at most 4.2x faster; "
                + "2,310 of the windows (61 %) ran on one thread: on this machine one was faster than 2 (measured as "
                + "the run went), and a run without --threads (the sequential engine) is likely faster still)",
                new ParallelLine.Figures(2, 8, WINDOWS, WINDOW_PS, 1_000_000, 24_000_000, 100_000_000, 2_400, 2_310, 3)
                        .line());
    }

    @Test
    void windowsOnOneThreadOnlyToMeasureAreSaidToBeThat() {
        // 48 of 3,785 windows: 1.27 %; measured (2 cycles decided): one thread was not faster
        String measured = new ParallelLine.Figures(2, 8, WINDOWS, WINDOW_PS, 1_000_000, 24_000_000, 100_000_000, 48, 0,
                2).line();
        assertEquals(true, measured.endsWith(", so more threads can make this run at most 4.2x faster; 48 of the windows "
                + "(1 %) ran on one thread to measure whether one is faster on this machine: it was not)"), measured);
        String early = new ParallelLine.Figures(2, 8, WINDOWS, WINDOW_PS, 1_000_000, 24_000_000, 100_000_000, 8, 0, 0)
                .line();
        assertEquals(true, early.endsWith("; 8 of the windows (0 %) ran on one thread to measure whether one is faster on "
                + "this machine: the run ended before that was known)"), early);
    }

    @Test
    void withUnderHalfTheWindowsOnOneThreadTheSequentialEngineIsNotSuggested() {
        // 1,892 of 3,785 windows: 49.99 %, and 1,893: 50.01 %
        String at = new ParallelLine.Figures(2, 8, WINDOWS, WINDOW_PS, 1_000_000, 24_000_000, 100_000_000, 1_892, 1_892,
                2).line();
        assertEquals(false, at.contains("without --threads"), at);
        assertEquals(true, at.endsWith("1,892 of the windows (50 %) ran on one thread: on this machine one was faster "
                + "than 2 (measured as the run went))"), at);
        String over = new ParallelLine.Figures(2, 8, WINDOWS, WINDOW_PS, 1_000_000, 24_000_000, 100_000_000, 1_893,
                1_893, 2).line();
        assertEquals(true, over.endsWith("1,893 of the windows (50 %) ran on one thread: on this machine one was faster "
                + "than 2 (measured as the run went), and a run without --threads (the sequential engine) is likely "
                + "faster still)"), over);
    }

    @Test
    void aStepOf24MsIn100MsIs24PercentAndBoundsTheGainAt4Point2x() {
        // 24 ms of 100 ms: share 0.24, Amdahl's bound 1 / 0.24 = 4.1667
        assertEquals("  (parallel: 2 threads on 8 partitions, 3,785 windows of 0.86 us simulated on average (at most "
                + "1.00 us, the lookahead); 24 %" + WHAT + ", so more threads can make this run at most 4.2x faster)",
                line(2, 8, WINDOWS, WINDOW_PS, 24_000_000, 100_000_000));
    }

    @Test
    void exactly2PercentStillGivesTheBound50x() {
        // 2 ms of 100 ms: 1 / 0.02 = 50
        assertEquals("  (parallel: 4 threads on 16 partitions, 10 windows of 0.25 us simulated on average (at most "
                + "1.00 us, the lookahead); 2 %" + WHAT + ", so more threads can make this run at most 50.0x faster)",
                line(4, 16, 10, 2_500_000, 2_000_000, 100_000_000));
    }

    @Test
    void underTwoPercentTheLineSaysSoInsteadOfABound() {
        // 1,999,999 ns of 100 ms: just under 2 %
        assertEquals("  (parallel: 2 threads on 8 partitions, 3,785 windows of 0.86 us simulated on average (at most "
                + "1.00 us, the lookahead); under 2 %" + WHAT + ", too little to bound what more threads can gain)",
                line(2, 8, WINDOWS, WINDOW_PS, 1_999_999, 100_000_000));
    }

    @Test
    void onePartitionGivesNoLine() {
        assertEquals("", line(1, 1, 50, 50_000_000, 10, 100));
    }

    @Test
    void noWindowAndOneThreadAreSaidPlainly() {
        assertEquals("  (parallel: 1 thread on 4 partitions, no window run)", line(1, 4, 0, 0, 0, 1_000));
        // one window of 0.5 us; no wall time measured: no share
        assertEquals("  (parallel: 1 thread on 4 partitions, 1 window of 0.50 us simulated on average (at most 1.00 us,"
                + " the lookahead))", line(1, 4, 1, 500_000, 0, 0));
    }

    @Test
    void withoutARunOnThePartitionedEngineThereIsNoLine() {
        assertEquals("", new ParallelLine().line());
    }
}
