package org.lossless.cli;

import org.lossless.core.units.Units;
import org.lossless.experiments.run.TelemetryEstimate;
import org.lossless.experiments.scenario.Scenario;

import java.util.Locale;

/**
 * {@code --max-telemetry SIZE}: the time series a run may write at most ({@link TelemetryEstimate}, an upper
 * bound known before the run). {@code run} refuses to start above it (exit 2), {@code check} warns.
 */
final class TelemetryLimit {
    /** The default limit. */
    static final String DEFAULT = "10GB";

    private TelemetryLimit() {
    }

    /** Exit 2 when the bound exceeds the limit. */
    static void enforce(Scenario s, String option) {
        String w = warning(s, option);
        if (w != null) {
            throw new UserError(w);
        }
    }

    /** The message when the bound exceeds the limit, else null. */
    static String warning(Scenario s, String option) {
        long max = limit(option);
        TelemetryEstimate e = TelemetryEstimate.of(s);
        if (e.bytes() <= max) {
            return null;
        }
        return String.format(Locale.ROOT, "telemetry could write up to %.1f GB (%d samples of %d queue and %d rate "
                        + "series), above --max-telemetry %s: raise telemetry.sample_interval (now %s), narrow "
                        + "telemetry.queues or telemetry.flow_rates, or pass a larger --max-telemetry",
                e.bytes() / 1e9, e.samples(), e.queueSeries(), e.rateSeries(), option == null ? DEFAULT : option,
                Units.formatTime(s.telemetry().sampleIntervalPs()));
    }

    private static long limit(String option) {
        String text = option == null ? DEFAULT : option;
        try {
            long v = Units.parseSize(text);
            if (v <= 0) {
                throw new IllegalArgumentException("must be > 0");
            }
            return v;
        } catch (IllegalArgumentException e) {
            throw new UserError("--max-telemetry " + org.lossless.core.text.Printable.of(text) + ": " + e.getMessage());
        }
    }
}
