package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.plots.charts.FigureUnit;
import org.lossless.plots.charts.Quantity;
import org.lossless.plots.data.Ci95;
import org.lossless.plots.data.RunFigures;
import org.lossless.plots.data.SweepMetrics;
import org.lossless.plots.data.SweepSet;

/**
 * The best point of a sweep under stated constraints: the lowest (or highest) mean of an objective figure
 * over the points where every run meets every constraint. Points with a run stopped at stop_time with
 * unfinished work are never chosen (their figures are censored). {@code --best min:KEY | max:KEY | KEY}
 * names the objective (KEY alone: lower is better, except bandwidths, IOPS and completed work);
 * {@code --where 'KEY OP VALUE'} (OP one of {@code == != <= >= < >}; VALUE a number or a value with a unit,
 * {@code 1ms}, {@code 100KB}) adds a constraint, all of them must hold. Defaults: the objective is the first
 * {@code --metric}, else the first collective's busbw (max), else the p99 FCT slowdown (min); the constraint
 * is no lossless drop in any run.
 *
 * @param objective   the figure minimised or maximised
 * @param direction   -1 lowest, +1 highest
 * @param constraints what every run of the point meets
 * @param defaulted   whether the objective and constraints are the defaults (nothing was asked)
 * @param point       the best point's key values, or null when no point qualifies
 * @param name        the best point's name, or null
 * @param value       its objective over the seeds, or null
 * @param qualifying  points that meet the constraints and have the objective
 * @param points      points in the sweep
 * @param truncated   points left out because a run of theirs was truncated
 */
record BestPoint(String objective, int direction, List<Constraint> constraints, boolean defaulted,
                 Map<String, String> point, String name, Ci95 value, int qualifying, int points, int truncated) {
    private static final Pattern WHERE = Pattern.compile("\\s*([^\\s=!<>]+)\\s*(==|!=|<=|>=|<|>)\\s*(\\S+)\\s*");

    /** One constraint: {@code key op value} (value raw: bytes, ps, bit/s or a plain number). */
    record Constraint(String key, String op, double value, String text) {
        boolean holds(double v) {
            return !Double.isNaN(v) && switch (op) {
                case "==" -> v == value;
                case "!=" -> v != value;
                case "<=" -> v <= value;
                case ">=" -> v >= value;
                case "<" -> v < value;
                default -> v > value;
            };
        }
    }

    /**
     * Finds the best point; null when the sweep has no figure to rank by.
     *
     * @throws ReportException for a malformed {@code --best}/{@code --where} or an unknown figure
     */
    static BestPoint find(SweepSet s, ReportOptions o) {
        String objective;
        int direction;
        if (o.best() != null) {
            String b = o.best().trim();
            direction = b.startsWith("max:") ? 1 : b.startsWith("min:") ? -1 : 0;
            objective = MetricChoice.figure(s, "--best", direction == 0 ? b : b.substring(4).trim());
            direction = direction == 0 ? SweepMetrics.better(objective) : direction;
        } else {
            objective = defaultObjective(s, o.metrics().isEmpty() ? List.of() : MetricChoice.chosen(s, o.metrics()));
            if (objective == null) {
                return null;
            }
            direction = SweepMetrics.better(objective);
        }
        List<Constraint> cs = new ArrayList<>();
        for (String w : o.where()) {
            cs.add(parse(s, w));
        }
        if (o.where().isEmpty() && s.figures().contains(RunFigures.LOSSLESS_DROPS)) {
            cs.add(new Constraint(RunFigures.LOSSLESS_DROPS, "==", 0, "0 lossless drops"));
        }
        Map<String, String> best = null;
        Ci95 bestCi = null;
        int qualifying = 0;
        int cut = 0;
        List<Map<String, String>> points = s.points();
        for (Map<String, String> p : points) {
            if (s.truncatedAt(p)) {
                cut++;
                continue;
            }
            Ci95 ci = s.ci(objective, p);
            if (ci.n() == 0 || !s.runs(p).stream().allMatch(r -> cs.stream().allMatch(c -> c.holds(
                    SweepSet.value(r, c.key()))))) {
                continue;
            }
            qualifying++;
            if (best == null || direction * (ci.mean() - bestCi.mean()) > 0) {
                best = p;
                bestCi = ci;
            }
        }
        return new BestPoint(objective, direction, cs, o.best() == null && o.where().isEmpty(), best,
                best == null ? null : s.pointName(best), bestCi, qualifying, points.size(), cut);
    }

    private static String defaultObjective(SweepSet s, List<String> metrics) {
        if (!metrics.isEmpty()) {
            return metrics.get(0);
        }
        List<String> study = SweepMetrics.study(s);
        for (String f : study) {
            if (f.startsWith("jobs.") && f.endsWith(".busbw_GBps")) {
                return f;
            }
        }
        for (String f : List.of("fct_slowdown.p99")) {
            if (s.figures().contains(f)) {
                return f;
            }
        }
        return study.stream().filter(f -> f.endsWith("fct_slowdown.p99")).findFirst()
                .orElse(study.isEmpty() ? null : study.get(0));
    }

    static Constraint parse(SweepSet s, String text) {
        Matcher m = WHERE.matcher(text);
        if (!m.matches()) {
            throw new ReportException("--where " + text + ": expected KEY OP VALUE with OP one of == != <= >= < > "
                    + "(e.g. 'ports.lossless_drops==0', 'pfc.paused_ps<=1ms')");
        }
        String key = MetricChoice.figure(s, "--where", m.group(1));
        double v = Quantity.raw(m.group(3));
        if (Double.isNaN(v)) {
            throw new ReportException("--where " + text + ": '" + m.group(3) + "' is not a number or a value with "
                    + "a unit (100KB, 1ms, 25Gbps)");
        }
        return new Constraint(key, m.group(2), v, key + " " + m.group(2) + " " + m.group(3));
    }

    /** "lowest incast: p99 FCT slowdown with 0 lossless drops in every run". */
    String question() {
        return (direction < 0 ? "lowest " : "highest ") + SweepMetrics.label(objective) + (constraints.isEmpty() ? ""
                : " with " + String.join(" and ", constraints.stream().map(Constraint::text).toList())
                + " in every run");
    }

    /** The answer: the point and its figure, or why there is none. */
    String answer() {
        if (point == null) {
            return "no point qualifies (" + qualifying + " of " + points + " points"
                    + (truncated > 0 ? "; " + truncated + " left out for truncated runs" : "") + ")";
        }
        List<String> kv = new ArrayList<>();
        point.forEach((k, v) -> kv.add(k.substring(k.lastIndexOf('.') + 1) + "=" + v));
        FigureUnit u = FigureUnit.of(objective, Math.abs(value.mean()));
        return String.join(" ", kv) + ": " + u.format(value.mean(), value.halfWidth()) + " over " + value.n()
                + (value.n() == 1 ? " seed" : " seeds") + " (" + qualifying + " of " + points + " points qualify"
                + (truncated > 0 ? "; " + truncated + " with truncated runs not considered" : "") + ")";
    }
}
