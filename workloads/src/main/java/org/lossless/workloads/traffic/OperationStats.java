package org.lossless.workloads.traffic;

import java.util.Objects;

/**
 * Figures of one operation type ({@code read}, {@code write}) of one iteration of a storage job, for
 * {@code jobs.csv} and {@code summary.json}. An I/O is what the application issued (an NVMe-oF read or
 * write, a replicated object write, a checkpoint chunk); its latency runs from when it was issued (queued
 * at the initiator, waiting for a queue slot included) to when the initiator saw it complete.
 *
 * @param job          the job's name (= {@link JobIteration#job()})
 * @param iteration    the iteration it belongs to (= {@link JobIteration#iteration()})
 * @param operation    {@code read} or {@code write}
 * @param issued       I/Os of this type issued
 * @param completed    of those, completed before the run ended
 * @param bytes        payload bytes of the completed I/Os
 * @param windowPs     the iteration's measuring window: from its start to the last completion of any
 *                     type, ps (the same for every operation type of an iteration, so IOPS add up); 0 if
 *                     nothing completed
 * @param p50Ps        median latency of the completed I/Os, ps (nearest rank), -1 if none
 * @param p99Ps        99th percentile, ps, -1 if none
 * @param p999Ps       99.9th percentile, ps, -1 if none
 * @param maxPs        largest latency, ps, -1 if none
 * @param meanPs       mean latency, ps, -1 if none
 */
public record OperationStats(String job, int iteration, String operation, long issued, long completed, long bytes,
                             long windowPs, long p50Ps, long p99Ps, long p999Ps, long maxPs, long meanPs) {
    public OperationStats {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(operation, "operation");
        if (iteration < 0 || issued < 0 || completed < 0 || completed > issued || bytes < 0 || windowPs < 0) {
            throw new IllegalArgumentException("job " + job + " " + operation + ": bad counts (issued " + issued
                    + ", completed " + completed + ", bytes " + bytes + ", window " + windowPs + " ps)");
        }
        if (completed > 0 && !(p50Ps <= p99Ps && p99Ps <= p999Ps && p999Ps <= maxPs)) {
            throw new IllegalArgumentException("job " + job + " " + operation + ": percentiles out of order");
        }
    }

    /** Completed I/Os per second over {@link #windowPs}; NaN if the window is empty. */
    public double iops() {
        return windowPs > 0 ? completed / (windowPs / 1e12) : Double.NaN;
    }

    /** Payload throughput over {@link #windowPs}, GB/s (1e9 bytes per second); NaN if the window is empty. */
    public double throughputGBps() {
        return windowPs > 0 ? bytes / (windowPs / 1e12) / 1e9 : Double.NaN;
    }
}
