package org.lossless.experiments.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.lossless.experiments.metrics.JobIdeal;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.OperationStats;

/**
 * A job's answer: its own figure against its ideal (the same job alone on an uncongested fabric,
 * {@link org.lossless.experiments.run.IdealRun}), for {@code summary.json} ({@code jobs[].figure}, {@code value},
 * {@code ideal}, {@code ratio}), the console and the report. The figure depends on the job type:
 * <ul>
 *   <li>{@value #DURATION} for collectives, incast, permutation and checkpoint jobs: the mean duration of the
 *       finished iterations (collective: one call; incast: a round, until the receiver holds every byte;
 *       checkpoint: one checkpoint), against the mean ideal duration of the same iterations (with no finished
 *       iteration: no value, and the ideal of the started ones);</li>
 *   <li>{@value #LATENCY_P99} for NVMe-oF and replication jobs: the 99th percentile of the I/O latency of the
 *       job's main operation type (the one with the most completed I/Os, reads on a tie) against the same
 *       percentile alone;</li>
 *   <li>{@value #THROUGHPUT} instead for an NVMe-oF or replication job whose ideal is set by a port (its own load
 *       fills a host port even alone, as a deep-queue throughput test does): its payload throughput (every
 *       operation type) against the throughput alone. The ideal latencies ignore the queueing at a port the
 *       job fills itself, so for such a job the throughput is the figure the ideal bounds.</li>
 * </ul>
 * {@link #ratio()} is always "how many times worse than ideal", at least 1 for a job that cannot beat its
 * ideal: value / ideal for times, ideal / value for the throughput.
 *
 * @param operation the operation type of a latency figure, or null
 * @param value     the figure, ps (GB/s for {@link #THROUGHPUT}); NaN when the run has none (nothing finished)
 * @param ideal     the ideal, in the same unit; NaN when unknown
 * @param limit     the bound that set the ideal ({@code chain}, {@code port} or {@code uplink}), "" when unknown
 */
public record JobHeadline(String job, String type, String figure, String operation, double value, double ideal,
                          String limit) {
    /** The figure of jobs measured by their duration. */
    public static final String DURATION = "duration_ps";
    /** The figure of storage jobs measured by their I/O latency. */
    public static final String LATENCY_P99 = "latency_p99_ps";
    /** The figure of storage jobs whose own load fills a port alone: payload GB/s (1e9 B/s). */
    public static final String THROUGHPUT = "throughput_GBps";
    /** Job types whose figure is {@link #LATENCY_P99}. */
    public static final Set<String> LATENCY_TYPES = Set.of("nvmeof", "replication");

    /** How many times worse than ideal: value / ideal (ideal / value for a throughput), or NaN when unknown. */
    public double ratio() {
        if (!Double.isFinite(value) || !Double.isFinite(ideal)) {
            return Double.NaN;
        }
        if (figure.equals(THROUGHPUT)) {
            return value > 0 ? ideal / value : Double.NaN;
        }
        return ideal > 0 ? value / ideal : Double.NaN;
    }

    /** One headline per job, in order of its first iteration. */
    public static List<JobHeadline> of(RunResult r) {
        List<JobHeadline> out = new ArrayList<>();
        byJob(r.jobs()).forEach((name, its) -> out.add(of(its, r.operations(), r.ideal(name))));
        return out;
    }

    /** The iterations of each job, in order of first appearance. */
    static Map<String, List<JobIteration>> byJob(List<JobIteration> iterations) {
        Map<String, List<JobIteration>> byJob = new LinkedHashMap<>();
        for (JobIteration it : iterations) {
            byJob.computeIfAbsent(it.job(), k -> new ArrayList<>()).add(it);
        }
        return byJob;
    }

    /** Payload GB/s of every operation type of {@code it}'s job and iteration in {@code stats}; NaN without any. */
    private static double throughput(List<OperationStats> stats, JobIteration it) {
        double sum = 0;
        boolean any = false;
        for (OperationStats s : stats) {
            if (s.job().equals(it.job()) && s.iteration() == it.iteration() && Double.isFinite(s.throughputGBps())) {
                sum += s.throughputGBps();
                any = true;
            }
        }
        return any ? sum : Double.NaN;
    }

    /** The headline of one job from its iterations, the run's storage figures and its ideal (may be null). */
    static JobHeadline of(List<JobIteration> its, List<OperationStats> operations, JobIdeal ideal) {
        JobIteration first = its.get(0);
        if (LATENCY_TYPES.contains(first.type())) {
            OperationStats main = null;
            for (OperationStats s : operations) {
                if (s.job().equals(first.job()) && s.iteration() == first.iteration()
                        && (main == null || s.completed() > main.completed())) {
                    main = s;
                }
            }
            String limit = ideal == null ? "" : ideal.limit(first.iteration());
            if (main != null && limit.equals(org.lossless.experiments.run.IdealRun.PORT)) {
                return new JobHeadline(first.job(), first.type(), THROUGHPUT, null,
                        throughput(operations, first), throughput(ideal.operations(), first), limit);
            }
            if (main != null) {
                OperationStats alone = ideal == null ? null : ideal.operation(main.iteration(), main.operation());
                return new JobHeadline(first.job(), first.type(), LATENCY_P99, main.operation(),
                        main.p99Ps() < 0 ? Double.NaN : main.p99Ps(),
                        alone == null || alone.p99Ps() < 0 ? Double.NaN : alone.p99Ps(),
                        ideal == null ? "" : ideal.limit(first.iteration()));
            }
        }
        double sum = 0;
        double idealSum = 0;
        int n = 0;
        int known = 0;
        String limit = null;
        double unfinishedSum = 0;
        int unfinishedKnown = 0;
        for (JobIteration it : its) {
            long alone = ideal == null ? -1 : ideal.durationPs(it.iteration());
            if (!it.finished() && alone >= 0) {
                unfinishedSum += alone;
                unfinishedKnown++;
            }
            if (it.finished()) {
                sum += it.durationPs();
                n++;
                if (alone >= 0) {
                    idealSum += alone;
                    known++;
                    String l = ideal.limit(it.iteration());
                    limit = limit == null || limit.equals(l) ? l : "mixed";
                }
            }
        }
        if (n == 0) {
            // nothing finished: the ideal of what was started says what it should have taken
            return new JobHeadline(first.job(), first.type(), DURATION, null, Double.NaN,
                    unfinishedKnown == 0 ? Double.NaN : unfinishedSum / unfinishedKnown,
                    unfinishedKnown == 0 ? "" : ideal.limit(its.get(0).iteration()));
        }
        boolean complete = known == n;
        return new JobHeadline(first.job(), first.type(), DURATION, null, sum / n,
                complete ? idealSum / known : Double.NaN, complete ? limit : "");
    }
}
