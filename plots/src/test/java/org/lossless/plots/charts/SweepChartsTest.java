package org.lossless.plots.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYZDataset;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.plots.Fixtures;
import org.lossless.plots.data.SweepSet;

class SweepChartsTest {
    @TempDir
    Path tmp;

    @Test
    void meanAndConfidenceBandPerProfileAgainstKmin() throws IOException {
        SweepSet s = SweepSet.open(Fixtures.sweep(tmp.resolve("sw")));
        assertEquals(List.of("switch.ecn.kmin", "nic.dcqcn.profile"), s.keys());
        List<Figure> figs = SweepCharts.figures(List.of(s), List.of(""));
        assertEquals(2, figs.size()); // flows.completed is constant: no chart
        XYPlot p = (XYPlot) figs.get(0).chart().getPlot();
        assertEquals("switch.ecn.kmin (KB)", p.getDomainAxis().getLabel());
        assertEquals("fct_slowdown.p99 (×)", p.getRangeAxis().getLabel());
        YIntervalSeriesCollection d = (YIntervalSeriesCollection) p.getDataset();
        assertEquals("nic.dcqcn.profile=mlx5", d.getSeriesKey(0));
        // mlx5 at 100KB: 3 and 5 -> mean 4, half-width t(0.975, 1) * sqrt(2) / sqrt(2) = 12.7062
        assertEquals(100.0, d.getXValue(0, 0));
        assertEquals(4.0, d.getYValue(0, 0), 1e-12);
        assertEquals(4.0 - 12.7062, d.getStartYValue(0, 0), 1e-4);
        assertEquals(200.0, d.getXValue(0, 1));
        assertEquals(6.0, d.getYValue(0, 1), 1e-12);
        assertEquals(3.0, d.getYValue(1, 0), 1e-12); // paper2015 at 100KB: 2 and 4
        assertTrue(figs.get(0).caption().startsWith("4 points"), figs.get(0).caption());
    }

    @Test
    void heatMapOverTwoKeys() throws IOException {
        SweepSet s = SweepSet.open(Fixtures.sweep(tmp.resolve("sw")));
        List<Figure> maps = SweepCharts.heatMaps(s);
        XYPlot p = (XYPlot) maps.get(0).chart().getPlot();
        XYZDataset d = (XYZDataset) p.getDataset();
        // cells (kmin index, profile index): (0,0) 4, (0,1) 3, (1,0) 6, (1,1) 5
        assertEquals(4.0, d.getZValue(0, 0), 1e-12);
        assertEquals(3.0, d.getZValue(0, 1), 1e-12);
        assertEquals(6.0, d.getZValue(0, 2), 1e-12);
        assertEquals(5.0, d.getZValue(0, 3), 1e-12);
        assertEquals("switch.ecn.kmin (setting)", p.getDomainAxis().getLabel());
    }
}
