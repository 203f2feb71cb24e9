package org.lossless.workloads.traffic;

import java.util.Objects;

/**
 * One row of {@code jobs.csv}: one iteration of a collective, storage, incast or permutation job.
 *
 * @param job          the job's name
 * @param iteration    0-based
 * @param type         workload type ({@code allreduce}, {@code nvmeof}, ...)
 * @param hosts        hosts (ranks) taking part
 * @param sizeBytes    the size nccl-tests reports (per-rank buffer of a collective; bytes moved by a storage job)
 * @param startPs      when the iteration started, ps
 * @param finishPs     when it ended, ps, or -1 if it did not finish before the run ended
 * @param busbwFactor  busbw / algbw as nccl-tests defines it for a collective (2(n-1)/n for all-reduce,
 *                     (n-1)/n for all-gather, reduce-scatter and all-to-all, 1 for broadcast); {@link #NO_BUSBW}
 *                     for every other job (storage, incast, permutation): bus bandwidth means nothing there
 * @param algorithm    the algorithm a collective ran with ({@code ring}, {@code tree}, ...), "" for other jobs
 * @param protocol     the protocol a collective ran with ({@code simple}, {@code ll128}, {@code ll}), "" for other jobs
 */
public record JobIteration(String job, int iteration, String type, int hosts, long sizeBytes, long startPs,
                           long finishPs, double busbwFactor, String algorithm, String protocol) {
    /** {@code busbwFactor} of a job that is not a collective: it has no bus bandwidth. */
    public static final double NO_BUSBW = Double.NaN;

    public JobIteration {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(protocol, "protocol");
        if (iteration < 0 || hosts < 1 || sizeBytes < 0 || startPs < 0) {
            throw new IllegalArgumentException("job " + job + ": bad iteration " + iteration + ", hosts " + hosts
                    + ", size " + sizeBytes + " or start " + startPs);
        }
        if (finishPs != -1 && finishPs < startPs) {
            throw new IllegalArgumentException("job " + job + " iteration " + iteration + " ends before it starts");
        }
        if (!(busbwFactor > 0) && !Double.isNaN(busbwFactor) || Double.isInfinite(busbwFactor)) {
            throw new IllegalArgumentException("job " + job + ": busbw factor must be > 0 (or NO_BUSBW)");
        }
    }

    /** A job that is not a collective: no algorithm or protocol. */
    public JobIteration(String job, int iteration, String type, int hosts, long sizeBytes, long startPs, long finishPs,
                        double busbwFactor) {
        this(job, iteration, type, hosts, sizeBytes, startPs, finishPs, busbwFactor, "", "");
    }

    public boolean finished() {
        return finishPs >= 0;
    }

    /** Duration, ps, or -1 if unfinished. */
    public long durationPs() {
        return finished() ? finishPs - startPs : -1;
    }

    /** algbw as nccl-tests defines it: size / duration, GB/s (1e9 bytes per second); NaN if unfinished. */
    public double algbwGBps() {
        return finished() && durationPs() > 0 ? sizeBytes / (durationPs() / 1e12) / 1e9 : Double.NaN;
    }

    /** busbw = algbw x {@link #busbwFactor}, GB/s; NaN if unfinished or not a collective. */
    public double busbwGBps() {
        return algbwGBps() * busbwFactor;
    }

    /** Whether the job has a bus bandwidth (a collective). */
    public boolean hasBusbw() {
        return !Double.isNaN(busbwFactor);
    }
}
