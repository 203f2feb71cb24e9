package org.lossless.workloads.training;

import java.util.List;
import java.util.Objects;

/**
 * One iteration of a training job as {@code jobs.csv} (its training columns) and {@code summary.json} report it.
 *
 * @param job          the job's name
 * @param iteration    0-based
 * @param durationPs   the iteration's duration (first node start to last node end over all ranks), ps; -1 if
 *                     it did not finish
 * @param mean         the breakdown averaged over ranks (parts rounded to ps; the bubble takes the rounding, so
 *                     the parts add up to the duration); null if unfinished
 * @param kinds        per communication kind that had calls, in {@link CommKind} order
 * @param lanes        the breakdown of each timeline rank (one per pipeline stage of the chosen replica)
 * @param criticalPath the chain of nodes that set the iteration's duration; null if unfinished
 * @param checkpointPs time of the blocking checkpoint written after this iteration, ps; 0 without one
 * @param problem      why the iteration did not finish (a stall: which calls waited for whom), or null
 */
public record TrainingIteration(String job, int iteration, long durationPs, Breakdown mean, List<KindFigures> kinds,
                                List<Lane> lanes, CriticalPath criticalPath, long checkpointPs, String problem) {
    public TrainingIteration {
        Objects.requireNonNull(job, "job");
        kinds = List.copyOf(kinds);
        lanes = List.copyOf(lanes);
        if (iteration < 0 || checkpointPs < 0) {
            throw new IllegalArgumentException(job + ": bad iteration " + iteration + " or checkpoint time");
        }
    }

    /** Whether it finished. */
    public boolean finished() {
        return durationPs >= 0;
    }

    /** The figures of kind {@code k}, or null if it had no call. */
    public KindFigures kind(CommKind k) {
        for (KindFigures f : kinds) {
            if (f.kind() == k) {
                return f;
            }
        }
        return null;
    }

    /**
     * One timeline rank's breakdown.
     *
     * @param lane its lane name ({@code stage 0})
     * @param rank the job rank
     */
    public record Lane(String lane, int rank, Breakdown breakdown) {
        public Lane {
            Objects.requireNonNull(lane, "lane");
            Objects.requireNonNull(breakdown, "breakdown");
        }
    }
}
