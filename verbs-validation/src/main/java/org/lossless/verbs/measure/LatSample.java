package org.lossless.verbs.measure;

/**
 * One row of a perftest latency table, microseconds. perftest reports half the round trip for WRITE and
 * SEND latency tests and the full round trip for READ and ATOMIC. Duration mode prints only
 * {@code tAvgUs} and {@code tpsAverage}; the other figures are then null.
 *
 * @param tTypicalUs the median
 * @param p99Us      99th percentile
 * @param p999Us     99.9th percentile
 */
public record LatSample(long sizeBytes, long iterations, Double tMinUs, Double tMaxUs, Double tTypicalUs,
                        Double tAvgUs, Double tStdevUs, Double p99Us, Double p999Us, Double tpsAverage) {
}
