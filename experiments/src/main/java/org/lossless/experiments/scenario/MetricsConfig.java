package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;

import java.util.Objects;

import org.lossless.core.settings.Values;
import org.lossless.workloads.yaml.SectionReader;

import org.lossless.experiments.metrics.Completion;

/**
 * How results are measured ({@code metrics}, docs/scenario.md).
 *
 * @param completion which completion of a message {@code fct_ps}, {@code ideal_fct_ps} and {@code slowdown} in
 *                   flows.csv and the summary's slowdown percentiles use (default the receiver's)
 * @param flows      which messages flows.csv lists one row each ({@link FlowRows}, default {@link FlowRows#DATA}: the
 *                   collectives' per-step and the control messages aggregated in flows_summary.csv)
 */
public record MetricsConfig(Completion completion, FlowRows flows) {
    /**
     * The defaults: FCT to the receiver's last byte; flows.csv lists the data messages of the workloads that are not
     * collectives, flows_summary.csv aggregates the rest ({@link FlowRows#DATA}).
     */
    public static final MetricsConfig DEFAULTS = new MetricsConfig(Completion.RECEIVER, FlowRows.DATA);

    public MetricsConfig {
        Objects.requireNonNull(completion, "completion");
        Objects.requireNonNull(flows, "flows");
    }

    /** With the default rows ({@link #DEFAULTS}' {@code flows}). */
    public MetricsConfig(Completion completion) {
        this(completion, FlowRows.DATA);
    }

    /** Reads {@code metrics} through {@link MetricsSchema#METRICS}: {@code completion}, {@code flows}. */
    static MetricsConfig read(Cursor c) {
        Values v = SectionReader.read(c, MetricsSchema.METRICS);
        return MetricsSchema.config(MetricsSchema.METRICS.resolve(v == null ? Values.empty(MetricsSchema.METRICS) : v));
    }
}
