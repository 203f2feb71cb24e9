package org.lossless.plots.data;

/**
 * One row of {@code jobs.csv}: one iteration of a collective or storage job.
 *
 * @param hosts     ranks taking part (the column's count, or the number of hosts it lists); 0 if unknown
 * @param algbwGBps algorithm bandwidth, GB/s (1e9 B/s); NaN when empty
 * @param busbwGBps bus bandwidth as nccl-tests defines it, GB/s; NaN when empty (storage jobs)
 */
public record JobRow(String job, int iteration, String type, int hosts, long sizeBytes, long startPs, long finishPs,
                     long durationPs, double algbwGBps, double busbwGBps) {
}
