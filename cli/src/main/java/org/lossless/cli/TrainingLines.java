package org.lossless.cli;

import java.util.List;
import java.util.Locale;

import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.TrainingIteration;
import org.lossless.workloads.training.TrainingResults;

/**
 * The lines {@code run} prints under a training job's line: where its iterations' time went (the mean over finished
 * iterations of the mean over ranks, as shares of the iteration) and the last iteration's critical path; and, loudly,
 * why an iteration did not finish.
 */
final class TrainingLines {
    private TrainingLines() {
    }

    static String of(TrainingResults training, String job) {
        List<TrainingIteration> its = training.iterations().stream().filter(t -> t.job().equals(job)).toList();
        if (its.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        List<TrainingIteration> done = its.stream().filter(TrainingIteration::finished).toList();
        if (!done.isEmpty()) {
            double total = done.stream().mapToDouble(TrainingIteration::durationPs).sum();
            double compute = done.stream().mapToDouble(t -> t.mean().computePs()).sum();
            double bubble = done.stream().mapToDouble(t -> t.mean().bubblePs()).sum();
            sb.append(String.format(Locale.ROOT, "\n    time went to: compute %.1f%%", 100 * compute / total));
            for (CommKind k : CommKind.values()) {
                double e = done.stream().mapToDouble(t -> t.mean().exposedPs(k)).sum();
                if (e > 0) {
                    sb.append(String.format(Locale.ROOT, ", exposed %s %.1f%%", k.key(), 100 * e / total));
                }
            }
            sb.append(String.format(Locale.ROOT, ", bubble %.1f%% (mean over ranks and %d iterations)", 100 * bubble / total,
                    done.size()));
            TrainingIteration last = done.get(done.size() - 1);
            sb.append("\n    critical path of iteration ").append(last.iteration()).append(": ")
                    .append(last.criticalPath().describe());
            long checkpoints = done.stream().filter(t -> t.checkpointPs() > 0).count();
            if (checkpoints > 0) {
                double ms = done.stream().mapToDouble(TrainingIteration::checkpointPs).sum() / checkpoints / 1e9;
                sb.append(String.format(Locale.ROOT, "\n    checkpoints: %d, %.3f ms each on average (blocking)",
                        checkpoints, ms));
            }
        }
        for (TrainingIteration t : its) {
            if (t.problem() != null) {
                sb.append("\n    NOT FINISHED: ").append(t.problem());
            }
        }
        return sb.toString();
    }
}
