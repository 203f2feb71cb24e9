package org.lossless.plots.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.annotations.XYLineAnnotation;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYZDataset;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.plots.Fixtures;
import org.lossless.plots.data.ResultSet;

/** Each chart of a run from the hand-made directory of {@link Fixtures#run}: series, axis labels, points. */
class RunChartsTest {
    @TempDir
    static Path tmp;
    static ResultSet rs;

    @BeforeAll
    static void fixture() throws IOException {
        rs = ResultSet.open(Fixtures.run(tmp.resolve("run")));
    }

    static XYPlot xy(Figure f) {
        assertTrue(f.present(), f.caption());
        return (XYPlot) f.chart().getPlot();
    }

    /** Series {@code s} of {@code d} as [x0, y0, x1, y1, ...]. */
    static double[] points(XYDataset d, int s) {
        double[] p = new double[2 * d.getItemCount(s)];
        for (int i = 0; i < d.getItemCount(s); i++) {
            p[2 * i] = d.getXValue(s, i);
            p[2 * i + 1] = d.getYValue(s, i);
        }
        return p;
    }

    @Nested
    class Queues {
        @Test
        void busiestQueuesInKbAgainstMicrosecondsWithZerosAcrossTheEmptySpell() {
            XYPlot p = xy(QueueChart.build(rs, List.of(), 6));
            assertEquals("time (µs)", p.getDomainAxis().getLabel());
            assertEquals("queue depth (KB)", p.getRangeAxis().getLabel());
            XYDataset d = p.getDataset();
            assertEquals(2, d.getSeriesCount());
            assertEquals("sw0:0/3", d.getSeriesKey(0));
            assertEquals("sw0:1/3", d.getSeriesKey(1));
            // rows at 1, 2, 3, 7, 8 µs; a zero one interval (1 µs) before the first row and before the row after
            // the gap (7 µs)
            assertArrayEquals(new double[] {0, 0, 1, 10, 2, 50, 3, 0, 6, 0, 7, 20, 8, 0}, points(d, 0));
        }

        @Test
        void onlyQueuesTheTelemetryRecordedAreChosen() throws IOException {
            // sw0:0 is the busiest port in ports.csv, but the run watched sw0:1 only: no legend entry without a line
            java.nio.file.Path dir = Fixtures.run(tmp.resolve("watched"));
            // what the run wrote for telemetry.queues: [sw0:1] (the report reads it from fabric.json, not the scenario)
            java.nio.file.Path fabric = dir.resolve("fabric.json");
            java.nio.file.Files.writeString(fabric, java.nio.file.Files.readString(fabric).replace(
                    "\"watched_queues\": \"all\"", "\"watched_queues\": [\"sw0:1\"]"));
            ResultSet w = ResultSet.open(dir);
            assertEquals(List.of("sw0:1/3"), QueueChart.select(w, List.of(), 6));
            Figure f = QueueChart.build(w, List.of(), 6);
            assertEquals(1, xy(f).getDataset().getSeriesCount());
            assertTrue(f.caption().contains("1 busiest queue of those telemetry.queues recorded"), f.caption());
            assertEquals(List.of("sw0:0/3", "sw0:1/3"), QueueChart.select(rs, List.of(), 6), "queues: all");
        }

        @Test
        void ecnAndXoffReferenceLinesFromThresholdsCsv() {
            XYPlot p = xy(QueueChart.build(rs, List.of(), 6));
            List<Double> values = new ArrayList<>();
            List<String> labels = new ArrayList<>();
            for (Object o : p.getRangeMarkers(Layer.FOREGROUND)) {
                values.add(((ValueMarker) o).getValue());
                labels.add(((Marker) o).getLabel());
            }
            // thresholds.csv of the fixture: kmin 100 KB, kmax 400 KB, XOFF 300 KB
            assertEquals(List.of(100.0, 400.0, 300.0), values);
            assertTrue(labels.get(2).startsWith("PFC XOFF"), labels.toString());
        }

