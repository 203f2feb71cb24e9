package org.lossless.plots.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYZDataset;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.plots.Fixtures;
import org.lossless.plots.SweepFixtures;
import org.lossless.plots.data.RunFigures;
import org.lossless.plots.data.SweepSet;

class SweepChartsTest {
    @TempDir
    Path tmp;

    @Test
    void meanAndConfidenceBandPerProfileAgainstKmin() throws IOException {
        SweepSet s = SweepSet.open(Fixtures.sweep(tmp.resolve("sw")));
        assertEquals(List.of("switch.ecn.kmin", "nic.dcqcn.profile"), s.keys());
        assertTrue(SweepCharts.constant(s, "flows.completed")); // 4 in every run: no chart
        Figure f = SweepCharts.against(s, "switch.ecn.kmin", "fct_slowdown.p99");
        XYPlot p = (XYPlot) f.chart().getPlot();
        assertEquals("switch.ecn.kmin (KB)", p.getDomainAxis().getLabel());
        assertEquals("p99 FCT slowdown (×)", p.getRangeAxis().getLabel());
        assertEquals("switch.ecn.kmin", f.x());
        assertEquals("fct_slowdown.p99", f.y());
        YIntervalSeriesCollection d = (YIntervalSeriesCollection) p.getDataset();
        assertEquals("nic.dcqcn.profile=mlx5", d.getSeriesKey(0));
        // mlx5 at 100KB: 3 and 5 -> mean 4, half-width t(0.975, 1) * sqrt(2) / sqrt(2) = 12.7062
        assertEquals(100.0, d.getXValue(0, 0));
        assertEquals(4.0, d.getYValue(0, 0), 1e-12);
        assertEquals(4.0 - 12.7062, d.getStartYValue(0, 0), 1e-4);
        assertEquals(200.0, d.getXValue(0, 1));
        assertEquals(6.0, d.getYValue(0, 1), 1e-12);
        assertEquals(3.0, d.getYValue(1, 0), 1e-12); // paper2015 at 100KB: 2 and 4
        assertTrue(f.caption().startsWith("4 points"), f.caption());
    }

    @Test
    void heatMapOverTwoKeys() throws IOException {
        SweepSet s = SweepSet.open(Fixtures.sweep(tmp.resolve("sw")));
        Figure map = SweepHeatMap.of(s, "switch.ecn.kmin", "nic.dcqcn.profile", "fct_slowdown.p99");
        assertEquals(List.of("switch.ecn.kmin", "nic.dcqcn.profile", "fct_slowdown.p99"), List.of(map.x(), map.y(),
                map.z()));
        XYPlot p = (XYPlot) map.chart().getPlot();
        XYZDataset d = (XYZDataset) p.getDataset();
        // cells (kmin index, profile index): (0,0) 4, (0,1) 3, (1,0) 6, (1,1) 5
        assertEquals(4.0, d.getZValue(0, 0), 1e-12);
        assertEquals(3.0, d.getZValue(0, 1), 1e-12);
        assertEquals(6.0, d.getZValue(0, 2), 1e-12);
        assertEquals(5.0, d.getZValue(0, 3), 1e-12);
        assertEquals("switch.ecn.kmin (setting)", p.getDomainAxis().getLabel());
    }

    @Nested
    class Study {
        @Test
        void aTruncatedPointIsHollowAndShowsItsCensoredValue() throws IOException {
            SweepSet s = SweepSet.open(SweepFixtures.study(tmp.resolve("st")));
            Figure f = SweepCharts.against(s, SweepFixtures.KMIN, "workloads.incast.fct_slowdown.p99");
            XYPlot p = (XYPlot) f.chart().getPlot();
            YIntervalSeriesCollection d = (YIntervalSeriesCollection) p.getDataset();
            HollowRenderer r = (HollowRenderer) p.getRenderer();
            assertEquals("switch.pfc.dynamic_th=-1", d.getSeriesKey(1));
            // dynamic_th=-1 at 200KB (point D): seed 1 18, seed 2 truncated: its censored 40 stands for it
            assertEquals(200.0, d.getXValue(1, 1));
            assertEquals(29.0, d.getYValue(1, 1), 1e-12);
            assertTrue(r.isHollow(1, 1));
            assertFalse(r.isHollow(1, 0) || r.isHollow(0, 0) || r.isHollow(0, 1));
            assertEquals(List.of("kmin=200KB_dynamic_th=-1"), f.marked());
            assertTrue(f.chart().getSubtitleCount() > 1, "the hollow note is in the PNG too");
        }

