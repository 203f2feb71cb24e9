package org.lossless.workloads.collective;

import java.util.Locale;

import org.lossless.core.spill.SpillBudgets;

/**
 * The Java heap a collective job takes, estimated before it runs, so that {@code check} and {@code run} refuse
 * only a job that cannot fit in the heap they have (no fixed slice count).
 *
 * <p>Model, calibrated on ring all-reduces of 64 and 128 hosts (the smallest {@code -Xmx} a run completes with grew by
 * 624 B per message between them, a plan's share included) and a 1,024-GPU plan (about 170 B of heap per slice at
 * its peak): benchmarks/README.md, "Memory: heap per message and the check's estimate":
 * <ul>
 *   <li>the plan: the transfers (slices) of one iteration whose dependencies and program state are held at once,
 *       {@link #PLAN_BYTES_PER_TRANSFER} each. Tree, halving-doubling, broadcast and all-to-all plans are built whole
 *       when the job starts (the builder's growing arrays and the final copy coexist for a moment: that peak is
 *       counted), so every transfer of an iteration is held. A ring reduce-scatter, all-gather or all-reduce is
 *       computed step by step ({@link RingView}) and the program keeps the state of the steps in flight only
 *       ({@link PlanState}): {@link #RING_STEPS_HELD} steps of every rank's slices per channel (at most the
 *       iteration's), plus its rings and lanes;</li>
 *   <li>the messages: each transfer that crosses the network posts its data and one clear-to-send, and the run
 *       streams each message's row to the result files once it has completed, keeping to the end only what the
 *       exact percentiles of {@code summary.json} and {@code flows_summary.csv} need of it (a slowdown, a
 *       completion time), and the job's ideal replay keeps a record of each message it sent (for its port bound):
 *       {@link #BYTES_PER_MESSAGE} each in the heap, but only up to the spill budgets
 *       ({@link SpillBudgets#total}: a share of the heap limit, at most 768 MB); past them those values go to
 *       files in the result directory being written, about {@link #DISK_BYTES_PER_MESSAGE} a message
 *       ({@link #diskBytes}), and only {@link #RESIDUAL_BYTES_PER_MESSAGE} a message stays in the heap. A ring counts
 *       its hops between servers exactly; other algorithms count every transfer (an upper bound: a transfer inside
 *       a server posts no message). The records of messages in flight (and of those posted after the oldest not
 *       completed yet, which the rows' id order holds back) are not counted here.</li>
 * </ul>
 * The fabric itself (switches, queues, packets in flight) is not counted: on the fabrics this estimate matters
 * for it is tens to hundreds of MB, small beside a job that does not fit. So a job accepted here can still run
 * out of heap on a fabric with little headroom left (the run then says so and exits 2).
 *
 * @param transfers transfers (slices) of one iteration
 * @param held      transfers of one iteration held at once (all of them for a plan built whole)
 * @param messages  messages the job posts over all its iterations
 */
public record MemoryEstimate(long transfers, long held, long messages) {
    /** Heap per transfer of the plan, at its peak while it is built (B); also charged per held slice of a ring. */
    public static final long PLAN_BYTES_PER_TRANSFER = 200;
    /**
     * Steps per channel whose state a ring holds at once: the step being issued, the one before it (its transfers are
     * read until this one is done), the next one receiving and those whose slots are granted. Measured: at most 3 per
     * channel on 128 GPUs of a k=8 fat-tree (benchmarks/README.md, "Memory: collective plans step by step"); a rank can
     * run at most one step ahead of either neighbour, so a congested ring holds more: 8 leaves room for that.
     */
    public static final long RING_STEPS_HELD = 8;
    /**
     * The most slices one iteration may have: the program numbers ops and transfers with ints and codes a transfer's
     * clear-to-send in its id's low bit (a ring has at most twice as many ops as transfers), whatever the heap.
     */
    public static final long MAX_SLICES = RingView.MAX_IDS / 2;
    /**
     * Heap per posted message (B), measured: the largest live heap of ring all-reduces of 2 MB on 128, 256 and 384
     * hosts of one k=12 fat-tree (class histograms every 2 s, the end of the run included) grew by 69 B and 120 B per
     * added message (benchmarks/README.md, "Memory: results streamed"), rounded up to 128 B. During the run it grew
     * by about 45 B: a data message leaves its slowdown (8 B) in {@code summary.json}'s figures, a control message
     * its slowdown and latency (16 B), an aggregated one its completion time and slowdown in its
     * {@code flows_summary.csv} row (16 B), a quarter more on average while the arrays grow (35 B for a
     * collective's); the largest heap is at the end of the run, when the job's ideal is computed (a record per
     * message it sends, for the port bound) and the percentiles' values are sorted.
     */
    public static final long BYTES_PER_MESSAGE = 128;

    /**
     * What stays in the heap per message once the spill budgets are full (B), measured: the largest live heap of a
     * 384-GPU ring all-reduce with a 400 MB heap limit grew from 86 to 89 MB between 4.7 M and 9.1 M messages (about
     * 0.7 B a message, int arrays not attributed), rounded up (benchmarks/README.md, "Memory: what a run keeps per
     * message goes to disk past a budget").
     */
    public static final long RESIDUAL_BYTES_PER_MESSAGE = 1;
    /**
     * Disk per message past the budgets (B): a message's FCT and slowdown in its flows_summary.csv group, which
     * summary.json's figures read too (8 B each), and the replay's record (8 B for most messages): 24 B; measured, the
     * ring above's spill files peaked at 145 MB for 9.1 M messages past budgets of 75 MB (benchmarks/README.md, as
     * above). A message flows.csv lists keeps only its slowdown (data) or slowdown and latency (control): less.
     */
    public static final long DISK_BYTES_PER_MESSAGE = 24;

