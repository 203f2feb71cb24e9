package org.lossless.plots.charts;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;

/**
 * Draws a chart on the {@link Style#WIDTH} x {@link Style#HEIGHT} canvas, as an inline SVG element (scalable:
 * a view box, no fixed size, ids prefixed so several charts can share one page) or as a PNG of
 * {@link #PNG_WIDTH} x {@link #PNG_HEIGHT} (16:9) for slides.
 */
public final class ChartRender {
    public static final int PNG_WIDTH = 1600;
    public static final int PNG_HEIGHT = 900;
    /**
     * The PNG writer's compression "quality" (lossless either way: it picks the deflate effort). The default, the
     * most effort, made PNG encoding half of a report's CPU time (the demo's 17 charts: about 3 s); at 0.75 a chart
     * encodes about 4 times faster and its file is about 15 % larger (benchmarks/README.md, "Report").
     */
    static final float PNG_QUALITY = 0.75f;

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private ChartRender() {
    }

    /** The chart as an {@code <svg>} element; {@code id} (unique in the page) prefixes its internal ids. */
    public static String svg(JFreeChart chart, String id) {
        SVGGraphics2D g = new SVGGraphics2D(Style.WIDTH, Style.HEIGHT);
        g.setDefsKeyPrefix(id + "-");
        g.setGeomDoubleConverter(ChartRender::oneDecimal);
        chart.draw(g, new Rectangle2D.Double(0, 0, Style.WIDTH, Style.HEIGHT));
        return g.getSVGElement(id, false, new ViewBox(0, 0, Style.WIDTH, Style.HEIGHT), null, null);
    }

    /** Coordinates with one decimal (a tenth of a pixel of the 1280-wide canvas): a third of the bytes. */
    static String oneDecimal(double d) {
        long tenths = Math.round(d * 10);
        if (tenths % 10 == 0) {
            return Long.toString(tenths / 10);
        }
        return (tenths < 0 ? "-" : "") + Math.abs(tenths) / 10 + "." + Math.abs(tenths) % 10;
    }

    /** Writes the chart as a 16:9 PNG. */
    public static void png(JFreeChart chart, Path file) throws IOException {
        BufferedImage img = new BufferedImage(PNG_WIDTH, PNG_HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.scale((double) PNG_WIDTH / Style.WIDTH, (double) PNG_HEIGHT / Style.HEIGHT);
            chart.draw(g, new Rectangle2D.Double(0, 0, Style.WIDTH, Style.HEIGHT));
        } finally {
            g.dispose();
        }
        java.util.Iterator<javax.imageio.ImageWriter> writers = ImageIO.getImageWritersByFormatName("png");
        if (!writers.hasNext()) {
            throw new IOException("no PNG writer for " + file);
        }
        javax.imageio.ImageWriter w = writers.next();
        java.nio.file.Files.deleteIfExists(file);
        try (javax.imageio.stream.ImageOutputStream out = ImageIO.createImageOutputStream(file.toFile())) {
            w.setOutput(out);
            javax.imageio.ImageWriteParam p = w.getDefaultWriteParam();
            p.setCompressionMode(javax.imageio.ImageWriteParam.MODE_EXPLICIT);
            p.setCompressionQuality(PNG_QUALITY);
            w.write(null, new javax.imageio.IIOImage(img, null, null), p);
        } finally {
            w.dispose();
        }
    }
}
