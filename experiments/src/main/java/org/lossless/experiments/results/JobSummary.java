package org.lossless.experiments.results;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.core.stats.Percentiles;
import org.lossless.experiments.metrics.JobIdeal;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.workloads.traffic.JobIteration;

/**
 * {@code summary.json} {@code jobs}: one entry per job (in order of its first iteration in {@code jobs.csv}).
 * For a collective, first the {@code algorithm} and {@code protocol} it ran with and, on a fabric of multi-GPU
 * servers, {@code servers} and {@code gpus_per_server} ({@link JobServers}: {@code hosts} is then its GPUs). Then
 * its answer
 * ({@link JobHeadline}): {@code figure} (what is measured: {@code duration_ps},
 * {@code latency_p99_ps} with its {@code operation}, or {@code throughput_GBps}), {@code value}, {@code ideal} (the
 * same job alone on an uncongested fabric), {@code ratio}: how many times worse than ideal (six decimals) and
 * {@code ideal_limit} (the bound that set the ideal: {@code chain}, {@code port} or {@code uplink}); null where
 * unknown. Then its iterations' duration over the finished ones: {@code duration_ps} (the mean, the contract's key), {@code duration_ps_p50}/{@code _p99}
 * (nearest rank), {@code ideal_duration_ps} (the mean ideal of the same iterations); for collectives only,
 * {@code busbw_GBps} (mean, p50, p99) and {@code ideal_busbw_GBps} (a job that is not a collective has no busbw
 * key at all); for storage jobs {@code operations} ({@link StorageColumns}). Durations are whole picoseconds (a
 * mean rounded half-up), bandwidths GB/s with six decimals.
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

    static void write(ArrayNode jobs, RunResult r, JobServers servers) {
        Map<String, List<JobIteration>> byJob = JobHeadline.byJob(r.jobs());
        for (Map.Entry<String, List<JobIteration>> e : byJob.entrySet()) {
            List<JobIteration> its = e.getValue();
            JobIteration first = its.get(0);
            JobIdeal ideal = r.ideal(e.getKey());
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
            JobServers.Placement on = servers.of(e.getKey());
            if (on != null) {
                j.put("servers", on.servers());
                j.put("gpus_per_server", on.gpusPerServer());
            }
            j.put("iterations", its.size());
            j.put("completed", done.size());
            headline(j, JobHeadline.of(its, r.operations(), ideal));
            double[] durations = done.stream().mapToDouble(JobIteration::durationPs).sorted().toArray();
            put(j, "duration_ps", durations, meanPs(done.stream().mapToLong(JobIteration::durationPs).toArray()), 0);
            long[] alone = done.stream().mapToLong(it -> ideal == null ? -1 : ideal.durationPs(it.iteration()))
                    .toArray();
            BigDecimal idealMean = java.util.Arrays.stream(alone).anyMatch(d -> d < 0) ? null : meanPs(alone);
            putOrNull(j, "ideal_duration_ps", idealMean);
            if (first.hasBusbw()) {
                double[] busbw = done.stream().mapToDouble(JobIteration::busbwGBps).filter(Double::isFinite).sorted()
                        .toArray();
                put(j, "busbw_GBps", busbw, busbw.length == 0 ? null : bandwidth(mean(busbw)),
                        ResultFiles.BANDWIDTH_DECIMALS);
                double[] idealBusbw = done.stream().mapToDouble(it -> {
                    JobIteration a = ideal == null ? null : ideal.iteration(it.iteration());
                    return a == null ? Double.NaN : a.busbwGBps();
                }).toArray();
                boolean known = idealBusbw.length > 0 && java.util.Arrays.stream(idealBusbw).allMatch(Double::isFinite);
                putOrNull(j, "ideal_busbw_GBps", known ? bandwidth(mean(idealBusbw)) : null);
            }
            StorageColumns.summary(j, e.getKey(), r.operations(), ideal);
        }
    }

    /** {@code figure}, {@code operation} (latency figures), {@code value}, {@code ideal}, {@code ratio}, {@code ideal_limit}. */
    private static void headline(ObjectNode j, JobHeadline h) {
        j.put("figure", h.figure());
        if (h.operation() != null) {
            j.put("operation", h.operation());
        }
        boolean rate = h.figure().equals(JobHeadline.THROUGHPUT);
        putOrNull(j, "value", figure(h.value(), rate));
        putOrNull(j, "ideal", figure(h.ideal(), rate));
        putOrNull(j, "ratio", Double.isFinite(h.ratio()) ? Csv.fixed(h.ratio(), Csv.SLOWDOWN_DECIMALS) : null);
        if (h.limit().isEmpty()) {
            j.putNull("ideal_limit");
        } else {
            j.put("ideal_limit", h.limit());
        }
    }

    /** A time in whole ps, or a throughput in GB/s with six decimals; null when unknown. */
    private static BigDecimal figure(double v, boolean rate) {
        if (!Double.isFinite(v)) {
            return null;
        }
        return rate ? bandwidth(v) : BigDecimal.valueOf(v).setScale(0, RoundingMode.HALF_UP);
    }

    private static BigDecimal meanPs(long[] values) {
        if (values.length == 0) {
            return null;
        }
        long sum = 0;
        for (long v : values) {
            sum += v;
        }
        return new BigDecimal(sum).divide(BigDecimal.valueOf(values.length), 0, RoundingMode.HALF_UP);
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static BigDecimal bandwidth(double v) {
        return Csv.fixed(v, ResultFiles.BANDWIDTH_DECIMALS);
    }

    static void putOrNull(ObjectNode node, String key, BigDecimal v) {
        if (v == null) {
            node.putNull(key);
        } else {
            node.put(key, v);
        }
    }
}
