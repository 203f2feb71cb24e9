package org.lossless.plots.charts;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;

import org.jfree.chart.annotations.AbstractXYAnnotation;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.PaintScale;

/**
 * A heat map's cells drawn as one image stretched over a data rectangle: one pixel per cell, scaled with
 * nearest-neighbour sampling. Thousands of cells then cost one embedded PNG in an SVG instead of thousands of
 * rectangles (a 40-link x 150-column map would otherwise be about a megabyte of markup).
 */
final class HeatImage extends AbstractXYAnnotation {
    private static final long serialVersionUID = 1L;
    private final transient BufferedImage image;
    private final double x0;
    private final double x1;
    private final double y0;
    private final double y1;

    /**
     * @param cells  [row][column] values, row 0 drawn at y = 0
     * @param x0     data x of the left edge of column 0; x1 the right edge of the last column
     * @param y0     data y of the edge of row 0 (e.g. -0.5); y1 the far edge of the last row
     */
    HeatImage(double[][] cells, PaintScale scale, double x0, double x1, double y0, double y1) {
        int rows = cells.length;
        int cols = rows == 0 ? 1 : cells[0].length;
        this.image = new BufferedImage(Math.max(1, cols), Math.max(1, rows), BufferedImage.TYPE_INT_RGB);
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                image.setRGB(c, r, ((java.awt.Color) scale.getPaint(cells[r][c])).getRGB());
            }
        }
        this.x0 = x0;
        this.x1 = x1;
        this.y0 = y0;
        this.y1 = y1;
    }

    @Override
    public void draw(Graphics2D g2, XYPlot plot, Rectangle2D area, ValueAxis domain, ValueAxis range, int index,
                     PlotRenderingInfo info) {
        double ax = domain.valueToJava2D(x0, area, plot.getDomainAxisEdge());
        double bx = domain.valueToJava2D(x1, area, plot.getDomainAxisEdge());
        double ay = range.valueToJava2D(y0, area, plot.getRangeAxisEdge());
        double by = range.valueToJava2D(y1, area, plot.getRangeAxisEdge());
        Object old = g2.getRenderingHint(RenderingHints.KEY_INTERPOLATION);
        g2.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_NEAREST_NEIGHBOR);
        int left = (int) Math.round(Math.min(ax, bx));
        int top = (int) Math.round(Math.min(ay, by));
        int w = (int) Math.round(Math.abs(bx - ax));
        int h = (int) Math.round(Math.abs(by - ay));
        boolean flip = ay > by; // row 0 at the bottom: draw the image upside down
        if (flip) {
            g2.drawImage(image, left, top + h, left + w, top, 0, 0, image.getWidth(), image.getHeight(), null);
        } else {
            g2.drawImage(image, left, top, w, h, null);
        }
        if (old != null) {
            g2.setRenderingHint(RenderingHints.KEY_INTERPOLATION, old);
        }
    }

    /** The image (one pixel per cell), for tests. */
    BufferedImage image() {
        return image;
    }
}
