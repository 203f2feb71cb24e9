package org.lossless.workloads.collective;

import java.util.Locale;

/**
 * The Java heap a collective job takes, estimated before it runs, so that {@code check} and {@code run} refuse
 * only a job that cannot fit in the heap they have (no fixed slice count).
 *
 * <p>Model, calibrated on ring all-reduces of 64 and 128 hosts (the smallest {@code -Xmx} a run completes with grew by
 * 624 B per message between them, a plan's share included) and a 1,024-GPU plan (about 170 B of heap per slice at
 * its peak): benchmarks/README.md, "Memory: heap per message and the check's estimate":
 * <ul>
 *   <li>the plan: every transfer (slice) of one iteration with its dependencies and the program's state for it,
 *       {@link #PLAN_BYTES_PER_TRANSFER} each, built whole when the job starts (the builder's growing arrays
 *       and the final copy coexist for a moment: that peak is counted);</li>
 *   <li>the messages: each transfer that crosses the network posts its data and one clear-to-send, and the run
 *       keeps a record of every message it posted until the results are written (the program's message, the
 *       engine's record, the NIC's flow and, at the end, the result row): {@link #BYTES_PER_MESSAGE} each, for
 *       every iteration. A ring counts its hops between servers exactly; other algorithms count every transfer
 *       (an upper bound: a transfer inside a server posts no message).</li>
 * </ul>
 * The fabric itself (switches, queues, packets in flight) is not counted: on the fabrics this estimate matters
 * for it is tens to hundreds of MB, small beside a job that does not fit. So a job accepted here can still run
 * out of heap on a fabric with little headroom left (the run then says so and exits 2).
 *
 * @param transfers transfers (slices) of one iteration
 * @param messages  messages the job posts over all its iterations
 */
public record MemoryEstimate(long transfers, long messages) {
    /** Heap per transfer of the plan, at its peak while it is built (B). */
    public static final long PLAN_BYTES_PER_TRANSFER = 200;
    /** Heap per posted message kept to the end of the run, its result row included (B). */
    public static final long BYTES_PER_MESSAGE = 500;

    public MemoryEstimate {
        if (transfers < 0 || messages < 0) {
            throw new IllegalArgumentException("transfers and messages must be >= 0");
        }
    }

    /** The estimate for {@code job} run with {@code algorithm} and {@code protocol} (saturating at Long.MAX_VALUE). */
    public static MemoryEstimate of(CollectiveJob job, Algorithm algorithm, Protocol protocol) {
        long transfers = PlanSize.transfers(job, algorithm, protocol);
        double network = networkShare(job, algorithm);
        double messages = 2.0 * transfers * network * job.iterations();
        return new MemoryEstimate(transfers, messages >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) Math.ceil(messages));
    }

    /**
     * The algorithm and protocol, among those {@code job} may run with ({@link Tuner#candidates}), with the smallest
     * estimate (the first of equals): if it does not fit, none does.
     */
    public static Tuner.Choice cheapest(CollectiveJob job) {
        Tuner.Choice best = null;
        long bytes = Long.MAX_VALUE;
        for (Tuner.Choice c : Tuner.candidates(job)) {
            long b = of(job, c.algorithm(), c.protocol()).totalBytes();
            if (best == null || b < bytes) {
                best = c;
                bytes = b;
            }
        }
        return best;
    }

    /**
     * Share of the transfers that cross the network: a ring's hops from one server to another over its hops
     * (all channels' rings); 1 for other algorithms (an upper bound).
     */
    static double networkShare(CollectiveJob job, Algorithm algorithm) {
        if (algorithm != Algorithm.RING || job.servers().gpusPerServer() == 1) {
            return 1.0;
        }
        int[] ranks = job.rankArray();
        long hops = 0;
        long crossing = 0;
        for (int c = 0; c < job.channels(); c++) {
            int[] ring = job.ringOrder().ring(ranks, c, job.servers());
            for (int i = 0; i < ring.length; i++) {
                hops++;
                crossing += job.servers().sameServer(ring[i], ring[(i + 1) % ring.length]) ? 0 : 1;
            }
        }
        return (double) crossing / hops;
    }

    /** The plan's part, B. */
    public long planBytes() {
        return saturatingTimes(transfers, PLAN_BYTES_PER_TRANSFER);
    }

    /** The messages' part, B. */
    public long messageBytes() {
        return saturatingTimes(messages, BYTES_PER_MESSAGE);
    }

    /** Both parts, B (saturating). */
    public long totalBytes() {
        long p = planBytes();
        long m = messageBytes();
        return p > Long.MAX_VALUE - m ? Long.MAX_VALUE : p + m;
    }

    /** Whether the job fits in a heap of {@code heapBytes}. */
    public boolean fits(long heapBytes) {
        return totalBytes() <= heapBytes;
    }

    /** What the estimate consists of, for a message: "about 9.4 GB (...)". */
    public String describe() {
        return String.format(Locale.ROOT, "about %s of Java heap (a plan of %,d slices per iteration, %s; %,d messages "
                + "kept to the run's end, %s)", size(totalBytes()), transfers, size(planBytes()), messages,
                size(messageBytes()));
    }

    /** A size in decimal units, e.g. "9.4 GB", "120 MB". */
    public static String size(long bytes) {
        if (bytes >= 1_000_000_000_000_000L) {
            return String.format(Locale.ROOT, "%,.0f TB", bytes / 1e12);
        }
        if (bytes >= 1_000_000_000_000L) {
            return String.format(Locale.ROOT, "%.1f TB", bytes / 1e12);
        }
        if (bytes >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.1f GB", bytes / 1e9);
        }
        return String.format(Locale.ROOT, "%d MB", (bytes + 999_999) / 1_000_000);
    }

    /** The heap to ask for with LOSSLESS_HEAP: the estimate rounded up to whole GB, plus one for the fabric. */
    public String heapAdvice() {
        long gb = (totalBytes() + (1L << 30) - 1) >> 30;
        return (gb + 1) + "g";
    }

    private static long saturatingTimes(long a, long b) {
        return a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
    }
}
