package org.lossless.workloads.training;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.Tuner;
import org.lossless.workloads.traffic.TrafficContext;

/**
 * The tuner's choice for each distinct call of one training job, made once ({@link Tuner#choose}) and reused for
 * every later call with the same collective, ranks, size and channels. Why: the default tuner times every candidate
 * algorithm and protocol with a dry run of the call alone on the fabric, and a training iteration repeats the same
 * few calls thousands of times (every layer's tensor-parallel all-reduce is the same call); the choice depends only
 * on the call and the fabric, so reusing it changes no result and spares the dry runs. A job's distinct calls are
 * few (per group: its tensor-parallel sizes, its gradient buckets), so the map stays small.
 */
final class TunerCache {
    private record Key(Collective collective, List<Integer> ranks, long sizeBytes, int channels) {
    }

    private final Map<Key, Tuner.Choice> choices = new HashMap<>();

    /** Distinct calls whose choice is held. */
    int size() {
        return choices.size();
    }

    /** {@code job} with the algorithm and protocol it left open filled in ({@code job} itself when none was). */
    CollectiveJob resolve(CollectiveJob job, TrafficContext ctx) {
        if (Tuner.candidates(job).size() == 1) {
            return job;
        }
        Key key = new Key(job.collective(), job.ranks(), job.sizeBytes(), job.channels());
        Tuner.Choice c = choices.computeIfAbsent(key, k -> Tuner.choose(job, ctx));
        return new CollectiveJob(job.name(), job.collective(), c.algorithm(), c.protocol(), job.ranks(), job.sizeBytes(),
                job.channels(), job.iterations(), job.startPs(), job.gapPs(), job.connection(), job.baseLatencyPs(),
                job.stepLatencyPs(), job.nvlinkStepPs(), job.ringOrder(), job.pxn(), job.root(), job.pairSizes(),
                job.servers(), job.tuner(), job.ctsDelayPs());
    }
}
