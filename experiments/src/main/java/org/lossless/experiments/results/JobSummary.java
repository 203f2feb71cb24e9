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

/**
 * {@code summary.json} {@code jobs}: one entry per job (in order of its first iteration in {@code jobs.csv})
 * with its iterations' duration and busbw over the finished ones: {@code duration_ps} and {@code busbw_GBps}
 * are the means (the contract's keys), {@code *_p50} and {@code *_p99} nearest-rank percentiles. Durations
 * are whole picoseconds (the mean rounded half-up), bandwidths GB/s with six decimals; null without a
 * finished iteration.
 */
final class JobSummary {
    private JobSummary() {
    }

    static void write(ArrayNode jobs, List<JobIteration> iterations) {
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
            j.put("iterations", its.size());
            j.put("completed", done.size());
            double[] durations = done.stream().mapToDouble(JobIteration::durationPs).sorted().toArray();
            double[] busbw = done.stream().mapToDouble(JobIteration::busbwGBps).filter(Double::isFinite).sorted().toArray();
            if (durations.length == 0) {
                j.putNull("duration_ps");
                j.putNull("duration_ps_p50");
                j.putNull("duration_ps_p99");
            } else {
                long sum = 0;
                for (JobIteration it : done) {
                    sum += it.durationPs();
                }
                j.put("duration_ps", new BigDecimal(sum).divide(BigDecimal.valueOf(done.size()), 0, RoundingMode.HALF_UP)
                        .longValueExact());
                j.put("duration_ps_p50", (long) Percentiles.nearestRank(durations, 50));
                j.put("duration_ps_p99", (long) Percentiles.nearestRank(durations, 99));
            }
            if (busbw.length == 0) {
                j.putNull("busbw_GBps");
                j.putNull("busbw_GBps_p50");
                j.putNull("busbw_GBps_p99");
            } else {
                double mean = 0;
                for (double b : busbw) {
                    mean += b;
                }
                j.put("busbw_GBps", Csv.fixed(mean / busbw.length, ResultFiles.BANDWIDTH_DECIMALS));
                j.put("busbw_GBps_p50", Csv.fixed(Percentiles.nearestRank(busbw, 50), ResultFiles.BANDWIDTH_DECIMALS));
                j.put("busbw_GBps_p99", Csv.fixed(Percentiles.nearestRank(busbw, 99), ResultFiles.BANDWIDTH_DECIMALS));
            }
        }
    }
}
