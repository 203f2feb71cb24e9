package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.settings.Values;

import org.lossless.topology.types.RailOptimizedSpec;
import org.lossless.workloads.collective.Algorithm;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.collective.PairSizes;
import org.lossless.workloads.collective.MemoryEstimate;
import org.lossless.workloads.collective.Protocol;
import org.lossless.workloads.collective.RingOrder;
import org.lossless.workloads.collective.Tuner;
import org.lossless.workloads.collective.TunerMode;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.yaml.Cursor;

/**
 * Reads a collective job ({@code type: allreduce | allgather | reducescatter | alltoall | broadcast}): its plain
 * keys through {@link CollectiveSchema}, the keys whose choices or defaults depend on the collective, the hosts or the
 * fabric ({@code algorithm}, {@code protocol}, {@code hosts}, {@code root}, {@code skew}, {@code pairs}) here;
 * docs/scenario.md "Collective jobs" lists every key.
 */
public final class CollectiveReader {
    /** The value of {@code algorithm}, {@code protocol} and the latencies that leaves the choice to the tuner. */
    public static final String AUTO = "auto";
    /** {@code cc} value meaning the scenario's {@code nic.cc}. */
    public static final String CC_NIC = "nic";

    private CollectiveReader() {
    }

    static WorkloadConfig.Collective read(Cursor w, int index, WorkloadFabric topology, int defaultPriority) {
        String type = w.key("type").text("a workload type");
        Collective coll = Collective.valueOf(type.toUpperCase(java.util.Locale.ROOT));
        w.object(CollectiveSchema.names(coll));
        String name = WorkloadReader.workloadName(w.key("name"), type + "-" + index);
        Algorithm algorithm = algorithm(w.key("algorithm"), coll);
        Protocol protocol = protocol(w.key("protocol"), coll);
        List<Integer> hosts = PlacementReader.hosts(w.key("hosts"), topology);
        GpuServers servers = servers(topology);
        int n = hosts.size();
        if (algorithm == Algorithm.HALVING_DOUBLING && coll != Collective.ALLREDUCE && Integer.bitCount(n) != 1) {
            throw w.key("algorithm").error(type + " with halving-doubling needs a power-of-two number of hosts, the job "
                    + "has " + n);
        }
        PairSizes pairs = null;
        long size;
        Values v;
        if (coll == Collective.ALLTOALL && w.key("pairs").present()) {
            if (w.key("size").present() || w.key("skew").present()) {
                throw w.key("pairs").error("give either pairs or size (with an optional skew), not both");
            }
            pairs = pairs(w.key("pairs"), n);
            size = PairSizes.ncclTestsSize(pairs.resolve(n, 0));
            v = CollectiveSchema.read(w, CollectiveSchema.COLLECTIVE);
        } else {
            v = CollectiveSchema.read(w, CollectiveSchema.COLLECTIVE);
            size = (Long) TrafficSchema.required(w, v, "size", ": the per-rank buffer as nccl-tests counts it, e.g. "
                    + "256MB");
            if (coll == Collective.ALLTOALL) {
                pairs = PairSizes.skewed(skew(w.key("skew")));
            }
        }
        int channels = v.has("channels") ? v.integer("channels") : defaultChannels(coll, servers);
        ConnectionOptions options = CollectiveSchema.options(v, defaultPriority);
        boolean pxn = v.has("pxn") ? v.bool("pxn") : pxnByDefault(topology);
        int root = (int) w.key("root").integer(0, 0, n - 1);
        CollectiveJob job;
        try {
            job = new CollectiveJob(name, coll, algorithm, protocol, hosts, size, channels, v.integer("iterations"),
                    v.number("start"), v.number("gap"), options, CollectiveSchema.latencyPs(v, "base_latency"),
                    CollectiveSchema.latencyPs(v, "step_latency"), CollectiveSchema.latencyPs(v, "nvlink_step_latency"),
                    CollectiveSchema.choice(v, "ring_order", RingOrder.class), pxn, root, pairs, servers,
                    CollectiveSchema.choice(v, "tuner", TunerMode.class), CollectiveSchema.latencyPs(v, "cts_delay"));
        } catch (IllegalArgumentException e) {
            throw w.error(e.getMessage());
        }
        checkSize(w, job);
        return new WorkloadConfig.Collective(job);
    }

