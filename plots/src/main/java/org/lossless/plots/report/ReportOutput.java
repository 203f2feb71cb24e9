package org.lossless.plots.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.jfree.chart.JFreeChart;
import org.lossless.experiments.results.AtomicDirectory;
import org.lossless.plots.charts.ChartRender;

/**
 * The one place the report writes files. It writes {@code report.html} and {@code charts/} into a directory
 * and never destroys what Lossless did not write: an existing {@code report.html} is replaced only if it is a
 * Lossless report ({@link Page#GENERATOR}), an existing {@code charts/} only if it holds nothing but PNG
 * files; otherwise the write is refused ({@link ReportException}) before anything changed. The charts are
 * written to a hidden temporary folder first and swapped in, and report.html goes through a temporary file,
 * so a failure leaves the previous report as it was.
 */
final class ReportOutput {
    static final String HTML = "report.html";
    static final String CHARTS = "charts";

    private ReportOutput() {
    }

    /** Writes the page and its PNG charts into {@code dir} (created if missing); returns report.html. */
    static Path write(Path dir, Page page) {
        Path html = dir.resolve(HTML);
        Path charts = dir.resolve(CHARTS);
        check(html, charts);
        String text = page.html();
        try {
            Files.createDirectories(dir);
            AtomicDirectory.write(charts, tmp -> {
                for (Map.Entry<String, JFreeChart> e : page.charts().entrySet()) {
                    ChartRender.png(e.getValue(), tmp.resolve(e.getKey()));
                }
            });
            Path t = dir.resolve("." + HTML + ".tmp-" + ProcessHandle.current().pid());
            try {
                Files.writeString(t, text, StandardCharsets.UTF_8);
                Files.move(t, html, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(t);
            }
            // a result directory records what Lossless wrote into it, so it stays replaceable (OutputRule)
            if (org.lossless.experiments.results.ResultMarker.read(dir) != null) {
                org.lossless.experiments.results.OutputRule.adopt(dir, HTML, CHARTS);
            }
        } catch (IOException e) {
            throw new ReportException("cannot write the report to " + dir + ": " + e.getMessage());
        }
        return html;
    }

    /** Refuses targets that hold anything Lossless did not write. */
    static void check(Path html, Path charts) {
        if (Files.exists(html)) {
            if (!Files.isRegularFile(html) || !isReport(html)) {
                throw new ReportException(html + " exists and is not a Lossless report: not replacing it "
                        + "(move it away or choose another --out)");
            }
        }
        if (Files.exists(charts)) {
            if (!Files.isDirectory(charts)) {
                throw new ReportException(charts + " exists and is not a directory: not replacing it");
            }
            try (Stream<Path> s = Files.list(charts)) {
                List<Path> foreign = s.filter(p -> !Files.isRegularFile(p) || !p.getFileName().toString().endsWith(
                        ".png")).toList();
                if (!foreign.isEmpty()) {
                    throw new ReportException(charts + " holds files the report did not write (" + foreign.get(0)
                            .getFileName() + "): not replacing it (move them away or choose another --out)");
                }
            } catch (IOException e) {
                throw new ReportException("cannot read " + charts + ": " + e.getMessage());
            }
        }
    }

    private static boolean isReport(Path html) {
        try {
            byte[] head = new byte[2048];
            int n;
            try (var in = Files.newInputStream(html)) {
                n = in.readNBytes(head, 0, head.length);
            }
            return new String(head, 0, n, StandardCharsets.UTF_8).contains("content=\"" + Page.GENERATOR);
        } catch (IOException e) {
            return false;
        }
    }
}
