package org.lossless.workloads.training.parametric;

import java.util.ArrayList;
import java.util.List;

import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.CollectiveProgram;
import org.lossless.workloads.training.TrainingProgram;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.RecordingContext;
import org.lossless.workloads.traffic.TrafficProgram;

/** Test helpers: recording runs on a star at 100 Gb/s with 1 us one way (no contention between connections). */
final class Record {
    static final long RATE = 100_000_000_000L;
    static final long LAT = 1_000_000L;

    private Record() {
    }

    static List<Message> run(int hosts, TrafficProgram... programs) {
        Topology star = StarTopology.build(Math.max(2, hosts), RATE, LAT);
        return new RecordingContext(star, 1000, 1, RATE, LAT).run(List.of(programs), Long.MAX_VALUE);
    }

    /** Runs a training job; returns its program. */
    static TrainingProgram training(TrainingConfig c) {
        TrainingProgram p = new TrainingProgram(ParametricSource.job(c));
        run(c.hosts().size(), p);
        return p;
    }

    /** Duration of one stand-alone call of {@code job} under the same model, ps. */
    static long alone(int hosts, CollectiveJob job) {
        CollectiveProgram p = new CollectiveProgram(job);
        run(hosts, p);
        return p.jobIterations().get(0).durationPs();
    }

    static List<Message> data(List<Message> all) {
        List<Message> out = new ArrayList<>();
        for (Message m : all) {
            if ("data".equals(m.tag().operation())) {
                out.add(m);
            }
        }
        return out;
    }
}
