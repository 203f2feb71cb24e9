package org.lossless.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.lossless.experiments.run.RunResult;
import org.lossless.workloads.traffic.JobIteration;

/**
 * The lines {@code run} and {@code demo} print under the summary line: one per job (iterations done, job
 * time and busbw of each finished iteration, or their mean and range when there are many) and, when the run has jobs or pauses, one
 * on PFC, ECN and CNP activity. Empty for a run of plain flows without pauses.
 */
final class RunLines {
    /** Iterations listed one by one; more are summarised. */
    static final int LISTED = 4;

    private RunLines() {
    }

    static String of(RunResult r) {
        StringBuilder sb = new StringBuilder();
        Map<String, List<JobIteration>> jobs = new LinkedHashMap<>();
        for (JobIteration it : r.jobs()) {
            jobs.computeIfAbsent(it.job(), k -> new ArrayList<>()).add(it);
        }
        for (Map.Entry<String, List<JobIteration>> e : jobs.entrySet()) {
            sb.append('\n').append(job(e.getKey(), e.getValue()));
            sb.append(TrainingLines.of(r.training(), e.getKey()));
        }
        if (!jobs.isEmpty() || r.pauseFrames() > 0) {
            sb.append(String.format(Locale.ROOT, "%n  fabric: %,d PFC pause frames, %.3f ms paused (summed over ports); "
                    + "%,d packets ECN-marked; %,d CNPs", r.pauseFrames(), r.pausedPs() / 1e9, r.ecnMarked(), r.cnpSent()));
        }
        return sb.toString().replace(System.lineSeparator(), "\n");
    }

    private static String job(String name, List<JobIteration> its) {
        JobIteration first = its.get(0);
        List<JobIteration> done = its.stream().filter(JobIteration::finished).toList();
        String head = String.format(Locale.ROOT, "  job %s (%s, %d hosts, %,d B): %d of %d started iterations finished", name,
                first.type(), first.hosts(), first.sizeBytes(), done.size(), its.size());
        if (done.isEmpty()) {
            return head;
        }
        double[] t = done.stream().mapToDouble(it -> it.durationPs() / 1e9).toArray();
        double[] bw = done.stream().mapToDouble(JobIteration::busbwGBps).toArray();
        String bwName = first.type().equals("training") ? "fabric throughput" : "busbw";
        return head + String.format(Locale.ROOT, "; time %s ms; %s %s GB/s", stats(t), bwName, stats(bw));
    }

    /** Up to {@link #LISTED} values in iteration order ("2.345, 1.200"), else "mean 2.345 (min 1.200, max 3.100)". */
    private static String stats(double[] v) {
        if (v.length <= LISTED) {
            StringBuilder sb = new StringBuilder();
            for (double x : v) {
                sb.append(sb.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.3f", x));
            }
            return sb.toString();
        }
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        double sum = 0;
        for (double x : v) {
            min = Math.min(min, x);
            max = Math.max(max, x);
            sum += x;
        }
        return String.format(Locale.ROOT, "mean %.3f (min %.3f, max %.3f)", sum / v.length, min, max);
    }
}
