package org.lossless.topology.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lossless.topology.Cable;
import org.lossless.topology.EcmpHash;
import org.lossless.topology.Failures;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;
import org.lossless.topology.analysis.TopologySummary;
import org.lossless.topology.io.HpccTopologyFile;
import org.lossless.topology.types.FatTreeSpec;

/**
 * Builds k-ary fat-trees and their routes and reports wall time and heap. The target (topology
 * issue): k=32 (8,192 hosts, 1,280 switches) builds topology + routes in under 5 s within a 1 GB heap;
 * run.sh starts the JVM with -Xmx1g so finishing at all proves the heap bound.
 *
 * <p>Usage: {@code TopologyBenchmark [k ...]} (default 16 24 32). The first build of the first k is
 * "cold" (fresh JVM, as a CLI run sees it); then each k is rebuilt {@code REPEAT} times and the best
 * is reported as "warm".
 */
public final class TopologyBenchmark {
    private static final int REPEAT = 3;
    private static final LinkSpec HOST = LinkSpec.gbps(100, 1_000);
    private static final LinkSpec FABRIC = LinkSpec.gbps(400, 1_000);
    private static long sink;

    private TopologyBenchmark() {
    }

    public static void main(String[] args) {
        int[] ks = args.length == 0 ? new int[] {16, 24, 32} : java.util.Arrays.stream(args)
                .mapToInt(Integer::parseInt).toArray();
        System.out.printf(Locale.ROOT, "java %s, %d cpus, max heap %d MiB%n%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
        resetPeaks();
        long t0 = System.nanoTime();
        Topology cold = new FatTreeSpec(ks[0], HOST, FABRIC).build();
        long t1 = System.nanoTime();
        Routes coldRoutes = Routes.shortestPaths(cold);
        long t2 = System.nanoTime();
        System.out.printf(Locale.ROOT, "cold (first in JVM) k=%d: topology %.0f ms, routes %.0f ms, total %.0f ms, "
                + "peak heap %d MiB%n%n", ks[0], ms(t1 - t0), ms(t2 - t1), ms(t2 - t0), peakHeap() >> 20);
        sink += coldRoutes.edgeSwitchCount();
        System.out.println("| k | hosts | switches | cables | topology ms | routes ms | topology+routes ms | "
                + "retained heap MiB | peak heap MiB | distinct candidate sets | re-route 1 failed cable ms | "
                + "summary (max-flow bisection) ms | HPCC export ms |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (int k : ks) {
            row(k);
        }
        System.out.println();
        lookups(ks[ks.length - 1]);
        System.out.println("(ignore) " + sink);
    }

    private static void row(int k) {
        FatTreeSpec spec = new FatTreeSpec(k, HOST, FABRIC);
        double bestTopo = Double.MAX_VALUE;
        double bestRoutes = Double.MAX_VALUE;
        double bestTotal = Double.MAX_VALUE;
        Topology t = null;
        Routes r = null;
        long peak = 0;
        for (int i = 0; i < REPEAT; i++) {
            t = null;
            r = null;
            gc();
            resetPeaks();
            long a = System.nanoTime();
            t = spec.build();
            long b = System.nanoTime();
            r = Routes.shortestPaths(t);
            long c = System.nanoTime();
            peak = Math.max(peak, peakHeap());
            bestTopo = Math.min(bestTopo, ms(b - a));
            bestRoutes = Math.min(bestRoutes, ms(c - b));
            bestTotal = Math.min(bestTotal, ms(c - a));
        }
        long retained = retainedHeap();
        Cable failed = t.cables().get(t.hostCount()); // the first ToR-agg cable
        double reroute = Double.MAX_VALUE;
        double summary = Double.MAX_VALUE;
        double export = Double.MAX_VALUE;
        Routes rerouted = null;
        TopologySummary s = null;
        String hpcc = null;
        for (int i = 0; i < REPEAT; i++) {
            long a = System.nanoTime();
            rerouted = Routes.shortestPaths(t, Failures.ofCables(failed));
            long b = System.nanoTime();
            s = TopologySummary.of(t);
            long c = System.nanoTime();
            hpcc = HpccTopologyFile.format(t);
            long d = System.nanoTime();
            reroute = Math.min(reroute, ms(b - a));
            summary = Math.min(summary, ms(c - b));
            export = Math.min(export, ms(d - c));
        }
        sink += rerouted.edgeSwitchCount() + s.bisectionBps() + hpcc.length();
        System.out.printf(Locale.ROOT, "| %d | %,d | %,d | %,d | %.0f | %.0f | %.0f | %d | %d | %d | %.0f | %.0f | %.0f |%n",
                k, t.hostCount(), t.switchCount(), t.cables().size(), bestTopo, bestRoutes, bestTotal, retained >> 20,
                peak >> 20, r.distinctCandidateSets(), reroute, summary, export);
        if (s.bisectionRatio() != 1.0) {
            throw new AssertionError("a non-blocking fat-tree must have full bisection, got " + s.toText());
        }
    }

    /** ns per routing lookup + ECMP choice, the per-packet work a switch does. */
    private static void lookups(int k) {
        Topology t = new FatTreeSpec(k, HOST, FABRIC).build();
        Routes r = Routes.shortestPaths(t);
        int[] switches = new int[t.switchCount()];
        for (int i = 0; i < switches.length; i++) {
            switches[i] = t.hostCount() + i;
        }
        long[] seeds = new long[t.nodes().size()];
        for (int v = 0; v < seeds.length; v++) {
            seeds[v] = EcmpHash.switchSeed(1, v);
        }
        int n = 20_000_000;
        List<Double> results = new ArrayList<>();
        for (int rep = 0; rep < 3; rep++) {
            long acc = 0;
            long a = System.nanoTime();
            for (int i = 0; i < n; i++) {
                int sw = switches[i % switches.length];
                int dst = (int) ((i * 7919L) % t.hostCount());
                int[] c = r.candidates(sw, dst);
                if (c.length > 0) {
                    acc += c[EcmpHash.select(seeds[sw], i & 4095, dst, 49152 + (i & 16383), c.length)];
                }
            }
            long b = System.nanoTime();
            sink += acc;
            results.add((double) (b - a) / n);
        }
        System.out.printf(Locale.ROOT, "k=%d: routing lookup + ECMP select: %.1f ns per packet-hop (best of 3 x %,d)%n",
                k, results.stream().mapToDouble(Double::doubleValue).min().orElseThrow(), n);
    }

    private static double ms(long ns) {
        return ns / 1e6;
    }

    private static void gc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
    }

    private static long retainedHeap() {
        gc();
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                p.resetPeakUsage();
            }
        }
    }

    /** Sum of per-pool heap peaks since the last reset: an upper bound on the peak heap in use. */
    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                sum += p.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
