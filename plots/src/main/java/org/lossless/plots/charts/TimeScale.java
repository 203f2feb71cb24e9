package org.lossless.plots.charts;

/**
 * The time unit of a chart's axis, chosen from the run's length so tick labels stay short: ns below
 * 2 µs, µs up to 2 ms, ms up to 2 s, s beyond.
 *
 * @param psPerUnit picoseconds per axis unit
 * @param unit      the unit's symbol, as written in the axis label
 */
public record TimeScale(double psPerUnit, String unit) {
    public static TimeScale forSpan(long spanPs) {
        if (spanPs < 2_000_000L) {
            return new TimeScale(1e3, "ns");
        }
        if (spanPs <= 2_000_000_000L) {
            return new TimeScale(1e6, "µs");
        }
        if (spanPs <= 2_000_000_000_000L) {
            return new TimeScale(1e9, "ms");
        }
        return new TimeScale(1e12, "s");
    }

    public double of(long ps) {
        return ps / psPerUnit;
    }

    /** {@code time (µs)}. */
    public String label() {
        return "time (" + unit + ")";
    }
}