    public MemoryEstimate {
        if (transfers < 0 || messages < 0 || held < 0 || held > transfers) {
            throw new IllegalArgumentException("transfers and messages must be >= 0, held 0..transfers");
        }
    }

    /** A plan built whole: every transfer held. */
    public MemoryEstimate(long transfers, long messages) {
        this(transfers, transfers, messages);
    }

    /** The estimate for {@code job} run with {@code algorithm} and {@code protocol} (saturating at Long.MAX_VALUE). */
    public static MemoryEstimate of(CollectiveJob job, Algorithm algorithm, Protocol protocol) {
        long transfers = PlanSize.transfers(job, algorithm, protocol);
        double network = networkShare(job, algorithm);
        double messages = 2.0 * transfers * network * job.iterations();
        return new MemoryEstimate(transfers, held(job, algorithm, protocol, transfers),
                messages >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) Math.ceil(messages));
    }

    /**
     * Transfers held at once: a ring's {@link #RING_STEPS_HELD} steps of n ranks' slices per channel, plus one per
     * ring hop for its rings and lanes (about 30 B each, well under a slice's 200); every transfer otherwise.
     */
    static long held(CollectiveJob job, Algorithm algorithm, Protocol protocol, long transfers) {
        if (algorithm != Algorithm.RING || job.collective() == Collective.BROADCAST) {
            return transfers;
        }
        long slices = protocol == Protocol.SIMPLE ? NcclConstants.RING_CHUNK_STEPS / NcclConstants.RING_SLICE_STEPS : 1;
        long perChannel = (RING_STEPS_HELD * slices + 1) * job.n();
        return Math.min(transfers, perChannel * job.channels());
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
        return saturatingTimes(held, PLAN_BYTES_PER_TRANSFER);
    }

    /** The messages' part if all of it stayed in the heap (no spill budget), B: what ranks the candidates. */
    public long messageBytes() {
        return saturatingTimes(messages, BYTES_PER_MESSAGE);
    }

    /**
     * The messages' part in a heap of {@code heapBytes}, B: what they keep, up to the spill budgets of that heap, plus
     * what stays per message past them.
     */
    public long messageBytes(long heapBytes) {
        return saturatingAdd(Math.min(messageBytes(), SpillBudgets.total(heapBytes)),
                saturatingTimes(messages, RESIDUAL_BYTES_PER_MESSAGE));
    }

    /** Plan and messages with no spill budget, B (saturating): what ranks the candidates ({@link #cheapest}). */
    public long totalBytes() {
        return saturatingAdd(planBytes(), messageBytes());
    }

    /** Plan and messages in a heap of {@code heapBytes}, B (saturating). */
    public long totalBytes(long heapBytes) {
        return saturatingAdd(planBytes(), messageBytes(heapBytes));
    }

    /** The disk the messages' values take in the result directory while the run goes on, B (0: none spill). */
    public long diskBytes(long heapBytes) {
        return messageBytes() <= SpillBudgets.total(heapBytes) ? 0 : saturatingTimes(messages, DISK_BYTES_PER_MESSAGE);
    }

    /** Whether the job fits in a heap of {@code heapBytes} (and its plan in the program's numbering, {@link #MAX_SLICES}). */
    public boolean fits(long heapBytes) {
        return transfers <= MAX_SLICES && totalBytes(heapBytes) <= heapBytes;
    }

    /** What the estimate consists of in a heap of {@code heapBytes}, for a message: "about 9.4 GB (...)". */
    public String describe(long heapBytes) {
        String plan = transfers > MAX_SLICES ? String.format(Locale.ROOT, "a plan of %,d slices per iteration, more "
                + "than the %,d one simulation can number", transfers, MAX_SLICES)
                : held == transfers ? String.format(Locale.ROOT, "a plan of %,d slices per iteration", transfers)
                : String.format(Locale.ROOT, "a plan of %,d slices per iteration made step by step, %,d held at once",
                        transfers, held);
        long disk = diskBytes(heapBytes);
        String msgs = disk == 0 ? String.format(Locale.ROOT, "%,d messages' figures kept to the run's end, %s", messages,
                size(messageBytes(heapBytes)))
                : String.format(Locale.ROOT, "%,d messages' figures kept to the run's end, %s in the heap and about %s "
                        + "on disk in the result directory", messages, size(messageBytes(heapBytes)), size(disk));
        return String.format(Locale.ROOT, "about %s of Java heap (%s, %s; %s)", size(totalBytes(heapBytes)), plan,
                size(planBytes()), msgs);
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

    /**
     * The heap to ask for with LOSSLESS_HEAP: the least whole number of GB (GiB) in which the estimate fits, plus one
     * for the fabric; the spill budgets grow with the heap, so it is searched, not divided.
     */
    public String heapAdvice() {
        long gb = 1;
        while (gb < (1L << 20) && totalBytes(gb << 30) > gb << 30) {
            gb++;
        }
        return (gb + 1) + "g";
    }

    private static long saturatingAdd(long a, long b) {
        return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
    }

    private static long saturatingTimes(long a, long b) {
        return b != 0 && a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
    }
}
