package org.lossless.plots.charts;

import java.awt.Color;
import java.awt.Paint;

import org.jfree.chart.renderer.PaintScale;

/**
 * A sequential colour scale for heat maps: white at the lower bound through light blue, blue, orange to
 * dark red at the upper bound (values outside are clamped). Readable in grey print: lightness falls
 * monotonically.
 */
public final class HeatScale implements PaintScale, java.io.Serializable {
    private static final long serialVersionUID = 1L;
    private static final Color[] STOPS = {new Color(0xFF, 0xFF, 0xFF), new Color(0xC6, 0xDB, 0xEF),
        new Color(0x41, 0x8F, 0xC8), new Color(0xF0, 0x9A, 0x1A), new Color(0xB1, 0x1A, 0x12)};
    private final double lower;
    private final double upper;

    public HeatScale(double lower, double upper) {
        if (!(upper > lower)) {
            upper = lower + 1;
        }
        this.lower = lower;
        this.upper = upper;
    }

    @Override
    public double getLowerBound() {
        return lower;
    }

    @Override
    public double getUpperBound() {
        return upper;
    }

    @Override
    public Paint getPaint(double value) {
        if (Double.isNaN(value)) {
            return new Color(0xEE, 0xEE, 0xEE);
        }
        double f = Math.max(0, Math.min(1, (value - lower) / (upper - lower))) * (STOPS.length - 1);
        int i = Math.min(STOPS.length - 2, (int) f);
        double t = f - i;
        Color a = STOPS[i];
        Color b = STOPS[i + 1];
        return new Color((int) Math.round(a.getRed() + t * (b.getRed() - a.getRed())),
                (int) Math.round(a.getGreen() + t * (b.getGreen() - a.getGreen())),
                (int) Math.round(a.getBlue() + t * (b.getBlue() - a.getBlue())));
    }
}
