package org.lossless.experiments.results;

import java.util.HashMap;
import java.util.Map;

import org.lossless.workloads.training.Breakdown;
import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.KindFigures;
import org.lossless.workloads.training.TrainingIteration;
import org.lossless.workloads.training.TrainingResults;
import org.lossless.workloads.traffic.JobIteration;

/**
 * The training columns of {@code jobs.csv}, the last ones: an iteration's breakdown averaged over its ranks
 * (compute, exposed communication per kind, bubble; they add up to {@code duration_ps}), the blocking checkpoint
 * after it, the busbw of each communication kind over its calls, and the critical path named. Empty for rows of
 * other jobs and for an unfinished iteration (busbw also for a kind without calls). Times are whole picoseconds,
 * bandwidths GB/s with six decimals.
 */
final class TrainingColumns {
    /** Kinds with an exposed-time column, in column order. */
    static final CommKind[] EXPOSED = {CommKind.TP, CommKind.PP, CommKind.DP, CommKind.EP, CommKind.OTHER};
    /** Kinds with a busbw column, in column order. */
    static final CommKind[] BUSBW = {CommKind.TP, CommKind.PP, CommKind.DP, CommKind.EP};
    /** Appended to the {@code jobs.csv} header after the algorithm and protocol columns (the last ones). */
    static final String HEADER = ",compute_ps,exposed_tp_ps,exposed_pp_ps,exposed_dp_ps,exposed_ep_ps,exposed_other_ps,"
            + "bubble_ps,checkpoint_ps,tp_busbw_GBps,pp_busbw_GBps,dp_busbw_GBps,ep_busbw_GBps,critical_path";
    private static final String EMPTY = ",,,,,,,,,,,,,";

    private final Map<String, TrainingIteration> byKey = new HashMap<>();

    TrainingColumns(TrainingResults training) {
        for (TrainingIteration t : training.iterations()) {
            byKey.put(t.job() + '\u0000' + t.iteration(), t);
        }
    }

    /** The training columns of {@code j}'s row, each preceded by a comma. */
    void append(StringBuilder sb, JobIteration j) {
        TrainingIteration t = byKey.get(j.job() + '\u0000' + j.iteration());
        if (t == null || !t.finished()) {
            sb.append(EMPTY);
            return;
        }
        Breakdown b = t.mean();
        sb.append(',').append(b.computePs());
        for (CommKind k : EXPOSED) {
            sb.append(',').append(b.exposedPs(k));
        }
        sb.append(',').append(b.bubblePs()).append(',').append(t.checkpointPs());
        for (CommKind k : BUSBW) {
            KindFigures f = t.kind(k);
            sb.append(',').append(f == null ? "" : ResultFiles.bandwidth(f.busbwGBps()));
        }
        sb.append(',').append(Csv.field(t.criticalPath().describe()));
    }
}