    /**
     * Refuses a job that would not fit in this Java's heap ({@link MemoryEstimate}) with any algorithm and
     * protocol it leaves the tuner, naming the estimate.
     */
    private static void checkSize(Cursor w, CollectiveJob job) {
        Tuner.Choice choice = MemoryEstimate.cheapest(job);
        MemoryEstimate best = MemoryEstimate.of(job, choice.algorithm(), choice.protocol());
        long heap = Runtime.getRuntime().maxMemory();
        if (!best.fits(heap)) {
            Cursor at = w.key("size").present() ? w.key("size") : w;
            throw at.error(String.format(java.util.Locale.ROOT, "this job needs %s with %s, %s, %d hosts and %d "
                    + "channels; this Java has %s: give it more with LOSSLESS_HEAP (e.g. LOSSLESS_HEAP=%s), or use a "
                    + "smaller size, fewer iterations, channels or hosts", best.describe(heap), choice.algorithm().key(),
                    choice.protocol().key(), job.n(), job.channels(), MemoryEstimate.size(heap), best.heapAdvice()));
        }
    }

    /** Two channels per NIC (rail) of a server, NCCL's usual ring count; one connection per pair for all-to-all. */
    static int defaultChannels(Collective c, GpuServers servers) {
        return c == Collective.ALLTOALL ? 1 : 2 * servers.nicsPerServer();
    }

    /**
     * Whether PXN is on when the job does not say: on {@code rail-optimized}, as NCCL (since 2.12) keeps a transfer
     * on its rail; elsewhere off, opt-in: the NICs of a server share one edge switch there, so a PXN hop would only
     * add an NVLink crossing and move the send to another NIC (docs/workloads.md §2.10).
     */
    static boolean pxnByDefault(WorkloadFabric topology) {
        return RailOptimizedSpec.TYPE.equals(topology.type());
    }

    /** The fabric's servers ({@link GpuServers#ONE_PER_HOST} when every host is a one-GPU server). */
    static GpuServers servers(WorkloadFabric topology) {
        return topology.gpuLayout();
    }

    static List<String> ccValues() {
        List<String> out = new ArrayList<>();
        out.add(CC_NIC);
        out.addAll(org.lossless.nic.CcAlgorithms.NAMES);
        return out;
    }

    private static Algorithm algorithm(Cursor c, Collective coll) {
        List<String> allowed = new ArrayList<>();
        for (Algorithm a : Algorithm.values()) {
            if (a.supports(coll)) {
                allowed.add(a.key());
            }
        }
        String dflt = allowed.get(0);
        if (allowed.size() > 1) {
            allowed.add(AUTO);
            dflt = AUTO; // as NCCL: its tuner chooses unless NCCL_ALGO says otherwise
        }
        String v = c.oneOf(dflt, allowed);
        if (v.equals(AUTO)) {
            return null;
        }
        return Algorithm.valueOf(v.toUpperCase(java.util.Locale.ROOT).replace('-', '_'));
    }

    private static Protocol protocol(Cursor c, Collective coll) {
        List<String> allowed = coll == Collective.ALLTOALL ? List.of(AUTO, "simple")
                : List.of(AUTO, "simple", "ll128", "ll");
        String v = c.oneOf(AUTO, allowed);
        return v.equals(AUTO) ? null : Protocol.valueOf(v.toUpperCase(java.util.Locale.ROOT));
    }

    private static double skew(Cursor c) {
        if (!c.present()) {
            return 0;
        }
        String t = c.text("a number >= 0 such as 1.2");
        double v;
        try {
            v = Double.parseDouble(t.strip());
        } catch (NumberFormatException e) {
            throw c.error("expected a number >= 0 such as 1.2, got '" + t + "'");
        }
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw c.error("must be a finite number >= 0 (0 = uniform), got " + t);
        }
        return v;
    }

    private static PairSizes pairs(Cursor c, int n) {
        List<Cursor> rows = c.list();
        if (rows.size() != n) {
            throw c.error("expected " + n + " rows (one per host of the job), got " + rows.size());
        }
        long[][] m = new long[n][];
        for (int i = 0; i < n; i++) {
            List<Cursor> cols = rows.get(i).list();
            if (cols.size() != n) {
                throw rows.get(i).error("expected " + n + " sizes (one per host of the job), got " + cols.size());
            }
            m[i] = new long[n];
            for (int j = 0; j < n; j++) {
                m[i][j] = cols.get(j).size();
                if (i == j && m[i][j] != 0) {
                    throw cols.get(j).error("must be 0: a rank does not send to itself over the network");
                }
            }
        }
        if (PairSizes.ncclTestsSize(m) == 0) {
            throw c.error("every pair is 0 bytes: nothing to send");
        }
        return PairSizes.explicit(m);
    }
}