        @Test
        void lossLessDropsAndTheHighWaterComeFromPortsCsv() throws IOException {
            SweepSet s = SweepSet.open(SweepFixtures.study(tmp.resolve("st")));
            // B's seed 1 dropped 3 on priority 3; the 7 drops on lossy priority 0 do not count
            assertEquals(1.5, s.ci(RunFigures.LOSSLESS_DROPS, java.util.Map.of(SweepFixtures.KMIN, "100KB",
                    SweepFixtures.DTH, "-1")).mean(), 1e-12);
            assertEquals(0.0, s.ci(RunFigures.LOSSLESS_DROPS, java.util.Map.of(SweepFixtures.KMIN, "200KB")).mean());
            // the switch queue's 250,000 B, not the host NIC's 900,000 B
            assertEquals(250_000.0, s.ci(RunFigures.HIGH_WATER, java.util.Map.of()).mean());
            assertEquals(1, s.truncatedRuns());
        }

        @Test
        void aHeatMapStarsTruncatedCells() throws IOException {
            SweepSet s = SweepSet.open(SweepFixtures.study(tmp.resolve("st")));
            Figure f = SweepHeatMap.of(s, SweepFixtures.KMIN, SweepFixtures.DTH, "jobs.ar.busbw_GBps");
            XYZDataset d = (XYZDataset) ((XYPlot) f.chart().getPlot()).getDataset();
            assertEquals(11.0, d.getZValue(0, 0), 1e-12); // A
            assertEquals(28.0, d.getZValue(0, 3), 1e-12); // D: 30 and 26
            assertEquals(List.of("kmin=200KB_dynamic_th=-1"), f.marked());
            assertTrue(((XYPlot) f.chart().getPlot()).getAnnotations().stream().anyMatch(a -> a instanceof
                    org.jfree.chart.annotations.XYTextAnnotation t && t.getText().equals("28*")));
        }
    }

    @Nested
    class Scaling {
        @Test
        void busbwAndTimeAgainstTheGpuCountOnALogAxisWithTheIdeal() throws IOException {
            SweepSet s = SweepSet.open(SweepFixtures.scaling(tmp.resolve("sc")));
            List<Figure> figs = ScalingCharts.of(s);
            assertEquals(List.of("jobs.ar.busbw_GBps", "jobs.ar.duration_ps"), figs.stream().map(Figure::y).toList());
            assertEquals("jobs.ar.hosts", figs.get(0).x());
            XYPlot bw = (XYPlot) figs.get(0).chart().getPlot();
            assertTrue(bw.getDomainAxis() instanceof LogAxis, "8 to 128 hosts span 16x");
            YIntervalSeriesCollection d = (YIntervalSeriesCollection) bw.getDataset();
            assertEquals("ideal", d.getSeriesKey(1));
            for (int i = 0; i < 5; i++) {
                assertEquals(12.5, d.getYValue(1, i), 1e-9, "the 100 Gb/s line rate in GB/s");
            }
            assertEquals(8.0, d.getXValue(0, 0));
            assertEquals(11.0, d.getYValue(0, 0), 1e-12);
            YIntervalSeriesCollection t = (YIntervalSeriesCollection) ((XYPlot) figs.get(1).chart().getPlot()).getDataset();
            // ideal time 64 MB x 2(n-1)/n / 12.5 GB/s, in ms: 8.96 at 8 hosts, 10.16 at 128
            assertEquals(8.96, t.getYValue(1, 0), 1e-9);
            assertEquals(10.16, t.getYValue(1, 4), 1e-9);
            assertEquals("ar: job time (ms)", ((XYPlot) figs.get(1).chart().getPlot()).getRangeAxis().getLabel());
        }

        @Test
        void aSweepThatKeepsTheJobsSizeHasNoScalingChart() throws IOException {
            assertEquals(List.of(), ScalingCharts.of(SweepSet.open(SweepFixtures.study(tmp.resolve("st")))));
        }
    }
}
