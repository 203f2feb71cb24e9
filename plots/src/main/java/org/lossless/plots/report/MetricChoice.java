package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.lossless.plots.data.SweepMetrics;
import org.lossless.plots.data.SweepSet;

/**
 * The figures a sweep report charts: the study's ({@link SweepMetrics#study}) or those named by
 * {@code --metric} (a figure of sweep.csv, or one derived from the runs, by its exact name; {@code *} matches
 * any characters, so {@code 'workloads.*.fct_slowdown.p99'} picks every workload's p99). A name that matches
 * nothing is bad input, with the figures it may have meant.
 */
final class MetricChoice {
    private MetricChoice() {
    }

    /** The figures to chart: {@code --metric} expanded in the order given, or the study's figures. */
    static List<String> chosen(SweepSet s, List<String> patterns) {
        if (patterns.isEmpty()) {
            return SweepMetrics.study(s);
        }
        Set<String> out = new LinkedHashSet<>();
        for (String p : patterns) {
            List<String> m = matches(s, p);
            if (m.isEmpty()) {
                throw unknown(s, "--metric", p);
            }
            out.addAll(m);
        }
        return new ArrayList<>(out);
    }

    private static List<String> matches(SweepSet s, String pattern) {
        if (!pattern.contains("*")) {
            return s.figures().contains(pattern) ? List.of(pattern) : List.of();
        }
        List<String> parts = new ArrayList<>();
        for (String part : pattern.split("\\*", -1)) {
            parts.add(Pattern.quote(part));
        }
        Pattern p = Pattern.compile(String.join(".*", parts));
        return s.figures().stream().filter(f -> p.matcher(f).matches()).toList();
    }

    /** {@code key} when it is a figure of the sweep; else bad input naming {@code option}. */
    static String figure(SweepSet s, String option, String key) {
        if (!s.figures().contains(key)) {
            throw unknown(s, option, key);
        }
        return key;
    }

    private static ReportException unknown(SweepSet s, String option, String key) {
        String last = key.substring(key.lastIndexOf('.') + 1).replace("*", "");
        List<String> near = s.figures().stream().filter(f -> !last.isEmpty() && f.contains(last)).limit(6).toList();
        if (near.isEmpty()) {
            near = SweepMetrics.study(s).stream().limit(8).toList();
        }
        return new ReportException(option + " " + key + ": no such figure in " + s.dir().resolve(SweepSet.SWEEP)
                + " (nor derived from the runs)" + (near.isEmpty() ? "" : "; " + (near.size() < 6 && !last.isEmpty()
                ? "did you mean " : "figures include ") + String.join(", ", near)));
    }
}
