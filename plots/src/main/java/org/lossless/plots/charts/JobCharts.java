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
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.lossless.plots.data.JobRow;
import org.lossless.plots.data.ResultSet;

/**
 * Jobs from jobs.csv: the duration of every iteration per job with its ideal dashed, and the mean bus bandwidth
 * of each collective against its ideal. The ideals are jobs.csv's {@code ideal_duration_ps} and
 * {@code ideal_busbw_GBps}: the same iteration alone on an uncongested fabric, which counts every GPU's own NIC
 * (a rail-optimized server with eight NICs has eight times one NIC's bandwidth) and NVLink where the data stays
 * in a server. Results written before jobs.csv had them are drawn without an ideal. Jobs that are not collectives
 * (storage, incast, permutation) have no busbw.
 */
public final class JobCharts {
    public static final String DURATION_ID = "jobs-duration";
    public static final String BUSBW_ID = "jobs-busbw";

    private JobCharts() {
    }

    public static List<Figure> build(ResultSet rs) {
        List<JobRow> jobs = rs.jobs();
        if (jobs.isEmpty()) {
            String why = rs.has(ResultSet.JOBS) ? "no collective or storage job in this run" : "no jobs.csv";
            return List.of(Figure.omitted(DURATION_ID, "Job iterations", why));
        }
        Map<String, List<JobRow>> byJob = new LinkedHashMap<>();
        jobs.forEach(j -> byJob.computeIfAbsent(j.job(), k -> new ArrayList<>()).add(j));
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
                if (j.idealDurationPs() >= 0) {
                    id.add(j.iteration(), ts.of(j.idealDurationPs()));
                }
            }
            data.addSeries(s);
            ideal.add(false);
            if (id.getItemCount() > 0) {
                data.addSeries(id);
                ideal.add(true);
            }
        }
        NumberAxis x = new NumberAxis("iteration (numbered from 0, as in jobs.csv)");
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        // half an iteration of margin: the first and last points off the frame
        int lo = jobs.stream().mapToInt(JobRow::iteration).min().orElse(0);
        int hi = jobs.stream().mapToInt(JobRow::iteration).max().orElse(0);
        x.setRange(lo - 0.5, hi + 0.5);
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
                + byJob.size() + (byJob.size() == 1 ? " job" : " jobs") + (ideal.contains(true)
                ? "; dashed: each iteration's ideal, the same job alone on an uncongested fabric"
                : "; no ideal in this jobs.csv (written by an older version)")).axes("jobs.csv:iteration", "jobs.csv:duration_ps"));
        out.add(busbw(byJob));
        return out;
    }

    private static Figure busbw(Map<String, List<JobRow>> byJob) {
        String title = "Bus bandwidth per job";
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        boolean ideal = false;
        for (Map.Entry<String, List<JobRow>> e : byJob.entrySet()) {
            double[] v = e.getValue().stream().mapToDouble(JobRow::busbwGBps).filter(d -> !Double.isNaN(d)).toArray();
            if (v.length > 0) {
                data.addValue(java.util.Arrays.stream(v).average().orElse(0), "mean busbw", e.getKey());
                double[] i = e.getValue().stream().filter(j -> !Double.isNaN(j.busbwGBps()))
                        .mapToDouble(JobRow::idealBusbwGBps).toArray();
                if (java.util.Arrays.stream(i).allMatch(Double::isFinite)) {
                    data.addValue(java.util.Arrays.stream(i).average().orElse(0), "ideal busbw (alone)", e.getKey());
                    ideal = true;
                }
            }
        }
        if (data.getColumnCount() == 0) {
            return Figure.omitted(BUSBW_ID, title, "no collective in this run (storage, incast and permutation jobs "
                    + "have no busbw)");
        }
        NumberAxis y = new NumberAxis("bus bandwidth (GB/s)");
        y.setAutoRangeIncludesZero(true);
        BarRenderer r = new BarRenderer();
        r.setMaximumBarWidth(0.15); // one job is a bar, not a slab across the chart
        CategoryPlot plot = new CategoryPlot(data, new CategoryAxis("job"), y, r);
        JFreeChart chart = Style.apply(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, ideal));
        r.setSeriesPaint(0, Style.color(0));
        r.setSeriesPaint(1, Style.IDEAL);
        r.setShadowVisible(false);
        return Figure.of(BUSBW_ID, title, chart, "mean busbw over each collective's finished iterations (nccl-tests' "
                + "definition)" + (ideal ? "; beside it the ideal: the same job alone on an uncongested fabric, every "
                + "GPU's own NIC and NVLink counted" : "; no ideal in this jobs.csv (written by an older version)")).axes("job", "jobs.csv:busbw_GBps");
    }
}
