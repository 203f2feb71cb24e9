package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.lossless.experiments.results.Version;
import org.lossless.plots.charts.ChartRender;
import org.lossless.plots.charts.Figure;

/**
 * One report page being written: sections with a table of contents, figures inlined as SVG (and collected
 * for the PNG files), all styles inline. No script: the page reads the same with JavaScript off, printed,
 * or attached to a review.
 */
final class Page {
    /** Marks a file as a Lossless report (the output guard recognises its own earlier reports by it). */
    static final String GENERATOR = "Lossless report";

    private final String title;
    private final String subtitle;
    private final List<String[]> sections = new ArrayList<>();
    private final Map<String, JFreeChart> charts = new LinkedHashMap<>();
    private final ChartIndex index = new ChartIndex();
    private Html body = new Html();
    private boolean compactContents;
    private String mainClass;
    private String sectionId;
    private String sectionTitle;

    Page(String title, String subtitle) {
        this.title = title;
        this.subtitle = subtitle;
    }

    /** Lists the contents on one line (a page whose first section must fit the first screen). */
    Page compactContents() {
        compactContents = true;
        return this;
    }

    /** Gives the page's {@code <main>} a class (the style sheet sizes a run report's charts by it). */
    Page mainClass(String cls) {
        mainClass = cls;
        return this;
    }

    /** Starts a section (closing the previous one). */
    Html section(String id, String heading) {
        flush();
        sectionId = id;
        sectionTitle = heading;
        body = new Html();
        return body;
    }

    private void flush() {
        if (sectionId != null) {
            sections.add(new String[] {sectionId, sectionTitle, body.toString()});
            sectionId = null;
        }
    }

    /** A figure, or its note when omitted; {@code prefix} keeps ids unique when the same chart appears twice. */
    void figure(Html h, Figure f, String prefix) {
        String id = prefix + f.id();
        if (!f.present()) {
            h.open("div class=\"omitted\" id=\"fig-" + id + "\"").el("b", null, f.title()).text(": not drawn: ")
                    .text(f.caption()).close("div");
            return;
        }
        String file = uniqueFile(id);
        charts.put(file, f.chart());
        index.add(file, f, sectionId);
        h.open("figure class=\"chart\" id=\"fig-" + id + "\"");
        h.raw(ChartRender.svg(f.chart(), "c-" + id));
        h.open("figcaption").el("b", null, f.title()).text(". " + f.caption() + " ").el("span", "png",
                "(slide: charts/" + file + ")").close("figcaption");
        h.close("figure");
    }

    private String uniqueFile(String id) {
        String f = id + ".png";
        for (int i = 2; charts.containsKey(f); i++) {
            f = id + "-" + i + ".png";
        }
        return f;
    }

    /** The charts drawn so far, by PNG file name. */
    Map<String, JFreeChart> charts() {
        return charts;
    }

    /** What the charts plot, for charts/index.json. */
    ChartIndex index() {
        return index;
    }

    String html() {
        flush();
        Html h = new Html();
        h.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .raw("<meta name=\"generator\" content=\"" + GENERATOR + " " + Html.esc(Version.current()) + "\">\n")
                .open("title").text(title).close("title")
                .raw("<style>\n" + Css.TEXT + "</style>\n</head>\n<body>\n");
        h.open("header").el("h1", null, title).el("p", "sub", subtitle).close("header");
        h.open(compactContents ? "nav class=\"compact\"" : "nav").el("b", null, "Contents").open("ol");
        for (String[] s : sections) {
            h.open("li").raw("<a href=\"#" + s[0] + "\">").text(s[1]).raw("</a>").close("li");
        }
        h.close("ol").close("nav");
        h.open(mainClass == null ? "main" : "main class=\"" + mainClass + "\"");
        for (String[] s : sections) {
            h.raw("<section id=\"" + s[0] + "\">\n").el("h2", null, s[1]).raw(s[2]).close("section");
        }
        h.close("main");
        h.open("footer").text("Written by Lossless " + Version.current() + " from the result files alone. "
                + "Every chart is also in charts/ as a 1600 × 900 PNG for slides.").close("footer");
        h.raw("</body>\n</html>\n");
        return h.toString();
    }
}
