package org.lossless.workloads.training;

import java.util.List;
import java.util.stream.IntStream;

import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.CollectiveProgram;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.RecordingContext;
import org.lossless.workloads.traffic.TrafficProgram;

/** Test helpers: recording runs of training jobs on a star at 100 Gb/s, 1 us. */
final class Runs {
    static final long RATE = 100_000_000_000L;
    static final long LAT = 1_000_000L;
    static final long US = 1_000_000L;

    private Runs() {
    }

    /** Collective settings with no software latency, one channel, one GPU per host. */
    static CommSettings settings() {
        return new CommSettings(1, null, org.lossless.workloads.collective.Protocol.SIMPLE, ConnectionOptions.of(3), 0, 0, 0,
                org.lossless.workloads.collective.RingOrder.RAIL, true, GpuServers.ONE_PER_HOST);
    }

    static TrainingJob job(TrainingSource source, int iterations) {
        return new TrainingJob("train", "training", source, IntStream.range(0, source.ranks()).toArray(), settings(),
                iterations, 0, null, true);
    }

    /** Runs the programs on a star of {@code hosts} under the recording model; returns every message. */
    static List<Message> record(int hosts, TrafficProgram... programs) {
        Topology star = StarTopology.build(hosts, RATE, LAT);
        return new RecordingContext(star, 1000, 1, RATE, LAT).run(List.of(programs), Long.MAX_VALUE);
    }

    /** Duration of one stand-alone call of {@code job} under the same recording model, ps. */
    static long alone(int hosts, CollectiveJob job) {
        CollectiveProgram p = new CollectiveProgram(job);
        record(hosts, p);
        return p.jobIterations().get(0).durationPs();
    }
}
