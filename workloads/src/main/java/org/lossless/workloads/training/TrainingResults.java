package org.lossless.workloads.training;

import java.util.ArrayList;
import java.util.List;

import org.lossless.workloads.traffic.TrafficProgram;

/**
 * The training figures of a run: every training job's iterations ({@code jobs.csv} training columns,
 * {@code summary.json}) and timeline entries ({@code timeline.csv}), program by program.
 */
public record TrainingResults(List<TrainingIteration> iterations, List<TimelineEntry> timeline) {
    /** A run without training jobs. */
    public static final TrainingResults NONE = new TrainingResults(List.of(), List.of());

    public TrainingResults {
        iterations = List.copyOf(iterations);
        timeline = List.copyOf(timeline);
    }

    /** What the training programs among {@code programs} report, in program order. */
    public static TrainingResults of(List<? extends TrafficProgram> programs) {
        List<TrainingIteration> its = new ArrayList<>();
        List<TimelineEntry> tl = new ArrayList<>();
        for (TrafficProgram p : programs) {
            if (p instanceof TrainingProgram t) {
                its.addAll(t.trainingIterations());
                tl.addAll(t.timeline());
            }
        }
        return its.isEmpty() ? NONE : new TrainingResults(its, tl);
    }

    /** Whether a training job took part. */
    public boolean any() {
        return !iterations.isEmpty();
    }
}
