package org.lossless.verbs.compare;

/**
 * One metric, simulated against measured.
 *
 * @param simulated     null when the simulation has no value for it
 * @param measured      null when the measurement does not have it (not available)
 * @param error         simulated - measured, or null
 * @param relativeError (simulated - measured) / |measured|, or null when either is missing or measured is 0
 */
public record MetricRow(String metric, Double simulated, Double measured, Double error, Double relativeError) {
    static MetricRow of(String metric, Double sim, Double hw) {
        Double err = sim == null || hw == null ? null : sim - hw;
        Double rel = err == null || hw == 0 ? null : err / Math.abs(hw);
        return new MetricRow(metric, sim, hw, err, rel);
    }
}
