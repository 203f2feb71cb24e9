package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.collective.MemoryEstimate;
import org.lossless.workloads.collective.Tuner;
import org.lossless.workloads.training.CallJobs;
import org.lossless.workloads.training.parametric.TrainingConfig;
import org.lossless.workloads.yaml.Cursor;

/** Checks of a training job made when the scenario is loaded: call sizes the engine can plan, and warnings. */
final class TrainingChecks {
    private TrainingChecks() {
    }

    /** Refuses a job whose largest tensor-parallel or gradient call would not fit in memory. */
    static void planSizes(Cursor w, TrainingConfig c, WorkloadFabric topology) {
        int tp = c.parallel().tp();
        int dp = c.parallel().dp();
        if (tp > 1) {
            Collective coll = c.parallel().sequenceParallel() ? Collective.ALLGATHER : Collective.ALLREDUCE;
            check(w.key("hidden"), "each tensor-parallel " + coll.key() + " (b x s x h x dtype = "
                    + c.model().activationBytes() + " bytes)", group(c, 0, 1, tp), coll, c.model().activationBytes(), c,
                    topology);
        }
        if (dp > 1) {
            long bucket = c.bucketBytes();
            check(w.key("bucket"), "each gradient bucket (" + bucket + " bytes)", group(c, 0, tp, dp),
                    c.parallel().zero() == 0 ? Collective.ALLREDUCE : Collective.REDUCESCATTER, bucket, c, topology);
        }
    }

    private static int[] group(TrainingConfig c, int first, int stride, int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = c.hosts().get(first + i * stride);
        }
        return out;
    }

    private static void check(Cursor at, String what, int[] hosts, Collective coll, long size, TrainingConfig c,
                              WorkloadFabric topology) {
        CollectiveJob job = CallJobs.collective("check", coll, hosts, size, null, c.comm(), 0);
        // refuse only when no candidate fits: the tuner picks among those that do
        Tuner.Choice choice = MemoryEstimate.cheapest(job);
        MemoryEstimate best = MemoryEstimate.of(job, choice.algorithm(), choice.protocol());
        long heap = Runtime.getRuntime().maxMemory();
        if (!best.fits(heap)) {
            throw at.error(String.format(Locale.ROOT, "%s needs %s per call; this Java has %s: give it more with "
                    + "LOSSLESS_HEAP (e.g. LOSSLESS_HEAP=%s), or use fewer channels or a smaller size", what,
                    best.describe(heap), MemoryEstimate.size(heap), best.heapAdvice()));
        }
    }

    /** Tensor groups whose GPUs sit in several servers (they leave NVLink). */
    static List<String> warnings(TrainingConfig c) {
        int tp = c.parallel().tp();
        if (tp == 1) {
            return List.of();
        }
        GpuServers servers = c.comm().servers();
        int groups = c.hosts().size() / tp;
        int spanning = 0;
        String example = null;
        for (int g = 0; g < groups; g++) {
            Set<Integer> s = new HashSet<>();
            List<Integer> hosts = new ArrayList<>();
            for (int t = 0; t < tp; t++) {
                int h = c.hosts().get(g * tp + t);
                hosts.add(h);
                s.add(servers.serverOf(h));
            }
            if (s.size() > 1) {
                spanning++;
                if (example == null) {
                    example = "hosts " + hosts + " in " + s.size() + " servers";
                }
            }
        }
        if (spanning == 0) {
            return List.of();
        }
        String why = servers.gpusPerServer() == 1 ? " (this topology has one GPU per host: every tensor group crosses "
                + "the fabric)" : "";
        return List.of("training job " + c.name() + ": " + spanning + " of " + groups + " tensor-parallel groups span "
                + "several servers (e.g. " + example + "): their per-layer " + (c.parallel().sequenceParallel()
                ? "reduce-scatters and all-gathers" : "all-reduces") + " leave NVLink and cross the fabric" + why);
    }
}
