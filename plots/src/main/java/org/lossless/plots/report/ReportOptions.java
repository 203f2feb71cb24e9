package org.lossless.plots.report;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@code lossless report} was asked for.
 *
 * @param out     where to write report.html and charts/; null for the default (the run or sweep directory;
 *                with a comparison, {@code DIR/compare-<baseline name>})
 * @param compare the baseline directory, or null for a report of one directory
 * @param ports   switch ports ({@code node:port}) whose queues to chart; empty for the busiest
 * @param top     how many busiest queues to chart
 * @param metrics sweeps: the figures to chart against the varied keys and in the heat maps (summary paths,
 *                {@code *} matching any characters); empty for the study's figures
 * @param best    sweeps: the objective of the best point, {@code min:KEY}, {@code max:KEY} or {@code KEY}
 *                (its natural direction); null for the default
 * @param where   sweeps: constraints every run of the best point must meet, {@code KEY OP VALUE} with OP one
 *                of {@code == != <= >= < >}; empty for the default (no lossless drop)
 */
public record ReportOptions(Path out, Path compare, List<String> ports, int top, List<String> metrics, String best,
                            List<String> where) {
    public static final int DEFAULT_TOP = 6;

    public ReportOptions {
        ports = List.copyOf(ports);
        metrics = List.copyOf(metrics);
        where = List.copyOf(where);
        if (top < 1) {
            throw new IllegalArgumentException("top must be >= 1, got " + top);
        }
    }

    /** Without sweep choices. */
    public ReportOptions(Path out, Path compare, List<String> ports, int top) {
        this(out, compare, ports, top, List.of(), null, List.of());
    }

    /** The defaults: in place, no comparison, the 6 busiest queues. */
    public static ReportOptions defaults() {
        return new ReportOptions(null, null, List.of(), DEFAULT_TOP);
    }

    /** Whether a sweep choice ({@code --metric}, {@code --best}, {@code --where}) was given. */
    public boolean sweepChoices() {
        return !metrics.isEmpty() || best != null || !where.isEmpty();
    }
}
