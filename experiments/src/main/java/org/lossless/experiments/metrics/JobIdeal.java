package org.lossless.experiments.metrics;

import java.util.List;
import java.util.Objects;

import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.OperationStats;

/**
 * A job's ideal: the same job alone on an uncongested fabric
 * ({@link org.lossless.experiments.run.IdealRun}), as its own program reports it there: its iterations
 * (durations, algbw, busbw) and, for a storage job, its per-operation figures (IOPS, throughput, latency
 * percentiles). Iteration i of the real run is compared with iteration i here.
 *
 * @param job        the job's name
 * @param iterations the job's iterations alone, in order (an iteration unfinished at {@code stop_time} has none)
 * @param operations a storage job's figures alone, per (iteration, operation type); empty for other jobs
 * @param limits     for each of {@code iterations}, the bound that set its ideal:
 *                   {@link org.lossless.experiments.run.IdealRun#CHAIN} or
 *                   {@link org.lossless.experiments.run.IdealRun#PORT}; empty for an iteration unfinished there
 */
public record JobIdeal(String job, List<JobIteration> iterations, List<OperationStats> operations, List<String> limits) {
    public JobIdeal {
        Objects.requireNonNull(job, "job");
        iterations = List.copyOf(iterations);
        operations = List.copyOf(operations);
        limits = List.copyOf(limits);
        if (limits.size() != iterations.size()) {
            throw new IllegalArgumentException("job " + job + ": one limit per iteration");
        }
    }

    /** The bound that set iteration {@code i}'s ideal, or "" when unknown. */
    public String limit(int i) {
        for (int k = 0; k < iterations.size(); k++) {
            if (iterations.get(k).iteration() == i) {
                return limits.get(k);
            }
        }
        return "";
    }

    /** Iteration {@code i} alone, or null when it did not run or finish there. */
    public JobIteration iteration(int i) {
        for (JobIteration it : iterations) {
            if (it.iteration() == i) {
                return it.finished() ? it : null;
            }
        }
        return null;
    }

    /** The ideal duration of iteration {@code i}, ps, or -1 when unknown. */
    public long durationPs(int i) {
        JobIteration it = iteration(i);
        return it == null ? -1 : it.durationPs();
    }

    /** The figures of operation type {@code op} in iteration {@code i} alone, or null. */
    public OperationStats operation(int i, String op) {
        for (OperationStats s : operations) {
            if (s.iteration() == i && s.operation().equals(op)) {
                return s;
            }
        }
        return null;
    }
}
