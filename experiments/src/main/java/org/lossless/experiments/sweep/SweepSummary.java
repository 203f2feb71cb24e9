package org.lossless.experiments.sweep;

import org.apache.commons.math3.distribution.TDistribution;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code sweep-summary.csv}: one row per point and figure (numbers and booleans, a boolean counting 1 when
 * true), in point order then figure order of sweep.csv:
 * <pre>
 *   point,KEY1,...,figure,n,mean,stddev,ci95_low,ci95_high,baseline,diff_n,diff_mean,diff_ci95_low,diff_ci95_high
 * </pre>
 * {@code n} counts the runs that have the figure; {@code stddev} is the sample standard deviation; the
 * 95 % interval is {@code mean ± t(0.975, n-1) · stddev / sqrt(n)} (Student t, Commons Math), empty for
 * n &lt; 2. With a baseline, the {@code diff_*} columns give the paired difference point − baseline over the
 * seeds both have (the same seed at both points: common random numbers), with its Student-t interval; the
 * baseline's own rows have difference 0. Numbers are written with 10 significant digits, plain notation.
 */
public final class SweepSummary {
    public static final List<String> COLUMNS = List.of("figure", "n", "mean", "stddev", "ci95_low", "ci95_high",
            "baseline", "diff_n", "diff_mean", "diff_ci95_low", "diff_ci95_high");
    private static final MathContext DIGITS = new MathContext(10, RoundingMode.HALF_EVEN);

    /** Mean and 95 % interval of a sample; low/high are NaN for n &lt; 2. */
    public record Estimate(int n, double mean, double stddev, double low, double high) {
        public double halfWidth() {
            return (high - low) / 2;
        }
    }

    /** One row of the summary. */
    public record Line(SweepPoint point, String figure, Estimate estimate, Estimate diff) {
    }

    private SweepSummary() {
    }

    /** Student-t estimate of {@code xs}; null when empty. */
    public static Estimate estimate(List<Double> xs) {
        int n = xs.size();
        if (n == 0) {
            return null;
        }
        double sum = 0;
        for (double x : xs) {
            sum += x;
        }
        double mean = sum / n;
        if (n < 2) {
            return new Estimate(1, mean, Double.NaN, Double.NaN, Double.NaN);
        }
        double ss = 0;
        for (double x : xs) {
            ss += (x - mean) * (x - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        double t = new TDistribution(null, n - 1).inverseCumulativeProbability(0.975);
        double half = t * sd / Math.sqrt(n);
        return new Estimate(n, mean, sd, mean - half, mean + half);
    }

    public static List<Line> lines(SweepTable table, SweepDefinition def) {
        Map<String, List<SweepTable.Row>> byPoint = new LinkedHashMap<>();
        def.points().forEach(p -> byPoint.put(p.name(), new ArrayList<>()));
        table.rows().forEach(r -> byPoint.get(r.run().point().name()).add(r));
        List<SweepTable.Row> base = def.baseline() == null ? null : byPoint.get(def.baseline());
        List<Line> out = new ArrayList<>();
        for (SweepPoint p : def.points()) {
            List<SweepTable.Row> rows = byPoint.get(p.name());
            for (String f : table.figures()) {
                List<Double> xs = new ArrayList<>();
                for (SweepTable.Row r : rows) {
                    SummaryFigures.Cell c = r.figures().get(f);
                    Double v = c == null ? null : c.value();
                    if (v != null) {
                        xs.add(v);
                    }
                }
                boolean numeric = rows.stream().anyMatch(r -> r.figures().containsKey(f)
                        && r.figures().get(f).kind() != SummaryFigures.Cell.Kind.TEXT);
                if (!numeric) {
                    continue;
                }
                out.add(new Line(p, f, estimate(xs), base == null ? null : estimate(paired(rows, base, f))));
            }
        }
        return out;
    }

    /** Differences x(point, seed) - x(baseline, seed) over the seeds where both have the figure, in seed order. */
    private static List<Double> paired(List<SweepTable.Row> rows, List<SweepTable.Row> base, String f) {
        Map<Long, Double> b = new HashMap<>();
        for (SweepTable.Row r : base) {
            SummaryFigures.Cell c = r.figures().get(f);
            if (c != null && c.value() != null) {
                b.put(r.run().seed(), c.value());
            }
        }
        List<Double> d = new ArrayList<>();
        for (SweepTable.Row r : rows) {
            SummaryFigures.Cell c = r.figures().get(f);
            Double bv = b.get(r.run().seed());
            if (c != null && c.value() != null && bv != null) {
                d.add(c.value() - bv);
            }
        }
        return d;
    }

    public static String csv(List<Line> lines, SweepDefinition def) {
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>();
        header.add("point");
        header.addAll(def.keys());
        header.addAll(COLUMNS);
        SweepTable.line(sb, header);
        for (Line l : lines) {
            List<String> cells = new ArrayList<>();
            cells.add(l.point().name());
            for (String k : def.keys()) {
                cells.add(l.point().values().getOrDefault(k, ""));
            }
            cells.add(l.figure());
            Estimate e = l.estimate();
            cells.add(e == null ? "0" : Integer.toString(e.n()));
            cells.add(e == null ? "" : number(e.mean()));
            cells.add(e == null ? "" : number(e.stddev()));
            cells.add(e == null ? "" : number(e.low()));
            cells.add(e == null ? "" : number(e.high()));
            cells.add(def.baseline() == null ? "" : def.baseline());
            Estimate d = l.diff();
            cells.add(def.baseline() == null ? "" : d == null ? "0" : Integer.toString(d.n()));
            cells.add(d == null ? "" : number(d.mean()));
            cells.add(d == null ? "" : number(d.low()));
            cells.add(d == null ? "" : number(d.high()));
            SweepTable.line(sb, cells);
        }
        return sb.toString();
    }

    /** 10 significant digits, plain notation, no trailing zeros; empty for NaN. */
    public static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        if (v == 0) {
            return "0";
        }
        return new BigDecimal(v).round(DIGITS).stripTrailingZeros().toPlainString();
    }
}
