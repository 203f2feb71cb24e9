package org.lossless.plots.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.plots.Fixtures;

class ReportTest {
    @TempDir
    Path tmp;

    @Test
    void runReportHoldsWarningsFiguresChartsAndTheResolvedScenario() throws IOException {
        Path run = Fixtures.run(tmp.resolve("run"));
        Path html = Report.write(run);
        assertEquals(run.resolve("report.html"), html);
        String s = Files.readString(html);
        assertTrue(s.contains("unfinished flows") && s.contains("1 of 4 flows did not finish"), "unfinished");
        assertTrue(s.contains("drops on a lossless priority") && s.contains("2 packets dropped on priority [3]"));
        assertTrue(s.contains("PFC pause storm"));
        assertTrue(s.contains("<section id=\"verdict\">"), "the verdict first");
        assertTrue(s.indexOf("id=\"verdict\"") < s.indexOf("<figure"), "the verdict before any chart");
        assertTrue(s.contains("<p class=\"status bad\">Not OK: "), "severe warnings make the status line red");
        assertTrue(s.contains("<details class=\"yaml\">") && s.contains("<pre class=\"yaml\">name: tiny"),
                "the resolved scenario folded");
        assertTrue(!s.contains("<script"), "no script");
        assertTrue(!s.contains("http://") && !s.contains("https://") || onlySvgNamespaces(s), "no network");
        long svgs = s.split("<svg", -1).length - 1;
        try (var files = Files.list(run.resolve("charts"))) {
            assertEquals(svgs, files.filter(f -> f.toString().endsWith(".png")).count(), "one PNG per inline chart");
        }
        // a second report replaces the first
        Report.write(run);
    }

    /** The only URLs allowed are XML namespace names inside the SVG elements (never fetched). */
    static boolean onlySvgNamespaces(String s) {
        return s.replace("http://www.w3.org/2000/svg", "").replace("http://www.w3.org/1999/xlink", "")
                .replaceAll("https?://[^\"']*jfree[^\"']*", "").matches("(?s).*https?://.*") == false;
    }

    @Test
    void refusesToOverwriteWhatLosslessDidNotWrite() throws IOException {
        Path run = Fixtures.run(tmp.resolve("run"));
        Files.writeString(run.resolve("report.html"), "<html>my notes</html>");
        ReportException e = assertThrows(ReportException.class, () -> Report.write(run));
        assertEquals(run.resolve("report.html") + " exists and Lossless did not write it; move it away or choose another "
                + "--out", e.getMessage());
        assertEquals("<html>my notes</html>", Files.readString(run.resolve("report.html")));
        Path out = tmp.resolve("mine");
        Files.createDirectories(out);
        Files.writeString(out.resolve("thesis.tex"), "x");
        Files.delete(run.resolve("report.html"));
        List<String> before = names(run);
        e = assertThrows(ReportException.class, () -> Report.write(run, new ReportOptions(out, null, List.of(), 6)));
        assertEquals(out + " exists and is not a Lossless result directory; choose another --out or remove it",
                e.getMessage());
        assertEquals(List.of("thesis.tex"), names(out));
        assertEquals(before, names(run), "nothing written into the run");
    }

    static List<String> names(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aReportInAResultDirectoryIsListedInItsMarkerAndReplacedNextTime() throws IOException {
        Path run = Fixtures.run(tmp.resolve("run"));
        org.lossless.experiments.results.OutputRule.adopt(run, "run"); // a run written with its marker
        Report.write(run);
        var m = org.lossless.experiments.results.ResultMarker.read(run);
        assertTrue(m.entries().containsAll(List.of("report.html", "charts")), m.toString());
        Report.write(run);
        // a user's charts/ in a run whose marker does not list it is never replaced
        Path other = Fixtures.run(tmp.resolve("other"));
        Files.createDirectories(other.resolve("charts"));
        Files.writeString(other.resolve("charts/slide.png"), "mine");
        assertThrows(ReportException.class, () -> Report.write(other));
        assertEquals("mine", Files.readString(other.resolve("charts/slide.png")));
        assertTrue(!Files.exists(other.resolve("report.html")));
    }

    @Test
    void aReportDirectoryOfItsOwnIsReplacedAsAWhole() throws IOException {
        Path run = Fixtures.run(tmp.resolve("run"));
        Path out = tmp.resolve("rep");
        Report.write(run, new ReportOptions(out, null, List.of(), 6));
        assertEquals("report", org.lossless.experiments.results.ResultMarker.read(out).kind());
        Report.write(run, new ReportOptions(out, null, List.of(), 6));
        assertEquals(List.of(".lossless-result", "charts", "report.html"), names(out));
    }

    @Test
    void notAResultDirectoryIsAClearError() {
        ReportException e = assertThrows(ReportException.class, () -> Report.write(tmp));
        assertTrue(e.getMessage().contains("not a result directory"), e.getMessage());
    }

    @Test
    void compareReportHighlightsChangesAndSettings() throws IOException {
        Path base = Fixtures.run(tmp.resolve("base"));
        Path cand = Fixtures.run(tmp.resolve("cand"));
        Files.writeString(cand.resolve("summary.json"), Files.readString(cand.resolve("summary.json"))
                .replace("\"p99\": 4.0", "\"p99\": 2.0"));
        Files.writeString(cand.resolve("scenario.resolved.yaml"), Files.readString(cand.resolve("scenario.resolved.yaml"))
                .replace("kmin: 100KB", "kmin: 50KB"));
        Path html = Report.write(cand, new ReportOptions(null, base, List.of(), 6));
        assertEquals(cand.resolve("compare-base").resolve("report.html"), html);
        String s = Files.readString(html);
        assertTrue(s.contains("<td class=\"num better\">2</td>"), "p99 halved is better");
        assertTrue(s.contains("<td>switch.ecn.kmin</td><td>100KB</td><td class=\"changed\">50KB</td>"),
                "settings diff");
    }

    @Test
    void sweepReportAndSweepComparison() throws IOException {
        Path sw = Fixtures.sweep(tmp.resolve("sweep"));
        String s = Files.readString(Report.write(sw));
        assertTrue(s.contains("<td class=\"num\">4 ± 12.7 ×</td>"), "mean ± half-width of mlx5 at 100KB");
        assertTrue(s.contains("p99 FCT slowdown against switch.ecn.kmin"));
        Path other = Fixtures.sweep(tmp.resolve("sweep2"));
        String c = Files.readString(Report.write(other, new ReportOptions(null, sw, List.of(), 6)));
        assertTrue(c.contains("Points: baseline against candidate"));
    }
}
