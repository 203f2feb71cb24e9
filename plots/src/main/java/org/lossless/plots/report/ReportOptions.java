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
 */
public record ReportOptions(Path out, Path compare, List<String> ports, int top) {
    public static final int DEFAULT_TOP = 6;

    public ReportOptions {
        ports = List.copyOf(ports);
        if (top < 1) {
            throw new IllegalArgumentException("top must be >= 1, got " + top);
        }
    }

    /** The defaults: in place, no comparison, the 6 busiest queues. */
    public static ReportOptions defaults() {
        return new ReportOptions(null, null, List.of(), DEFAULT_TOP);
    }
}
