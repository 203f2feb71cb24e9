package org.lossless.plots.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.jfree.chart.JFreeChart;
import org.lossless.experiments.results.AtomicDirectory;
import org.lossless.experiments.results.OutputRefusedException;
import org.lossless.experiments.results.OutputRule;
import org.lossless.experiments.results.ResultMarker;
import org.lossless.plots.charts.ChartRender;

/**
 * The one place the report writes files, under the project's output rule ({@link OutputRule}; docs/report.md,
 * "Where the report is written"):
 *
 * <ul>
 * <li>Into a result directory (a run or a sweep, the default): only {@code report.html} and {@code charts/}
 * (the PNGs and {@code index.json});
 * each may replace an existing entry of that name only if Lossless wrote it (listed in the directory's
 * {@link ResultMarker}), never a user's file of the same name. Both are then listed in the marker.</li>
 * <li>Into a directory of its own ({@code --out}, a comparison's folder): the directory is written as a
 * whole, kind {@value OutputRule#REPORT}: missing, empty, or an earlier report; anything else is refused.</li>
 * </ul>
 * Refusals come before anything is written. The charts folder is built aside and swapped in, report.html goes
 * through a temporary file, so a failure leaves the previous report as it was.
 */
final class ReportOutput {
    static final String HTML = "report.html";
    static final String CHARTS = "charts";

    private ReportOutput() {
    }

    /**
     * Refuses early (before the charts are drawn) what {@link #write} would refuse.
     *
     * @param kind the kind of the result directory {@code dir} is ({@link OutputRule#RUN}, {@link OutputRule#SWEEP}),
     *             or null when {@code dir} is a report directory of its own
     */
    static void check(Path dir, String kind) {
        try {
            if (kind == null) {
                OutputRule.checkDirectory(dir, OutputRule.REPORT);
            } else {
                OutputRule.checkAdd(dir, List.of(HTML, CHARTS));
            }
        } catch (OutputRefusedException e) {
            throw new ReportException(e.getMessage());
        }
    }

    /** Writes the page and its PNG charts into {@code dir} ({@link #check}); returns report.html. */
    static Path write(Path dir, String kind, Page page) {
        check(dir, kind);
        String text = page.html();
        try {
            if (kind == null) {
                OutputRule.writeDirectory(dir, OutputRule.REPORT, d -> {
                    charts(page, Files.createDirectories(d.resolve(CHARTS)));
                    Files.writeString(d.resolve(HTML), text);
                });
            } else {
                AtomicDirectory.write(dir.resolve(CHARTS), d -> charts(page, d));
                OutputRule.writeFile(dir.resolve(HTML), text, true);
                OutputRule.adopt(dir, kind, HTML, CHARTS);
            }
        } catch (OutputRefusedException e) {
            throw new ReportException(e.getMessage());
        } catch (IOException e) {
            throw new ReportException("cannot write the report to " + dir + ": " + e.getMessage());
        }
        return dir.resolve(HTML);
    }

    /**
     * Writes charts/index.json ({@link ChartIndex}) and draws the PNG files on all cores (a quarter of a big
     * report's CPU time): each chart is its own object, drawn by one thread; the files do not depend on the
     * number of threads.
     */
    private static void charts(Page page, Path into) throws IOException {
        Files.writeString(into.resolve(ChartIndex.FILE), page.index().json());
        List<Map.Entry<String, JFreeChart>> all = new ArrayList<>(page.charts().entrySet());
        int threads = Math.max(1, Math.min(all.size(), Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "report-png");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> done = new ArrayList<>();
            for (Map.Entry<String, JFreeChart> e : all) {
                done.add(pool.submit(() -> {
                    ChartRender.png(e.getValue(), into.resolve(e.getKey()));
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while drawing the charts");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IOException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
