package org.lossless.plots.charts;

import java.util.List;
import java.util.Objects;

import org.jfree.chart.JFreeChart;

/**
 * One chart of the report, or the note that replaces it, with the metric keys it plots (written to
 * {@code charts/index.json} so scripts and tests find a chart by what it shows, not by its title).
 *
 * <p>Metric keys: a varied scenario key ({@code switch.ecn.kmin}), {@code time}, a summary path
 * ({@code jobs.ar.busbw_GBps}, {@code workloads.incast.fct_slowdown.p99}), a result column as
 * {@code FILE:COLUMN} ({@code flows.csv:slowdown}, {@code timeseries/queues.csv:bytes}), a figure the report
 * derives from a run's files ({@code ports.lossless_drops}), or one of the drawn quantities {@code cdf},
 * {@code utilisation}, {@code link}, {@code port}, {@code node}, {@code tier}, {@code job}.
 *
 * @param id      file-name-safe identifier ({@code charts/<id>.png}, the HTML anchor)
 * @param title   heading
 * @param chart   the chart; null when omitted
 * @param caption what the chart shows and how it was reduced (e.g. "6 busiest of 24 queues"); or, when
 *                omitted, why
 * @param x       metric key on the horizontal axis; null until {@link #axes} is called
 * @param y       metric key on the vertical axis; null until {@link #axes} is called
 * @param z       metric key shown by colour (heat maps, the topology), or null
 * @param marked  sweep points drawn hollow: at least one of their runs stopped at stop_time with unfinished
 *                work (their figures are censored); empty for other charts
 */
public record Figure(String id, String title, JFreeChart chart, String caption, String x, String y, String z,
                     List<String> marked) {
    public Figure {
        if (!id.matches("[a-z0-9][a-z0-9._-]*")) {
            throw new IllegalArgumentException("bad figure id '" + id + "'");
        }
        marked = List.copyOf(marked);
    }

    public static Figure of(String id, String title, JFreeChart chart, String caption) {
        return new Figure(id, title, Objects.requireNonNull(chart, "chart"), caption, null, null, null, List.of());
    }

    /** A chart that could not be drawn from the files, with the reason shown in its place. */
    public static Figure omitted(String id, String title, String reason) {
        return new Figure(id, title, null, reason, null, null, null, List.of());
    }

    /** This figure with the metric keys of its axes. */
    public Figure axes(String xKey, String yKey) {
        return new Figure(id, title, chart, caption, xKey, yKey, z, marked);
    }

    /** This figure with the metric key its colours show. */
    public Figure colour(String zKey) {
        return new Figure(id, title, chart, caption, x, y, zKey, marked);
    }

    /** This figure with the sweep points it draws hollow (truncated). */
    public Figure marking(List<String> points) {
        return new Figure(id, title, chart, caption, x, y, z, points);
    }

    public boolean present() {
        return chart != null;
    }
}
