package org.lossless.plots.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;

/**
 * One look for every chart, sized for a 1280 x 720 canvas (16:9) that the page scales and the PNG draws at
 * 1600 x 900: sans-serif fonts readable on a projector, white background, light grid, a colour-blind-safe
 * palette (Okabe-Ito) and fixed colours for meanings (root pause red, propagated orange, ideal grey).
 */
public final class Style {
    public static final int WIDTH = 1280;
    public static final int HEIGHT = 720;
    /** Pixel columns a time series is reduced to (the plot area's width at most). */
    public static final int COLUMNS = 1000;

    public static final Color ROOT = new Color(0xD5, 0x2A, 0x1E);
    public static final Color PROPAGATED = new Color(0xF0, 0x9A, 0x1A);
    public static final Color STORM = new Color(0x7B, 0x3F, 0xA0);
    public static final Color IDEAL = new Color(0x55, 0x55, 0x55);
    public static final Color ECN = new Color(0x00, 0x72, 0xB2);
    public static final Color XOFF = new Color(0xD5, 0x2A, 0x1E);
    public static final Color GRID = new Color(0xDD, 0xDD, 0xDD);

    /** Okabe-Ito, then a few darker extras. */
    private static final Color[] PALETTE = {
        new Color(0x00, 0x72, 0xB2), new Color(0xE6, 0x9F, 0x00), new Color(0x00, 0x9E, 0x73),
        new Color(0xCC, 0x79, 0xA7), new Color(0x56, 0xB4, 0xE9), new Color(0xD5, 0x5E, 0x00),
        new Color(0x33, 0x33, 0x33), new Color(0xF0, 0xE4, 0x42), new Color(0x88, 0x44, 0x00),
        new Color(0x44, 0x88, 0x88), new Color(0x88, 0x88, 0x00), new Color(0x66, 0x33, 0x99)};

    private static final StandardChartTheme THEME = theme();

    private Style() {
    }

    private static StandardChartTheme theme() {
        StandardChartTheme t = (StandardChartTheme) StandardChartTheme.createJFreeTheme();
        t.setExtraLargeFont(new Font(Font.SANS_SERIF, Font.BOLD, 24));
        t.setLargeFont(new Font(Font.SANS_SERIF, Font.PLAIN, 19));
        t.setRegularFont(new Font(Font.SANS_SERIF, Font.PLAIN, 16));
        t.setSmallFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        t.setChartBackgroundPaint(Color.WHITE);
        t.setPlotBackgroundPaint(Color.WHITE);
        t.setLegendBackgroundPaint(Color.WHITE);
        t.setDomainGridlinePaint(GRID);
        t.setRangeGridlinePaint(GRID);
        t.setAxisLabelPaint(Color.BLACK);
        t.setTickLabelPaint(Color.DARK_GRAY);
        t.setShadowVisible(false);
        t.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
        t.setXYBarPainter(new org.jfree.chart.renderer.xy.StandardXYBarPainter());
        return t;
    }

    /** The i-th series colour. */
    public static Color color(int i) {
        return PALETTE[Math.floorMod(i, PALETTE.length)];
    }

    /** Applies the theme; call after the chart is complete and before series paints are set. */
    public static JFreeChart apply(JFreeChart chart) {
        THEME.apply(chart);
        chart.setBackgroundPaint(Color.WHITE);
        // room on the right for the last tick label of the time axis
        chart.setPadding(new org.jfree.chart.ui.RectangleInsets(4, 8, 4, 22));
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        Plot p = chart.getPlot();
        p.setOutlinePaint(Color.GRAY);
        if (p instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(GRID);
            xy.setRangeGridlinePaint(GRID);
        }
        return chart;
    }

    /** A number axis with a label (which must carry the unit) that does not force zero. */
    public static NumberAxis axis(String label) {
        NumberAxis a = new NumberAxis(label);
        a.setAutoRangeIncludesZero(false);
        return a;
    }

    /** A dashed horizontal reference line with its label at the right end, above the line. */
    public static ValueMarker marker(double value, String label, Paint paint) {
        return marker(value, label, paint, true);
    }

    /** As {@link #marker(double, String, Paint)}, the label at the right end or ({@code right} false) the left. */
    public static ValueMarker marker(double value, String label, Paint paint, boolean right) {
        ValueMarker m = new ValueMarker(value, paint, new BasicStroke(2.0f, BasicStroke.CAP_BUTT,
                BasicStroke.JOIN_MITER, 10f, new float[] {8f, 5f}, 0f));
        m.setLabel(label);
        m.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
        m.setLabelPaint(paint);
        m.setLabelAnchor(right ? RectangleAnchor.TOP_RIGHT : RectangleAnchor.TOP_LEFT);
        m.setLabelTextAnchor(right ? TextAnchor.BOTTOM_RIGHT : TextAnchor.BOTTOM_LEFT);
        m.setLabelBackgroundColor(new Color(255, 255, 255, 210));
        return m;
    }

    /** As {@link #marker(double, String, Paint, boolean)} at the left end, the label under the line. */
    public static ValueMarker markerBelow(double value, String label, Paint paint) {
        ValueMarker m = marker(value, label, paint, false);
        m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
        return m;
    }

    /** A line renderer that draws each series as one path (small SVG), without shapes. */
    public static org.jfree.chart.renderer.xy.XYLineAndShapeRenderer lines() {
        org.jfree.chart.renderer.xy.XYLineAndShapeRenderer r =
                new org.jfree.chart.renderer.xy.XYLineAndShapeRenderer(true, false);
        r.setDrawSeriesLineAsPath(true);
        return r;
    }

    public static BasicStroke line(float width) {
        return new BasicStroke(width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    }

    public static BasicStroke dashed(float width) {
        return new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
    }
}
