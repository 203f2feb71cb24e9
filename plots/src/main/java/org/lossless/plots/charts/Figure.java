package org.lossless.plots.charts;

import org.jfree.chart.JFreeChart;

/**
 * One chart of the report, or the note that replaces it.
 *
 * @param id      file-name-safe identifier ({@code charts/<id>.png}, the HTML anchor)
 * @param title   heading
 * @param chart   the chart; null when omitted
 * @param caption what the chart shows and how it was reduced (e.g. "6 busiest of 24 queues"); or, when
 *                omitted, why
 */
public record Figure(String id, String title, JFreeChart chart, String caption) {
    public Figure {
        if (!id.matches("[a-z0-9][a-z0-9._-]*")) {
            throw new IllegalArgumentException("bad figure id '" + id + "'");
        }
    }

    public static Figure of(String id, String title, JFreeChart chart, String caption) {
        return new Figure(id, title, java.util.Objects.requireNonNull(chart, "chart"), caption);
    }

    /** A chart that could not be drawn from the files, with the reason shown in its place. */
    public static Figure omitted(String id, String title, String reason) {
        return new Figure(id, title, null, reason);
    }

    public boolean present() {
        return chart != null;
    }
}
