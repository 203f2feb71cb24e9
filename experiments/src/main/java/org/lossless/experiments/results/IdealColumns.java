package org.lossless.experiments.results;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lossless.experiments.metrics.JobIdeal;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.OperationStats;

/**
 * The ideal columns of {@code jobs.csv}, after the storage columns: each row's iteration alone on an uncongested
 * fabric ({@link org.lossless.experiments.run.IdealRun}): {@code ideal_duration_ps}, {@code ideal_algbw_GBps}
 * (size / ideal duration), {@code ideal_busbw_GBps} (collectives only, as {@code busbw_GBps}), and per storage
 * operation type its IOPS and latency percentiles alone. Empty where the run has no ideal for the row (results
 * not made by the packet engine, an iteration that did not finish alone before {@code stop_time}) or the figure
 * does not apply (busbw of a job that is not a collective, an operation type the job did not issue).
 */
final class IdealColumns {
    /** Appended after {@link StorageColumns#HEADER}. */
    static final String HEADER = ",ideal_duration_ps,ideal_algbw_GBps,ideal_busbw_GBps,read_ideal_iops,"
            + "read_ideal_p50_ps,read_ideal_p99_ps,write_ideal_iops,write_ideal_p50_ps,write_ideal_p99_ps";

    private final Map<String, JobIdeal> byJob = new HashMap<>();

    IdealColumns(List<JobIdeal> ideals) {
        for (JobIdeal i : ideals) {
            byJob.put(i.job(), i);
        }
    }

    /** The ideal columns of {@code j}'s row, each preceded by a comma. */
    void append(StringBuilder sb, JobIteration j) {
        JobIdeal ideal = byJob.get(j.job());
        JobIteration alone = ideal == null ? null : ideal.iteration(j.iteration());
        sb.append(',');
        if (alone != null) {
            sb.append(alone.durationPs()).append(',').append(ResultFiles.bandwidth(alone.algbwGBps())).append(',')
                    .append(ResultFiles.bandwidth(alone.busbwGBps()));
        } else {
            sb.append(",,");
        }
        for (String op : StorageColumns.OPERATIONS) {
            OperationStats s = ideal == null ? null : ideal.operation(j.iteration(), op);
            if (s == null) {
                sb.append(",,,");
                continue;
            }
            sb.append(',');
            if (Double.isFinite(s.iops())) {
                sb.append(Csv.fixed(s.iops(), StorageColumns.IOPS_DECIMALS).toPlainString());
            }
            sb.append(',');
            optional(sb, s.p50Ps()).append(',');
            optional(sb, s.p99Ps());
        }
    }

    private static StringBuilder optional(StringBuilder sb, long v) {
        return v < 0 ? sb : sb.append(v);
    }
}
