package org.lossless.core.spill;

/**
 * How much of the heap what a run keeps per message may take before it goes to disk ({@link LongSpill}): one place,
 * read by the stores themselves and by the memory estimate that {@code check} and {@code run} print, so the two
 * cannot disagree. Both are shares of the JVM's heap limit, clamped: past a few GB of heap they stop growing, as
 * the rest is better left to the fabric and the messages in flight.
 */
public final class SpillBudgets {
    /** Least and most heap for the result files' percentile values, B. */
    public static final long PERCENTILES_MIN = 16L << 20;
    public static final long PERCENTILES_MAX = 512L << 20;
    /** Least and most heap for the ideal replay's record of the messages it sent, B. */
    public static final long SENT_MIN = 8L << 20;
    public static final long SENT_MAX = 256L << 20;

    private SpillBudgets() {
    }

    /** The result files' exact percentiles' values: an eighth of {@code maxHeap}, 16 to 512 MB. */
    public static long percentiles(long maxHeap) {
        return Math.max(PERCENTILES_MIN, Math.min(PERCENTILES_MAX, maxHeap / 8));
    }

    /** The ideal replay's record of every message it sent: a sixteenth of {@code maxHeap}, 8 to 256 MB. */
    public static long sentLog(long maxHeap) {
        return Math.max(SENT_MIN, Math.min(SENT_MAX, maxHeap / 16));
    }

    /** Both, B: the most that what is kept per message takes in the heap, whatever the number of messages. */
    public static long total(long maxHeap) {
        return percentiles(maxHeap) + sentLog(maxHeap);
    }
}
