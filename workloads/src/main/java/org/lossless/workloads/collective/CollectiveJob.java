package org.lossless.workloads.collective;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

import org.lossless.workloads.traffic.ConnectionOptions;

/**
 * One collective job: what it runs, on which ranks, how often. Validated here; the scenario reader
 * gives the user-facing messages.
 *
 * @param name          job name ({@code jobs.csv} column {@code job}), [A-Za-z0-9._-]+
 * @param collective    the operation
 * @param algorithm     how it moves data, or null to let {@link Tuner} choose as NCCL's tuner would
 * @param protocol      wire protocol, or null to let {@link Tuner} choose by message size
 * @param ranks         GPU numbers of the ranks in rank order ({@link GpuServers}: host numbers with one GPU per
 *                      NIC), at least 2, distinct
 * @param sizeBytes     S as nccl-tests prints it ({@link Collective}), &gt; 0
 * @param channels      parallel rings or tree pairs (all-to-all: connections per peer pair), 1..{@link #MAX_CHANNELS}
 * @param iterations    back-to-back calls, &gt;= 1
 * @param startPs       when the first call starts, ps
 * @param gapPs         compute time between the end of one call and the start of the next, ps
 * @param connection    priority, QPs per connection and congestion control of every connection
 * @param baseLatencyPs software latency per call, or -1 for NCCL's ({@link StepLatencies})
 * @param stepLatencyPs software latency per network step, or -1 for NCCL's
 * @param nvlinkStepPs  software latency per NVLink step, or -1 for NCCL's
 * @param ringOrder     rail-aware or naive ring order
 * @param pxn           cross-rail network hops go over NVLink to the sending server's rail-local NIC
 * @param root          broadcast root as a position in {@code ranks}
 * @param pairSizes     all-to-all bytes per pair (null for other collectives)
 * @param servers       the servers' shape: GPUs, NICs, NVLink, PCIe
 * @param tuner         how {@link Tuner} fills an algorithm or protocol left open
 * @param ctsDelayPs    time from a clear-to-send's arrival at the sender's NIC to the sender's post of the slice it
 *                      allows, or -1 for the default ({@link StepLatencies#CTS_DELAY_PS})
 */
public record CollectiveJob(String name, Collective collective, Algorithm algorithm, Protocol protocol, List<Integer> ranks,
                            long sizeBytes, int channels, int iterations, long startPs, long gapPs,
                            ConnectionOptions connection, long baseLatencyPs, long stepLatencyPs, long nvlinkStepPs,
                            RingOrder ringOrder, boolean pxn, int root, PairSizes pairSizes, GpuServers servers,
                            TunerMode tuner, long ctsDelayPs) {
    /** NCCL's MAXCHANNELS. */
    public static final int MAX_CHANNELS = 64;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

    public CollectiveJob {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("bad job name '" + name + "'");
        }
        Objects.requireNonNull(collective, "collective");
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(ringOrder, "ringOrder");
        Objects.requireNonNull(servers, "servers");
        Objects.requireNonNull(tuner, "tuner");
        ranks = List.copyOf(ranks);
        if (ranks.size() < 2) {
            throw new IllegalArgumentException("a collective needs at least 2 ranks, got " + ranks.size());
        }
        Set<Integer> seen = new HashSet<>();
        for (int r : ranks) {
            if (r < 0 || !seen.add(r)) {
                throw new IllegalArgumentException("rank GPUs must be distinct and >= 0: " + ranks);
            }
        }
        if (algorithm != null && !algorithm.supports(collective)) {
            throw new IllegalArgumentException(collective.key() + " cannot run with algorithm " + algorithm.key());
        }
        if (algorithm == Algorithm.HALVING_DOUBLING && collective != Collective.ALLREDUCE
                && Integer.bitCount(ranks.size()) != 1) {
            throw new IllegalArgumentException(collective.key() + " with halving-doubling needs a power-of-two number of "
                    + "ranks, got " + ranks.size());
        }
        if (collective == Collective.ALLTOALL && protocol != null && protocol != Protocol.SIMPLE) {
            throw new IllegalArgumentException("alltoall runs on NCCL's point-to-point path, which uses the simple protocol");
        }
        if (sizeBytes <= 0) {
            throw new IllegalArgumentException("size must be > 0 bytes, got " + sizeBytes);
        }
        if (channels < 1 || channels > MAX_CHANNELS) {
            throw new IllegalArgumentException("channels must be 1.." + MAX_CHANNELS + ", got " + channels);
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be >= 1, got " + iterations);
        }
        if (startPs < 0 || gapPs < 0) {
            throw new IllegalArgumentException("start and gap must be >= 0 ps");
        }
        if (baseLatencyPs < -1 || stepLatencyPs < -1 || nvlinkStepPs < -1 || ctsDelayPs < -1) {
            throw new IllegalArgumentException("latencies must be >= 0 ps (or -1 for NCCL's)");
        }
        if (root < 0 || root >= ranks.size()) {
            throw new IllegalArgumentException("root must be a rank position 0.." + (ranks.size() - 1) + ", got " + root);
        }
        if ((collective == Collective.ALLTOALL) != (pairSizes != null)) {
            throw new IllegalArgumentException("pair sizes are given exactly for alltoall");
        }
        if (pairSizes != null && pairSizes.isExplicit()) {
            pairSizes.resolve(ranks.size(), sizeBytes);
        }
    }

    /** A job with the default clear-to-send delay ({@link StepLatencies#CTS_DELAY_PS}). */
    public CollectiveJob(String name, Collective collective, Algorithm algorithm, Protocol protocol, List<Integer> ranks,
                         long sizeBytes, int channels, int iterations, long startPs, long gapPs,
                         ConnectionOptions connection, long baseLatencyPs, long stepLatencyPs, long nvlinkStepPs,
                         RingOrder ringOrder, boolean pxn, int root, PairSizes pairSizes, GpuServers servers,
                         TunerMode tuner) {
        this(name, collective, algorithm, protocol, ranks, sizeBytes, channels, iterations, startPs, gapPs, connection,
                baseLatencyPs, stepLatencyPs, nvlinkStepPs, ringOrder, pxn, root, pairSizes, servers, tuner, -1);
    }

    /** One call of this job (at time 0, no gap) with {@code a} and {@code p}: a candidate the tuner times. */
    public CollectiveJob oneCall(Algorithm a, Protocol p) {
        return new CollectiveJob(name, collective, a, p, ranks, sizeBytes, channels, 1, 0, 0, connection, baseLatencyPs,
                stepLatencyPs, nvlinkStepPs, ringOrder, pxn, root, pairSizes, servers, tuner, ctsDelayPs);
    }

    /** The clear-to-send delay in use, ps: {@link #ctsDelayPs} or, when -1, {@link StepLatencies#CTS_DELAY_PS}. */
    public long ctsDelayOrDefaultPs() {
        return ctsDelayPs >= 0 ? ctsDelayPs : StepLatencies.CTS_DELAY_PS;
    }

    /** Number of ranks. */
    public int n() {
        return ranks.size();
    }

    /** Ranks as an array (GPU numbers in rank order). */
    public int[] rankArray() {
        return ranks.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Distinct servers the ranks sit on. */
    public int serverCount() {
        Set<Integer> s = new HashSet<>();
        for (int r : ranks) {
            s.add(servers.serverOf(r));
        }
        return s.size();
    }
}
