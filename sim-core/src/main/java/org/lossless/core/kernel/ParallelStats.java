package org.lossless.core.kernel;

/**
 * What limits a {@link ParallelEngine}, measured over its runs: the number of windows, the events each partition ran
 * (in all and in its busiest window), and the time each thread waited at the barrier. From a run on a few cores they
 * give the events per window per partition and the barrier cost, from which the speedup on more cores is predicted
 * (benchmarks/README.md).
 */
public final class ParallelStats {
    /** Windows run. */
    long windows;
    /** Events run by each partition. */
    final long[] events;
    /** Most events a partition ran in one window. */
    final long[] maxWindowEvents;
    /** Wall time each thread spent at the barrier (waiting, or running the between-window step), ns. */
    final long[] barrierNs;
    /** Wall time of the runs, ns. */
    long wallNs;

    ParallelStats(int partitions, int threads) {
        events = new long[partitions];
        maxWindowEvents = new long[partitions];
        barrierNs = new long[threads];
    }

    public long windows() {
        return windows;
    }

    /** Number of partitions. */
    public int partitions() {
        return events.length;
    }

    public long events(int partition) {
        return events[partition];
    }

    public long maxWindowEvents(int partition) {
        return maxWindowEvents[partition];
    }

    public long barrierNs(int thread) {
        return barrierNs[thread];
    }

    public long wallNs() {
        return wallNs;
    }

    /** Mean events per partition per window. */
    public double eventsPerPartitionWindow() {
        long total = 0;
        for (long e : events) {
            total += e;
        }
        return windows == 0 ? 0 : (double) total / events.length / windows;
    }

    /** Mean barrier time per window (over threads), ns. */
    public double barrierNsPerWindow() {
        long total = 0;
        for (long b : barrierNs) {
            total += b;
        }
        return windows == 0 ? 0 : (double) total / barrierNs.length / windows;
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "%d windows, %.1f events per partition per window, %.0f ns at the "
                + "barrier per window and thread, wall %.3f s", windows, eventsPerPartitionWindow(), barrierNsPerWindow(),
                wallNs / 1e9);
    }
}