        @Test
        void withoutThresholdsCsvNoReferenceLineAndTheCaptionSaysWhy() throws IOException {
            Path dir = Fixtures.run(tmp.resolve("nothresholds"));
            Files.delete(dir.resolve("thresholds.csv"));
            Figure f = QueueChart.build(ResultSet.open(dir), List.of(), 6);
            assertTrue(xy(f).getRangeMarkers(Layer.FOREGROUND) == null
                    || xy(f).getRangeMarkers(Layer.FOREGROUND).isEmpty());
            assertTrue(f.caption().contains("no thresholds.csv"), f.caption());
        }

        @Test
        void highWaterPerQueueAgainstItsKmaxAndXoff() {
            Figure f = HighWaterChart.build(rs);
            assertTrue(f.present(), f.caption());
            CategoryPlot p = (CategoryPlot) f.chart().getPlot();
            // ports.csv: sw0:0/3 peaked at 50,000 B, sw0:1/3 at 1,000 B (2 % of the top), sw0:2/3 never held a byte
            assertEquals(List.of("sw0:0/3", "sw0:1/3"), p.getDataset(0).getColumnKeys());
            assertEquals(50.0, p.getDataset(0).getValue(0, 0).doubleValue());
            assertEquals(1.0, p.getDataset(0).getValue(0, 1).doubleValue());
            assertEquals(400.0, p.getDataset(1).getValue(HighWaterChart.KMAX, "sw0:0/3").doubleValue());
            assertEquals(300.0, p.getDataset(1).getValue(HighWaterChart.XOFF, "sw0:0/3").doubleValue());
            assertTrue(f.caption().contains("2 of 2 switch queues") && f.caption().contains("0 queues went past"),
                    f.caption());
            assertEquals("ports.csv:max_queue_bytes", f.y());
        }

        @Test
        void queueLengthCdfOverTheBusySamples() {
            Figure f = QueueCdfChart.build(rs, List.of(), 6);
            XYPlot p = xy(f);
            // sw0:0/3 held 10, 50 and 20 KB in 3 of its 5 rows (the zeros at 3 and 8 µs are not busy samples); the
            // run is 10 samples of 1 µs long: busy 30 %
            assertEquals("sw0:0/3 (not empty 30 % of the run)", p.getDataset().getSeriesKey(0));
            assertArrayEquals(new double[] {10, 0, 10, 1 / 3.0, 20, 1 / 3.0, 20, 2 / 3.0, 50, 2 / 3.0, 50, 1},
                    points(p.getDataset(), 0));
            assertArrayEquals(new double[] {1, 0, 1, 1}, points(p.getDataset(), 1));
            List<Double> lines = new ArrayList<>();
            p.getDomainMarkers(Layer.FOREGROUND).forEach(o -> lines.add(((ValueMarker) o).getValue()));
            // kmax (400 KB) and XOFF (300 KB) are beyond 4 × the 50 KB peak: named, not drawn
            assertEquals(List.of(100.0), lines);
            assertTrue(f.caption().contains("beyond the chart: ECN kmax 400 KB, XOFF, one ingress 300 KB"), f.caption());
            assertEquals("cdf", f.y());
        }

