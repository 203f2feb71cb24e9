package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;

import java.util.Objects;

import org.lossless.experiments.run.Completion;

/**
 * How results are measured ({@code metrics}, docs/scenario.md).
 *
 * @param completion which completion of a message {@code fct_ps}, {@code ideal_fct_ps} and {@code slowdown} in
 *                   flows.csv and the summary's slowdown percentiles use (default the receiver's)
 */
public record MetricsConfig(Completion completion) {
    /** The defaults: FCT to the receiver's last byte. */
    public static final MetricsConfig DEFAULTS = new MetricsConfig(Completion.RECEIVER);

    public MetricsConfig {
        Objects.requireNonNull(completion, "completion");
    }

    /** Reads {@code metrics}: {@code completion: receiver | sender}. */
    static MetricsConfig read(Cursor c) {
        if (!c.present()) {
            return DEFAULTS;
        }
        c.object("completion");
        String v = c.key("completion").oneOf(Completion.RECEIVER.key(),
                java.util.List.of(Completion.RECEIVER.key(), Completion.SENDER.key()));
        return new MetricsConfig(Completion.valueOf(v.toUpperCase(java.util.Locale.ROOT)));
    }
}
