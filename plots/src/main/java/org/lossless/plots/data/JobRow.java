package org.lossless.plots.data;

/**
 * One row of {@code jobs.csv}: one iteration of a collective or storage job.
 *
 * @param hosts     ranks taking part (the column's count, or the number of hosts it lists); 0 if unknown
 * @param algbwGBps algorithm bandwidth, GB/s (1e9 B/s); NaN when empty
 * @param busbwGBps bus bandwidth as nccl-tests defines it, GB/s; NaN when empty (jobs that are not collectives)
 * @param idealDurationPs the iteration's duration alone on an uncongested fabric, ps; -1 when empty or absent
 *                  (results written before jobs.csv had it)
 * @param idealBusbwGBps  its busbw there, GB/s; NaN when empty or absent
 */
public record JobRow(String job, int iteration, String type, int hosts, long sizeBytes, long startPs, long finishPs,
                     long durationPs, double algbwGBps, double busbwGBps, long idealDurationPs, double idealBusbwGBps) {
}
