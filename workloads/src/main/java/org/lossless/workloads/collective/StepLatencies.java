package org.lossless.workloads.collective;

/**
 * Software latency of a collective, apart from the wire (which the packet engine simulates).
 *
 * <p>{@code basePs} is paid once per call (kernel launch, proxy start): the first messages of an
 * iteration are posted {@code basePs} after it starts. {@code netStepPs} is paid on every step whose
 * input came over the network: a rank posts what depends on a received slice that long after the slice's
 * last byte arrived (proxy completion polling, GPUDirect flush, GPU flag polling, proxy post).
 * {@code nvlinkStepPs} is the same for inputs that came from a GPU of the same server: over NVLink, or over
 * PCIe on a server without NVLink.
 *
 * <p>Defaults ({@link #ncclDefaults}) are NCCL's tuning constants ({@code src/graph/tuning.cc}:
 * {@code baseLatencies}, {@code hwLatencies[NET]}, {@code hwLatencies[NVLINK]} and, for servers without NVLink,
 * {@code hwLatencies[PCI]}), in microseconds:
 *
 * <pre>
 *                 base            network step        NVLink step         PCIe step (no NVLink)
 *                 LL  LL128 Simple  LL  LL128 Simple  LL  LL128 Simple    LL  LL128 Simple
 * ring          6.6  14.0  8.4     2.7  4.0  14.0     0.6  1.9   3.4      1.0  2.5   5.7
 * tree          6.8  14.0  8.4     5.0  8.5  14.0     0.6  1.25  4.0      1.0  1.9   4.0
 * </pre>
 *
 * With one GPU per server NCCL uses the tree's network latency for rings too ("latencies fully
 * exposed"); so do we. Halving-doubling, all-to-all and broadcast use the ring's constants. NCCL fitted
 * these end to end on real clusters, so they include the fabric's own latency once; the simulator adds
 * the simulated fabric latency on top, so small-message times are pessimistic by about one fabric
 * latency per step until calibrated.
 */
public record StepLatencies(long basePs, long netStepPs, long nvlinkStepPs) {
    /**
     * Default delay from a clear-to-send's arrival at the sender's NIC to the sender's post of the slice it allows, ps
     * ({@code cts_delay}; NCCL's constants have none). In NCCL's IB transport the receiver grants a slot with an RDMA
     * WRITE into the sender's host memory; the sender's proxy thread sees it on a poll of its progress loop and posts
     * the slice's RDMA WRITE, whose work request the NIC then reads from host memory. That is one 64 B DMA write
     * followed by one 64 B DMA read over PCIe, which pcie-bench measures as one operation ({@code LAT_DMA_WRRD}, 64 B,
     * warm cache): median 773 ns on a Xeon E5-2620 v3 host (Netronome NFP-6000, no IOMMU; 773-800 ns on their other
     * Xeon E5 hosts). Neugebauer et al., "Understanding PCIe performance for end host networking", SIGCOMM 2018;
     * the data are published with pcie-bench (github.com/pcie-bench/data). The proxy's wait until its next poll and
     * the doorbell's MMIO write come on top; the model leaves them out, so this is a lower bound.
     */
    public static final long CTS_DELAY_PS = 773_000;
    private static final long NS = 1000;
    /** [algorithm ring=0, tree=1][protocol LL, LL128, SIMPLE], ns. */
    private static final long[][] BASE = {{6600, 14000, 8400}, {6800, 14000, 8400}};
    private static final long[][] NET = {{2700, 4000, 14000}, {5000, 8500, 14000}};
    private static final long[][] NVLINK = {{600, 1900, 3400}, {600, 1250, 4000}};
    private static final long[][] PCI = {{1000, 2500, 5700}, {1000, 1900, 4000}};

    public StepLatencies {
        if (basePs < 0 || netStepPs < 0 || nvlinkStepPs < 0) {
            throw new IllegalArgumentException("latencies must be >= 0 ps");
        }
    }

    /** NCCL's constants for {@code algorithm} and {@code protocol}; {@code onePerServer}: one GPU per server. */
    public static StepLatencies ncclDefaults(Algorithm algorithm, Protocol protocol, boolean onePerServer) {
        return ncclDefaults(algorithm, protocol, onePerServer, false);
    }

    /** As {@link #ncclDefaults(Algorithm, Protocol, boolean)}; {@code pcieInside}: servers without NVLink. */
    public static StepLatencies ncclDefaults(Algorithm algorithm, Protocol protocol, boolean onePerServer,
            boolean pcieInside) {
        int a = algorithm == Algorithm.TREE ? 1 : 0;
        int p = switch (protocol) {
            case LL -> 0;
            case LL128 -> 1;
            case SIMPLE -> 2;
        };
        int net = onePerServer ? 1 : a;
        long[][] inside = pcieInside ? PCI : NVLINK;
        return new StepLatencies(BASE[a][p] * NS, NET[net][p] * NS, inside[a][p] * NS);
    }

    /**
     * The least network step of NCCL's constants, ps (any algorithm, protocol, server shape): a rank posts nothing that
     * depends on a slice received over the network sooner than this after its last byte, unless the job sets
     * {@code step_latency} (then that).
     */
    public static long leastNetStepPs(long stepLatencyPs) {
        if (stepLatencyPs >= 0) {
            return stepLatencyPs;
        }
        long least = Long.MAX_VALUE;
        for (long[] row : NET) {
            for (long v : row) {
                least = Math.min(least, v * NS);
            }
        }
        return least;
    }

    /** This with each field replaced by the override when that is &gt;= 0. */
    public StepLatencies override(long base, long netStep, long nvlinkStep) {
        return new StepLatencies(base >= 0 ? base : basePs, netStep >= 0 ? netStep : netStepPs,
                nvlinkStep >= 0 ? nvlinkStep : nvlinkStepPs);
    }
}
