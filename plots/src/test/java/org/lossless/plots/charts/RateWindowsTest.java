package org.lossless.plots.charts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.jfree.chart.plot.CombinedRangeXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.plots.data.Downsampler;
import org.lossless.plots.data.ResultSet;

/** Where the sender-rate chart looks, on synthetic rate series of a 20 ms run. */
class RateWindowsTest {
    static final long US = 1_000_000L;
    static final long MS = 1_000 * US;
    static final long END = 20 * MS;

    /** A series sampled every {@code step} ps over [from, to], its rate halving at {@code cut} (if inside). */
    static Downsampler.Points series(long from, long to, long step, long cut) {
        int n = (int) ((to - from) / step) + 1;
        long[] t = new long[n];
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = from + i * step;
            v[i] = t[i] < cut ? 100e9 : 50e9;
        }
        return new Downsampler.Points(t, v);
    }

    static List<long[]> spans(long... fromTo) {
        List<long[]> out = new java.util.ArrayList<>();
        for (int i = 0; i < fromTo.length; i += 2) {
            out.add(new long[] {fromTo[i], fromTo[i + 1]});
        }
        return out;
    }

    @Test
    void flowsInTheFirstHalfMillisecondAreDrawnThereNotSqueezedIntoTheRun() {
        // two flows from 0 to 0.5 ms (and 0.1 to 0.4 ms), cut at 0.2 and 0.3 ms
        List<long[]> s = RateWindows.spans(List.of(series(0, 500 * US, 10 * US, 200 * US),
                series(100 * US, 400 * US, 10 * US, 300 * US)));
        assertEquals(List.of(0L, 500 * US, 100 * US, 400 * US), s.stream().flatMap(x -> java.util.Arrays.stream(x)
                .boxed()).toList());
        List<long[]> w = RateWindows.of(s, END, 10 * US);
        assertEquals(1, w.size());
        // span 0.5 ms, padded by 5 % of it (25 us, more than the 10 us sample interval), within the run
        assertArrayEquals(new long[] {0, 525 * US}, w.get(0));
    }

    @Test
    void twoBurstsFarApartGetAPanelEach() {
        List<long[]> w = RateWindows.of(spans(1 * MS, 2 * MS, 12 * MS, 12 * MS + 400 * US), END, 10 * US);
        assertEquals(2, w.size());
        assertArrayEquals(new long[] {1 * MS - 50 * US, 2 * MS + 50 * US}, w.get(0));
        assertArrayEquals(new long[] {12 * MS - 20 * US, 12 * MS + 420 * US}, w.get(1));
    }

    @Test
    void aFlowSendingAllAlongKeepsTheWholeRun() {
        // one flow from 0 to 20 ms: the whole run; flows one after another every 1.5 ms (gaps of 0.5 ms, under 10 %
        // of the run): one phase over most of the run, so the whole run
        assertArrayEquals(new long[] {0, END}, RateWindows.of(spans(0, END), END, 10 * US).get(0));
        List<long[]> chain = new java.util.ArrayList<>();
        for (long t = 0; t < 19 * MS; t += 1500 * US) {
            chain.add(new long[] {t, t + 1 * MS});
        }
        List<long[]> w = RateWindows.of(chain, END, 10 * US);
        assertEquals(1, w.size());
        assertArrayEquals(new long[] {0, END}, w.get(0));
    }

    @Test
    void fourBurstsMergeIntoThreePanelsTheClosestFirst() {
        // bursts at 1, 6, 8.5 and 15 ms (each 0.1 ms long): 6 and 8.5 ms are the closest pair (2.4 ms apart)
        List<long[]> w = RateWindows.of(spans(1 * MS, 1 * MS + 100 * US, 6 * MS, 6 * MS + 100 * US, 8500 * US,
                8600 * US, 15 * MS, 15 * MS + 100 * US), END, 10 * US);
        assertEquals(3, w.size());
        // 6 to 8.6 ms padded by 5 % of 2.6 ms (130 us)
        assertArrayEquals(new long[] {6 * MS - 130 * US, 8600 * US + 130 * US}, w.get(1));
        assertArrayEquals(new long[] {1 * MS - 10 * US, 1 * MS + 110 * US}, w.get(0), "padded by the sample interval");
    }

    @Test
    void theChartOfARunWhoseFlowsEndEarlyLooksAtThem(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("timeseries"));
        Files.writeString(dir.resolve("summary.json"), "{\"name\": \"r\", \"sim_time_ps\": " + END + "}");
        StringBuilder csv = new StringBuilder("time_ps,flow_id,rate_bps,cnps\n");
        for (long t = 0; t <= 500 * US; t += 10 * US) {
            csv.append(t).append(",1,").append(t < 200 * US ? 100_000_000_000L : 50_000_000_000L).append(',')
                    .append(t < 200 * US ? 0 : 1).append('\n');
        }
        Files.writeString(dir.resolve("timeseries/rates.csv"), csv);
        Figure f = RateChart.build(ResultSet.open(dir));
        XYPlot p = (XYPlot) f.chart().getPlot();
        // no resolved scenario: the sample interval is unknown, the padding 5 % of the 0.5 ms span
        assertEquals(0, p.getDomainAxis().getLowerBound(), 1e-9);
        assertEquals(525, p.getDomainAxis().getUpperBound(), 1e-9, "µs");
        assertEquals("time (µs)", p.getDomainAxis().getLabel());
        assertTrue(f.caption().contains("time window 0 to 525\u00a0µs, where the flows send (the run lasts 20 ms)"),
                f.caption());
        assertEquals(1, p.getDataset(1).getItemCount(0), "the cut at 0.2 ms marked");
    }

    @Test
    void twoBurstsAreTwoPanelsSharingTheRateAxis(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("timeseries"));
        Files.writeString(dir.resolve("summary.json"), "{\"name\": \"r\", \"sim_time_ps\": " + END + "}");
        StringBuilder csv = new StringBuilder("time_ps,flow_id,rate_bps\n");
        for (long t = 1 * MS; t <= 2 * MS; t += 10 * US) {
            csv.append(t).append(",1,").append(t < 1500 * US ? 100_000_000_000L : 50_000_000_000L).append('\n');
        }
        for (long t = 12 * MS; t <= 12 * MS + 400 * US; t += 10 * US) {
            csv.append(t).append(",2,").append(t < 12 * MS + 100 * US ? 100_000_000_000L : 25_000_000_000L).append('\n');
        }
        Files.writeString(dir.resolve("timeseries/rates.csv"), csv);
        Figure f = RateChart.build(ResultSet.open(dir));
        CombinedRangeXYPlot c = (CombinedRangeXYPlot) f.chart().getPlot();
        @SuppressWarnings("unchecked")
        List<XYPlot> panels = c.getSubplots();
        assertEquals(2, panels.size());
        assertEquals(0.95, panels.get(0).getDomainAxis().getLowerBound(), 1e-9, "ms");
        assertEquals(2.05, panels.get(0).getDomainAxis().getUpperBound(), 1e-9);
        assertEquals(11.98, panels.get(1).getDomainAxis().getLowerBound(), 1e-9);
        assertEquals(12.42, panels.get(1).getDomainAxis().getUpperBound(), 1e-9);
        assertTrue(f.caption().contains("2 panels"), f.caption());
    }
}
