package org.lossless.experiments.results;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.OperationStats;

/**
 * {@code summary.json} {@code jobs}: one entry per job (in order of its first iteration in {@code jobs.csv})
 * with, for a collective, the algorithm and protocol it ran with, and its iterations' duration and busbw over
 * the finished ones: {@code duration_ps} and {@code busbw_GBps}
 * are the means (the contract's keys), {@code *_p50} and {@code *_p99} nearest-rank percentiles. Durations
 * are whole picoseconds (the mean rounded half-up), bandwidths GB/s with six decimals; null without a
 * finished iteration.
 */
final class JobSummary {
    private JobSummary() {
    }

    /** {@code key} (the mean), {@code key_p50} and {@code key_p99} of {@code sorted}, or nulls when it is empty. */
    private static void put(ObjectNode j, String key, double[] sorted, BigDecimal mean, int decimals) {
        if (sorted.length == 0) {
            j.putNull(key);
            j.putNull(key + "_p50");
            j.putNull(key + "_p99");
            return;
        }
        j.put(key, mean);
        j.put(key + "_p50", Csv.fixed(Percentiles.nearestRank(sorted, 50), decimals));
        j.put(key + "_p99", Csv.fixed(Percentiles.nearestRank(sorted, 99), decimals));
    }

    static void write(ArrayNode jobs, List<JobIteration> iterations, List<OperationStats> operations) {
        Map<String, List<JobIteration>> byJob = new LinkedHashMap<>();
        for (JobIteration it : iterations) {
            byJob.computeIfAbsent(it.job(), k -> new ArrayList<>()).add(it);
        }
        for (Map.Entry<String, List<JobIteration>> e : byJob.entrySet()) {
            List<JobIteration> its = e.getValue();
            JobIteration first = its.get(0);
            List<JobIteration> done = its.stream().filter(JobIteration::finished).toList();
            ObjectNode j = jobs.addObject();
            j.put("job", e.getKey());
            j.put("type", first.type());
            j.put("hosts", first.hosts());
            j.put("size_bytes", first.sizeBytes());
            if (!first.algorithm().isEmpty()) {
                j.put("algorithm", first.algorithm());
                j.put("protocol", first.protocol());
            }
            j.put("iterations", its.size());
            j.put("completed", done.size());
            double[] durations = done.stream().mapToDouble(JobIteration::durationPs).sorted().toArray();
            double[] busbw = done.stream().mapToDouble(JobIteration::busbwGBps).filter(Double::isFinite).sorted().toArray();
            long sum = 0;
            for (JobIteration it : done) {
                sum += it.durationPs();
            }
            BigDecimal meanDuration = done.isEmpty() ? null
                    : new BigDecimal(sum).divide(BigDecimal.valueOf(done.size()), 0, RoundingMode.HALF_UP);
            put(j, "duration_ps", durations, meanDuration, 0);
            double mean = 0;
            for (double b : busbw) {
                mean += b;
            }
            put(j, "busbw_GBps", busbw, busbw.length == 0 ? null
                    : Csv.fixed(mean / busbw.length, ResultFiles.BANDWIDTH_DECIMALS), ResultFiles.BANDWIDTH_DECIMALS);
            StorageColumns.summary(j, e.getKey(), operations);
        }
    }
}
