package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;

import java.util.List;
import java.util.Objects;

import org.lossless.experiments.metrics.Completion;

/**
 * How results are measured ({@code metrics}, docs/scenario.md).
 *
 * @param completion which completion of a message {@code fct_ps}, {@code ideal_fct_ps} and {@code slowdown} in
 *                   flows.csv and the summary's slowdown percentiles use (default the receiver's)
 * @param flows      which messages flows.csv lists one row each ({@link FlowRows}, default every message)
 */
public record MetricsConfig(Completion completion, FlowRows flows) {
    /** The defaults: FCT to the receiver's last byte, one flows.csv row per message. */
    public static final MetricsConfig DEFAULTS = new MetricsConfig(Completion.RECEIVER, FlowRows.ALL);

    public MetricsConfig {
        Objects.requireNonNull(completion, "completion");
        Objects.requireNonNull(flows, "flows");
    }

    /** With every message in flows.csv. */
    public MetricsConfig(Completion completion) {
        this(completion, FlowRows.ALL);
    }

    /** Reads {@code metrics}: {@code completion: receiver | sender}, {@code flows: all | data | summary}. */
    static MetricsConfig read(Cursor c) {
        if (!c.present()) {
            return DEFAULTS;
        }
        c.object("completion", "flows");
        String v = c.key("completion").oneOf(Completion.RECEIVER.key(),
                List.of(Completion.RECEIVER.key(), Completion.SENDER.key()));
        String rows = c.key("flows").oneOf(FlowRows.ALL.key(), FlowRows.keys());
        return new MetricsConfig(Completion.valueOf(v.toUpperCase(java.util.Locale.ROOT)), FlowRows.of(rows));
    }
}
