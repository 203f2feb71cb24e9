package org.lossless.plots.charts;

import java.awt.geom.Ellipse2D;
import java.util.HashSet;
import java.util.Set;

import org.jfree.chart.renderer.xy.DeviationRenderer;

/**
 * A line with its 95 % band and a marker per point, where chosen points are drawn hollow (a ring in the series
 * colour): sweep points whose figures are censored because a run stopped at stop_time with unfinished work.
 * The rest are filled discs. (The band is filled with the series' fill paint, so hollowness is a property of
 * the marker only.)
 */
final class HollowRenderer extends DeviationRenderer {
    private static final long serialVersionUID = 1L;
    private final Set<Long> hollow = new HashSet<>();

    HollowRenderer() {
        super(true, true);
        setAlpha(0.18f);
        setUseFillPaint(true);
        setDrawOutlines(true);
        setUseOutlinePaint(false);
        setDefaultShape(new Ellipse2D.Double(-6, -6, 12, 12));
        setAutoPopulateSeriesShape(false);
        setDefaultOutlineStroke(Style.line(3f));
        setAutoPopulateSeriesOutlineStroke(false);
    }

    /** Draws item {@code item} of series {@code series} hollow. */
    void hollow(int series, int item) {
        hollow.add(((long) series << 32) | item);
    }

    boolean isHollow(int series, int item) {
        return hollow.contains(((long) series << 32) | item);
    }

    @Override
    public boolean getItemShapeFilled(int series, int item) {
        return !isHollow(series, item);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HollowRenderer h && super.equals(o) && hollow.equals(h.hollow);
    }

    @Override
    public int hashCode() {
        return super.hashCode() * 31 + hollow.hashCode();
    }
}