        @Test
        void cdfStepsAreBlocksOfRanksWhenThereAreManySamples() {
            long[] v = new long[1000];
            for (int i = 0; i < v.length; i++) {
                v[i] = i + 1;
            }
            List<double[]> c = QueueCdfChart.cdf(v, 100); // blocks of 10 ranks: steps at 10, 20, ... 1000
            assertEquals(200, c.size());
            org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {10, 0}, c.get(0));
            org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {10, 0.01}, c.get(1));
            org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {1000, 1.0}, c.get(199));
            // ties are never split: 5 samples of 7 and 5 of 9 in blocks of 2
            List<double[]> t = QueueCdfChart.cdf(new long[] {7, 7, 7, 7, 7, 9, 9, 9, 9, 9}, 5);
            assertEquals(4, t.size());
            org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {7, 0.5}, t.get(1));
        }

        @Test
        void chosenPortsAndAnAbsentFileAreHandled() throws IOException {
            XYPlot p = xy(QueueChart.build(rs, List.of("sw0:1"), 6));
            assertEquals(1, p.getDataset().getSeriesCount());
            assertEquals("sw0:1/3", p.getDataset().getSeriesKey(0));
            Path bare = tmp.resolve("bare");
            Files.createDirectories(bare);
            Files.copy(rs.file("summary.json"), bare.resolve("summary.json"));
            Figure f = QueueChart.build(ResultSet.open(bare), List.of(), 6);
            assertFalse(f.present());
            assertTrue(f.caption().contains("queues.csv"), f.caption());
        }
    }

    @Test
    void ratesInGbpsWithCnpMarksWhereTheCountGrows() {
        XYPlot p = xy(RateChart.build(rs));
        assertEquals("sender rate (Gb/s)", p.getRangeAxis().getLabel());
        assertEquals("time (µs)", p.getDomainAxis().getLabel());
        XYDataset rates = p.getDataset(0);
        assertEquals("flow 1", rates.getSeriesKey(0));
        assertArrayEquals(new double[] {0, 100, 1, 50, 2, 50, 3, 25}, points(rates, 0));
        XYDataset marks = p.getDataset(1);
        assertArrayEquals(new double[] {1, 50, 3, 25}, points(marks, 0));
        assertEquals(0, marks.getItemCount(1)); // flow 2 got no CNP
    }

    /** A sampled message flows.csv does not list (aggregated by metrics.flows: data) is drawn, and the caption says so. */
    @Test
    void ratesOfAggregatedMessagesAreDrawnAndNamed(@TempDir Path tmp) throws IOException {
        Path dir = Fixtures.run(tmp.resolve("agg"));
        List<String> lines = Files.readAllLines(dir.resolve("flows.csv"));
        lines.removeIf(l -> l.startsWith("1,"));
        Files.write(dir.resolve("flows.csv"), lines);
        Files.writeString(dir.resolve("flows_summary.csv"), "workload,operation,kind,src,messages\nar,data,data,2,1\n");
        Figure f = RateChart.build(ResultSet.open(dir));
        assertEquals(2, xy(f).getDataset(0).getSeriesCount());
        assertTrue(f.caption().startsWith("2 of 2 sampled flows (most CNPs first; 1 of them not in flows.csv (per-message "
                + "rows not written, metrics.flows: data; set metrics.flows: all), ranked by the CNPs rates.csv "
                + "recorded); "), f.caption());
        assertTrue(RateChart.build(rs).caption().startsWith("2 of 2 sampled flows (most CNPs first); "));
    }

    /** A flow's line and CNP triangles have the colour its legend entry shows (the theme must not repaint them). */
    @Test
    void eachFlowInItsLegendColour() {
        Figure f = RateChart.build(rs);
        XYPlot p = xy(f);
        var legend = p.getLegendItems();
        for (int i = 0; i < p.getDataset(0).getSeriesCount(); i++) {
            String key = String.valueOf(p.getDataset(0).getSeriesKey(i));
            java.awt.Paint shown = null;
            for (int j = 0; j < legend.getItemCount(); j++) {
                if (legend.get(j).getLabel().equals(key)) {
                    shown = legend.get(j).getFillPaint();
                }
            }
            assertEquals(shown, p.getRenderer(0).getSeriesPaint(i), key + " line");
            assertEquals(shown, p.getRenderer(1).getSeriesPaint(i), key + " CNP marks");
        }
        assertEquals(2, p.getDataset(0).getSeriesCount());
    }

    @Nested
    class Pauses {
        @Test
        void ganttRowsByPausedTimeBarsColouredByCause() {
            XYPlot p = xy(PauseGantt.build(rs));
            assertEquals("time (µs)", p.getDomainAxis().getLabel());
            String[] rows = ((org.jfree.chart.axis.SymbolAxis) p.getRangeAxis()).getSymbols();
            assertArrayEquals(new String[] {"sw0:1/3", "sw0:2/3", "watchdog sw0:0/3"}, rows);
            XYIntervalSeriesCollection d = (XYIntervalSeriesCollection) p.getDataset();
            // root: [1, 3] and [9, end = 10] µs on row 0
            assertEquals(2, d.getItemCount(0));
            assertEquals(1.0, d.getStartXValue(0, 0));
            assertEquals(3.0, d.getEndXValue(0, 0));
            assertEquals(9.0, d.getStartXValue(0, 1));
            assertEquals(10.0, d.getEndXValue(0, 1));
            // propagated: [2, 3] on row 1; storm [5, 6] on row 2
            assertEquals(2.0, d.getStartXValue(1, 0));
            assertEquals(1.0, d.getYValue(1, 0));
            assertEquals(5.0, d.getStartXValue(2, 0));
            assertEquals(2.0, d.getYValue(2, 0));
        }

        @Test
        void chainsFromTheRootWithOneElbowEdge() {
            Figure f = PauseTree.build(rs);
            XYPlot p = xy(f);
            assertTrue(p.getDomainAxis().getLabel().contains("hops"));
            XYDataset d = p.getDataset();
            assertArrayEquals(new double[] {1, 0}, points(d, 0)); // root sw0:1/3 at depth 1, row 0
            assertArrayEquals(new double[] {2, 1}, points(d, 1)); // sw0:2/3 under it
            long lines = p.getAnnotations().stream().filter(a -> a instanceof XYLineAnnotation).count();
            assertEquals(2, lines, "one edge: down and across");
            // summary.json of the fixture: 2 root, 1 propagated, longest chain 2
            assertTrue(f.caption().startsWith("2 root and 1 propagated pause episodes, longest chain 2 hops"),
                    f.caption());
        }
    }

    @Nested
    class Fct {
        @Test
        void cdfStepsPerWorkloadOverFinishedFlows() {
            Figure f = FctCharts.cdf(rs);
            XYPlot p = xy(f);
            assertEquals("a", p.getDataset().getSeriesKey(0));
            assertArrayEquals(new double[] {1, 0, 1, 0.5, 2, 0.5, 2, 1}, points(p.getDataset(), 0));
            assertArrayEquals(new double[] {4, 0, 4, 1}, points(p.getDataset(), 1));
            assertTrue(f.caption().startsWith("3 of 4 data messages finished"), f.caption());
            assertTrue(p.getDomainAxis().getLabel().startsWith("FCT slowdown (FCT / ideal FCT"));
        }

        @Test
        void controlMessagesAreLeftOut() throws IOException {
            // the same run with a kind column and a control message of slowdown 9 in workload b
            Path dir = Fixtures.run(tmp.resolve("kinds"));
            List<String> lines = new ArrayList<>(Files.readAllLines(dir.resolve("flows.csv")));
            lines.replaceAll(l -> l + (l.startsWith("flow_id") ? ",kind" : ",data"));
            lines.add("4,b,0,1,3,64,0,9000000,9000000,1000000,9.000000,0,0,control");
            Files.write(dir.resolve("flows.csv"), lines);
            Figure f = FctCharts.cdf(ResultSet.open(dir));
            assertArrayEquals(new double[] {4, 0, 4, 1}, points(xy(f).getDataset(), 1));
            assertTrue(f.caption().startsWith("3 of 4 data messages finished"), f.caption());
            assertTrue(f.caption().contains("1 control messages"), f.caption());

            // overlaid on the plain run (a comparison): each run's own counts, never their sum
            Figure both = FctCharts.cdf(List.of(rs, ResultSet.open(dir)), List.of("baseline", "candidate"));
            assertTrue(both.caption().startsWith("baseline: 3 of 4 data messages finished; candidate: 3 of 4 data "
                    + "messages finished, 1 control messages;"), both.caption());
        }

        @Test
        void aggregatedCollectiveRowsAreNamedWhenFlowsCsvHasNoDataMessage() throws IOException {
            // metrics.flows: summary on a collective alone: flows.csv is the header, flows_summary.csv has the rows
            Path dir = Fixtures.run(tmp.resolve("summary"));
            List<String> lines = Files.readAllLines(dir.resolve("flows.csv"));
            Files.write(dir.resolve("flows.csv"), lines.subList(0, 1));
            Figure plain = FctCharts.cdf(ResultSet.open(dir));
            assertFalse(plain.present());
            assertTrue(plain.caption().contains("no data message in flows.csv"), plain.caption());
            assertFalse(plain.caption().contains("flows_summary.csv"), plain.caption());
            Files.writeString(dir.resolve("flows_summary.csv"), "workload,operation,kind,src,messages\nar,data,data,0,4\n"
                    + "ar,data,data,1,4\nar,cts,control,0,4\n");
            Figure f = FctCharts.cdf(ResultSet.open(dir));
            assertFalse(f.present());
            // no resolved scenario: a directory with flows_summary.csv was written with data (the default)
            assertTrue(f.caption().startsWith("per-message rows not written (metrics.flows: data); set metrics.flows: "
                    + "all to draw them: the data messages (8 of ar) are aggregated per job and rank in "
                    + "flows_summary.csv"), f.caption());
            Files.writeString(dir.resolve("scenario.resolved.yaml"), "name: x\nworkloads:\n- type: allreduce\n"
                    + "  name: ar\nmetrics:\n  completion: receiver\n  flows: summary\nfailures: []\n");
            Figure s = FctCharts.cdf(ResultSet.open(dir));
            assertTrue(s.caption().startsWith("per-message rows not written (metrics.flows: summary)"), s.caption());
            assertFalse(FctCharts.buckets(ResultSet.open(dir)).get(0).present());
            assertTrue(FctCharts.buckets(ResultSet.open(dir)).get(0).caption().startsWith("per-message rows not written"));
        }

        @Test
        void rowsThatAreWrittenAreDrawnAndTheAggregatedOnesNamed() throws IOException {
            // metrics.flows: data with a plain flows workload (a, b: rows kept) beside a collective (ar: aggregated)
            Path dir = Fixtures.run(tmp.resolve("mixed"));
            Files.writeString(dir.resolve("flows_summary.csv"), "workload,operation,kind,src,messages\nar,data,data,0,6\n"
                    + "ar,cts,control,0,6\n");
            Figure f = FctCharts.cdf(ResultSet.open(dir));
            assertTrue(f.present());
            assertArrayEquals(new double[] {4, 0, 4, 1}, points(xy(f).getDataset(), 1));
            assertTrue(f.caption().startsWith("3 of 4 data messages finished"), f.caption());
            assertTrue(f.caption().contains("; not drawn: per-message rows not written (metrics.flows: data); set "
                    + "metrics.flows: all to draw them: the data messages (6 of ar)"), f.caption());
            List<Figure> b = FctCharts.buckets(ResultSet.open(dir));
            assertTrue(b.get(0).caption().contains("not drawn: per-message rows not written"), b.get(0).caption());
            assertFalse(b.get(1).caption().contains("not drawn"), b.get(1).caption());
        }

        @Test
        void percentilesPerSizeBucket() {
            List<Figure> figs = FctCharts.buckets(rs);
            assertEquals(2, figs.size()); // workloads a and b
            XYPlot p = xy(figs.get(0));
            assertArrayEquals(new String[] {"1 KB", "2 KB"},
                    ((org.jfree.chart.axis.SymbolAxis) p.getDomainAxis()).getSymbols());
            for (int k = 0; k < 3; k++) { // p50, p95, p99 of one flow per bucket: the flow's slowdown
                assertArrayEquals(new double[] {0, 1, 1, 2}, points(p.getDataset(), k));
            }
            assertEquals("FCT slowdown (×)", p.getRangeAxis().getLabel());
        }
    }

    @Nested
    class Links {
        @Test
        void busiestLinksOverTheRunInPercent() {
            Figure f = UtilisationCharts.busiest(rs);
            CategoryPlot p = (CategoryPlot) f.chart().getPlot();
            assertEquals("sw0:0 → h0", p.getDataset().getColumnKey(0));
            assertEquals(80.0, p.getDataset().getValue(0, 0).doubleValue(), 1e-9); // 100,000 B of 125,000 B
            assertEquals(40.0, p.getDataset().getValue(0, 1).doubleValue(), 1e-9);
            assertTrue(p.getRangeAxis().getLabel().contains("%"));
        }

        @Test
        void heatMapPerTierFromLinksCsv() {
            List<Figure> figs = UtilisationCharts.heatMaps(rs);
            assertEquals(2, figs.size());
            assertTrue(figs.get(0).title().endsWith("host → ToR/leaf"), figs.get(0).title());
            XYPlot up = xy(figs.get(0));
            XYZDataset d = (XYZDataset) up.getDataset();
            // 10 columns of 1 µs (the sample interval); h1:0 sent 6,250 B in the first: 50 %
            assertEquals(10, d.getItemCount(0));
            assertEquals(50.0, d.getZValue(0, 0), 1e-9);
            assertEquals(0.0, d.getZValue(0, 1), 1e-9);
            XYZDataset down = (XYZDataset) xy(figs.get(1)).getDataset();
            for (int c = 0; c < 10; c++) { // sw0:0: 12,500 B per µs for 5 µs = 100 %, then idle
                assertEquals(c < 5 ? 100.0 : 0.0, down.getZValue(0, c), 1e-9, "column " + c);
            }
            assertEquals("time (µs)", up.getDomainAxis().getLabel());
        }
    }

    @Test
    void jobDurationsAndBusbwAgainstTheIdeal() {
        List<Figure> figs = JobCharts.build(rs);
        XYPlot p = xy(figs.get(0));
        assertEquals("duration (µs)", p.getRangeAxis().getLabel());
        assertEquals("iteration (numbered from 0, as in jobs.csv)", p.getDomainAxis().getLabel());
        assertArrayEquals(new double[] {0, 4, 1, 2}, points(p.getDataset(), 0));
        // the ideal from jobs.csv: each iteration alone takes 1 µs
        assertArrayEquals(new double[] {0, 1, 1, 1}, points(p.getDataset(), 1), 1e-9);
        CategoryPlot b = (CategoryPlot) figs.get(1).chart().getPlot();
        assertEquals(3.75, b.getDataset().getValue("mean busbw", "ar").doubleValue(), 1e-9);
        assertEquals(10.0, b.getDataset().getValue("ideal busbw (alone)", "ar").doubleValue(), 1e-9);
        assertEquals("bus bandwidth (GB/s)", b.getRangeAxis().getLabel());
    }

    @Test
    void olderJobsCsvHasNoIdealAndStorageHasNoBusbw() throws IOException {
        Path dir = Fixtures.run(tmp.resolve("old"));
        Files.writeString(dir.resolve("jobs.csv"), """
                job,iteration,type,hosts,size_bytes,start_ps,finish_ps,duration_ps,algbw_GBps,busbw_GBps
                io,0,nvmeof,2,10000,0,4000000,4000000,2.5,
                """);
        List<Figure> figs = JobCharts.build(ResultSet.open(dir));
        assertEquals(1, xy(figs.get(0)).getDataset().getSeriesCount(), "no ideal series");
        assertTrue(figs.get(0).caption().contains("no ideal"), figs.get(0).caption());
        assertFalse(figs.get(1).present());
        assertTrue(figs.get(1).caption().contains("no collective"), figs.get(1).caption());
    }

    @Test
    void trainingBreakdownStacksToTheDurationAndTheTimelineHasALanePerStage() throws IOException {
        Path dir = Fixtures.run(tmp.resolve("train"));
        Files.writeString(dir.resolve("jobs.csv"), """
                job,iteration,type,hosts,size_bytes,start_ps,finish_ps,duration_ps,algbw_GBps,busbw_GBps,ideal_duration_ps,\
                algorithm,protocol,compute_ps,exposed_tp_ps,exposed_pp_ps,exposed_dp_ps,exposed_ep_ps,exposed_other_ps,\
                bubble_ps,checkpoint_ps,tp_busbw_GBps,pp_busbw_GBps,dp_busbw_GBps,ep_busbw_GBps,critical_path
                ar,0,allreduce,2,1000,0,1000000,1000000,1,1,1000000,ring,simple,,,,,,,,,,,,,
                gpt,0,training,4,0,0,10000000,10000000,,,8000000,,,6000000,1000000,500000,1500000,0,0,1000000,0,,,,,compute
                """);
        Files.writeString(dir.resolve("timeline.csv"), """
                job,iteration,lane,rank,node,kind,op,name,stream,ready_ps,start_ps,end_ps,bytes,critical
                gpt,0,stage 0,0,0,compute,compute,F,0,0,0,4000000,0,1
                gpt,0,stage 0,0,1,pp,send,send F,1,4000000,4000000,4500000,100,1
                gpt,0,stage 1,2,0,compute,compute,F,0,0,4500000,8000000,0,1
                gpt,0,stage 1,2,1,dp,allreduce,bucket,2,8000000,8000000,10000000,100,1
                """);
        List<Figure> figs = TrainingCharts.build(ResultSet.open(dir));
        assertEquals(2, figs.size());
        CategoryPlot b = (CategoryPlot) figs.get(0).chart().getPlot();
        // one training row (the collective has no breakdown): 6 + 1 + 0.5 + 1.5 + 1 = 10 us, the duration
        assertEquals(1, b.getDataset().getColumnCount());
        double sum = 0;
        for (int i = 0; i < b.getDataset().getRowCount(); i++) {
            sum += b.getDataset().getValue(i, 0).doubleValue();
        }
        assertEquals(10.0, sum, 1e-9);
        assertEquals(6.0, b.getDataset().getValue("compute", "gpt #0").doubleValue(), 1e-9);
        assertEquals(8.0, b.getDataset(1).getValue(0, 0).doubleValue(), 1e-9, "the ideal marker");
        assertTrue(figs.get(0).caption().startsWith("gpt iteration 0: 0.010 ms against an ideal of 0.008 ms (1.25x)"),
                figs.get(0).caption());
        XYPlot t = xy(figs.get(1));
        assertEquals(2, ((org.jfree.chart.axis.SymbolAxis) t.getRangeAxis()).getSymbols().length);
        assertEquals("gpt stage 1", ((org.jfree.chart.axis.SymbolAxis) t.getRangeAxis()).getSymbols()[1]);
        for (Figure f : figs) {
            assertTrue(ChartRender.svg(f.chart(), "x-" + f.id()).startsWith("<svg"), f.id());
        }
        assertTrue(TrainingCharts.build(rs).isEmpty(), "a run without training draws neither");
    }

    @Test
    void topologyDrawingColoursTheHotLink() {
        Figure f = TopologyDrawing.build(rs);
        XYPlot p = xy(f);
        assertEquals(3, p.getDataset().getItemCount(0)); // hosts
        assertEquals(1, p.getDataset().getItemCount(1)); // sw0
        assertTrue(f.caption().contains("hottest link h0 – sw0 at 80 %"), f.caption());
    }

    @Test
    void everyChartRendersAsSvgAndPng() throws IOException {
        List<Figure> all = new ArrayList<>(List.of(QueueChart.build(rs, List.of(), 6), RateChart.build(rs),
                HighWaterChart.build(rs), QueueCdfChart.build(rs, List.of(), 6),
                PauseGantt.build(rs), PauseTree.build(rs), FctCharts.cdf(rs), UtilisationCharts.busiest(rs),
                TopologyDrawing.build(rs)));
        all.addAll(UtilisationCharts.heatMaps(rs));
        all.addAll(JobCharts.build(rs));
        for (Figure f : all) {
            String svg = ChartRender.svg(f.chart(), "x-" + f.id());
            assertTrue(svg.startsWith("<svg") && svg.contains("viewBox"), f.id());
            Path png = tmp.resolve(f.id() + ".png");
            ChartRender.png(f.chart(), png);
            java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
            assertEquals(1600, img.getWidth());
            assertEquals(900, img.getHeight());
        }
    }

    static void assertArrayEquals(double[] expected, double[] actual) {
        assertArrayEquals(expected, actual, 1e-9);
    }

    static void assertArrayEquals(double[] expected, double[] actual, double tol) {
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected, actual, tol,
                () -> "expected " + java.util.Arrays.toString(expected) + " got " + java.util.Arrays.toString(actual));
    }

    static void assertArrayEquals(Object[] expected, Object[] actual) {
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected, actual);
    }
}
