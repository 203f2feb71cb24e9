package org.lossless.verbs.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.verbs.measure.CollTiming;
import org.lossless.verbs.measure.CollectiveResult;
import org.lossless.verbs.measure.CollectiveRow;
import org.lossless.verbs.measure.FioDirection;
import org.lossless.verbs.measure.StorageResult;

/**
 * Comparable figures of jobs (results attributed to a scenario job):
 * <ul>
 * <li>{@code job/<name>/size/<bytes>/busbw_GBps} and {@code .../time_us}: nccl-tests' out-of-place half (the
 * in-place half when only it is printed), per printed size;</li>
 * <li>{@code job/<name>/<read|write>/bw_GBps} and {@code .../iops}: summed over the job's fio processes (its
 * initiators); {@code .../lat_mean_us}: mean latency weighted by I/Os; {@code .../lat_p50_us},
 * {@code lat_p99_us}, {@code lat_p999_us}: total-latency percentiles, only when one process measured the job
 * (percentiles of several hosts do not combine).</li>
 * </ul>
 */
final class JobMetrics {
    private JobMetrics() {
    }

    static void add(List<CollectiveResult> collectives, List<StorageResult> storage, Map<String, Double> out) {
        for (CollectiveResult c : collectives) {
            if (c.jobName() == null) {
                continue;
            }
            for (CollectiveRow row : c.rows()) {
                CollTiming t = row.outOfPlace() != null ? row.outOfPlace() : row.inPlace();
                if (t == null) {
                    continue;
                }
                String k = "job/" + c.jobName() + "/size/" + row.sizeBytes() + "/";
                out.put(k + "busbw_GBps", t.busbwGBps());
                out.put(k + "time_us", t.timeUs());
            }
        }
        Map<String, List<StorageResult>> byJob = new LinkedHashMap<>();
        for (StorageResult s : storage) {
            if (s.job() != null) {
                byJob.computeIfAbsent(s.job(), k -> new ArrayList<>()).add(s);
            }
        }
        byJob.forEach((job, results) -> {
            direction(job, "read", results.stream().map(StorageResult::read).toList(), out);
            direction(job, "write", results.stream().map(StorageResult::write).toList(), out);
        });
    }

    private static void direction(String job, String dir, List<FioDirection> all, Map<String, Double> out) {
        List<FioDirection> ds = all.stream().filter(java.util.Objects::nonNull).toList();
        if (ds.isEmpty()) {
            return;
        }
        String k = "job/" + job + "/" + dir + "/";
        out.put(k + "bw_GBps", ds.stream().mapToDouble(FioDirection::bwBytesPerSecond).sum() / 1e9);
        out.put(k + "iops", ds.stream().mapToDouble(FioDirection::iops).sum());
        long ios = ds.stream().mapToLong(FioDirection::totalIos).sum();
        boolean means = ds.stream().allMatch(d -> d.latMeanNs() != null) && ios > 0;
        out.put(k + "lat_mean_us", means ? ds.stream().mapToDouble(d -> d.latMeanNs() * d.totalIos()).sum() / ios / 1e3 : null);
        if (ds.size() == 1) {
            Map<String, Long> p = ds.get(0).latPercentilesNs();
            for (String[] q : new String[][] {{"50.000000", "lat_p50_us"}, {"99.000000", "lat_p99_us"},
                    {"99.900000", "lat_p999_us"}}) {
                if (p.containsKey(q[0])) {
                    out.put(k + q[1], p.get(q[0]) / 1e3);
                }
            }
        }
    }
}
