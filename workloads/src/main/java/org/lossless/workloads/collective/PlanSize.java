package org.lossless.workloads.collective;

/**
 * How many transfers (slices, chunks) one iteration of a job has, computed from the same chunking rules
 * as the planners without building anything: the basis of {@link MemoryEstimate} (each transfer costs plan and
 * state, and becomes one message plus one clear-to-send on the wire when it crosses the network).
 */
public final class PlanSize {
    /** The largest plan (transfers per iteration) the tuner times with a dry run ({@link Tuner}). */
    public static final long MAX_TRANSFERS = 10_000_000L;

    private PlanSize() {
    }

    /** Transfers of one iteration of {@code job} with {@code algorithm} and {@code protocol} (saturating). */
    public static long transfers(CollectiveJob job, Algorithm algorithm, Protocol protocol) {
        int n = job.n();
        double c = job.channels();
        double perChannel = Math.ceil((double) job.sizeBytes() / c);
        double out;
        switch (algorithm) {
            case RING -> {
                if (job.collective() == Collective.BROADCAST) {
                    out = c * Math.ceil(perChannel / protocol.stepDataBytes()) * (n - 1);
                } else {
                    boolean simple = protocol == Protocol.SIMPLE;
                    double chunk = simple ? protocol.stepDataBytes() * NcclConstants.RING_CHUNK_STEPS : protocol.stepDataBytes();
                    int slices = simple ? NcclConstants.RING_CHUNK_STEPS / NcclConstants.RING_SLICE_STEPS : 1;
                    double loops = Math.ceil(perChannel / (n * chunk));
                    out = c * loops * job.collective().ringSteps(n) * n * slices;
                }
            }
            case TREE -> out = 2 * c * Math.ceil(perChannel / 2 / protocol.stepDataBytes()) * 2.0 * (n - 1);
            case HALVING_DOUBLING -> out = c * (2.0 * n * Math.max(1, 31 - Integer.numberOfLeadingZeros(n)) + 2 * n);
            case DIRECT -> {
                double perPair = Math.ceil((double) job.sizeBytes() / n / c);
                out = (double) n * (n - 1) * c * Math.max(1, Math.ceil(perPair / NcclConstants.P2P_NET_CHUNK_BYTES));
            }
            default -> throw new IllegalStateException("unknown algorithm " + algorithm);
        }
        return out >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) out;
    }
}
