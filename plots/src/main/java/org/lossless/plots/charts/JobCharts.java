package org.lossless.plots.charts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.lossless.plots.data.JobRow;
import org.lossless.plots.data.PortRow;
import org.lossless.plots.data.ResultSet;

/**
 * Collective and storage jobs from jobs.csv: the duration of every iteration per job with the ideal
 * duration dashed, and the mean bus bandwidth per job against the ideal. The ideal bus bandwidth is the host
 * line rate B (GB/s = 1e9 B/s): nccl-tests' busbw is defined so that a collective running at the hardware's
 * limit shows busbw = B. The ideal duration follows from it: size x factor / B, with nccl-tests' factors
 * (allreduce 2(n-1)/n; allgather, reducescatter, alltoall (n-1)/n; broadcast, reduce 1); no ideal for
 * other job types.
 */
public final class JobCharts {
    public static final String DURATION_ID = "jobs-duration";
    public static final String BUSBW_ID = "jobs-busbw";

    private JobCharts() {
    }

    /** The host line rate, bit/s: the fastest host port in ports.csv, or 0. */
    static long hostRateBps(ResultSet rs) {
        long best = 0;
        for (PortRow p : rs.ports()) {
            if (rs.isHost(p.node())) {
                best = Math.max(best, p.rateBps());
            }
        }
        return best;
    }

    /** nccl-tests' bus-bandwidth factor of a collective on n ranks, or NaN for other job types. */
    static double busFactor(String type, int n) {
        if (n <= 0) {
            return Double.NaN;
        }
        switch (type.toLowerCase(Locale.ROOT)) {
            case "allreduce":
                return 2.0 * (n - 1) / n;
            case "allgather":
            case "reducescatter":
            case "alltoall":
                return (double) (n - 1) / n;
            case "broadcast":
            case "reduce":
                return 1;
            default:
                return Double.NaN;
        }
    }

    public static List<Figure> build(ResultSet rs) {
        List<JobRow> jobs = rs.jobs();
        if (jobs.isEmpty()) {
            String why = rs.has(ResultSet.JOBS) ? "no collective or storage job in this run" : "no jobs.csv";
            return List.of(Figure.omitted(DURATION_ID, "Job iterations", why));
        }
        Map<String, List<JobRow>> byJob = new LinkedHashMap<>();
        jobs.forEach(j -> byJob.computeIfAbsent(j.job(), k -> new ArrayList<>()).add(j));
        long rate = hostRateBps(rs);
        double linkGBps = rate / 8e9;
        long maxDur = jobs.stream().mapToLong(JobRow::durationPs).max().orElse(1);
        TimeScale ts = TimeScale.forSpan(maxDur);
        XYSeriesCollection data = new XYSeriesCollection();
        List<Boolean> ideal = new ArrayList<>();
        for (Map.Entry<String, List<JobRow>> e : byJob.entrySet()) {
            XYSeries s = new XYSeries(e.getKey(), false, true);
            XYSeries id = new XYSeries(e.getKey() + " ideal", false, true);
            for (JobRow j : e.getValue()) {
                if (j.durationPs() >= 0) {
                    s.add(j.iteration(), ts.of(j.durationPs()));
                }
                double f = busFactor(j.type(), j.hosts());
                if (!Double.isNaN(f) && linkGBps > 0) {
                    id.add(j.iteration(), ts.of((long) (j.sizeBytes() * f / linkGBps * 1e3)));
                }
            }
            data.addSeries(s);
            ideal.add(false);
            if (id.getItemCount() > 0) {
                data.addSeries(id);
                ideal.add(true);
            }
        }
        NumberAxis x = new NumberAxis("iteration (number)");
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        NumberAxis y = new NumberAxis("duration (" + ts.unit() + ")");
        y.setAutoRangeIncludesZero(true);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        XYPlot plot = new XYPlot(data, x, y, r);
        JFreeChart chart = Style.apply(new JFreeChart("Job duration per iteration", plot));
        int job = -1;
        for (int i = 0; i < data.getSeriesCount(); i++) {
            if (!ideal.get(i)) {
                job++;
            }
            r.setSeriesPaint(i, Style.color(job));
            r.setSeriesStroke(i, ideal.get(i) ? Style.dashed(2f) : Style.line(2.5f));
            r.setSeriesShapesVisible(i, !ideal.get(i));
        }
        List<Figure> out = new ArrayList<>();
        out.add(Figure.of(DURATION_ID, "Job duration per iteration", chart, jobs.size() + (jobs.size() == 1 ? " iteration of " : " iterations of ")
                + byJob.size() + (byJob.size() == 1 ? " job" : " jobs") + "; dashed: the ideal duration at the host line rate "
                + (rate > 0 ? Fmt.rate(rate) : "(unknown)")).axes("jobs.csv:iteration", "jobs.csv:duration_ps"));
        out.add(busbw(byJob, linkGBps));
        return out;
    }

    private static Figure busbw(Map<String, List<JobRow>> byJob, double linkGBps) {
        String title = "Bus bandwidth per job";
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Map.Entry<String, List<JobRow>> e : byJob.entrySet()) {
            double[] v = e.getValue().stream().mapToDouble(JobRow::busbwGBps).filter(d -> !Double.isNaN(d)).toArray();
            if (v.length > 0) {
                data.addValue(java.util.Arrays.stream(v).average().orElse(0), "mean busbw", e.getKey());
            }
        }
        if (data.getColumnCount() == 0) {
            return Figure.omitted(BUSBW_ID, title, "no job has a busbw_GBps value (storage jobs have none)");
        }
        NumberAxis y = new NumberAxis("bus bandwidth (GB/s)");
        y.setAutoRangeIncludesZero(true);
        BarRenderer r = new BarRenderer();
        r.setMaximumBarWidth(0.15); // one job is a bar, not a slab across the chart
        CategoryPlot plot = new CategoryPlot(data, new CategoryAxis("job"), y, r);
        if (linkGBps > 0) {
            plot.addRangeMarker(Style.marker(linkGBps, "ideal " + Fmt.num(linkGBps) + " GB/s (host line rate)",
                    Style.IDEAL), Layer.FOREGROUND);
            y.setUpperBound(Math.max(linkGBps * 1.15, y.getUpperBound()));
        }
        JFreeChart chart = Style.apply(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, false));
        r.setSeriesPaint(0, Style.color(0));
        r.setShadowVisible(false);
        return Figure.of(BUSBW_ID, title, chart, "mean busbw over each job's iterations (nccl-tests' definition); "
                + "the dashed line is the ideal: the host line rate").axes("job", "jobs.csv:busbw_GBps");
    }
}
