package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The reports of several noise draws of one {@link TruthCase}, and what they say against the truth. */
record Draws(TruthCase c, List<CalibrationReport> reports) {
    static Draws run(TruthCase c, int from, int count) {
        return run(c, from, count, new SimulationCache());
    }

    /** Draws {@code from} .. {@code from + count - 1}, simulations memoised in {@code cache} (results do not depend on it). */
    static Draws run(TruthCase c, int from, int count, SimulationCache cache) {
        List<CalibrationReport> out = new ArrayList<>();
        for (int d = from; d < from + count; d++) {
            out.add(c.calibrate(d, cache));
        }
        return new Draws(c, out);
    }

    int n() {
        return reports.size();
    }

    /** Draws whose 95 % interval of {@code key} holds the truth. */
    long covered(String key) {
        double t = c.truthOf(key);
        return reports.stream().filter(r -> r.estimate(key).covers(t)).count();
    }

    long identified(String key) {
        return reports.stream().filter(r -> r.estimate(key).identifiable()).count();
    }

    /** Draws where {@code key} is identified but more than 10 % from the truth (must be none). */
    List<ParameterEstimate> identifiedButOff(String key) {
        double t = c.truthOf(key);
        return reports.stream().map(r -> r.estimate(key)).filter(e -> e.identifiable() && Math.abs(e.value() - t) > 0.1 * t)
                .toList();
    }

    long flagged() {
        return reports.stream().filter(r -> r.misfit().flagged()).count();
    }

    /** Per draw, the point estimate's error relative to the truth, |value - truth| / truth, sorted. */
    List<Double> pointErrors(String key) {
        double t = c.truthOf(key);
        return reports.stream().map(r -> Math.abs(r.estimate(key).value() - t) / t).sorted().toList();
    }

    /**
     * One line per fitted key: coverage, identified, median relative half-width, point error (median and largest over
     * the draws, and the largest among draws that called it identified), misfit flags, evaluations.
     */
    String summary() {
        StringBuilder sb = new StringBuilder();
        for (String spec : c.params()) {
            String key = FitParameter.parse(spec).key();
            List<Double> hw = new ArrayList<>();
            reports.forEach(r -> hw.add((r.estimate(key).high() - r.estimate(key).low()) / 2 / c.truthOf(key)));
            hw.sort(null);
            List<Integer> ev = new ArrayList<>();
            reports.forEach(r -> ev.add(r.evaluations().used()));
            ev.sort(null);
            List<Double> pe = pointErrors(key);
            double t = c.truthOf(key);
            double idMax = reports.stream().map(r -> r.estimate(key)).filter(ParameterEstimate::identifiable)
                    .mapToDouble(e -> Math.abs(e.value() - t) / t).max().orElse(Double.NaN);
            sb.append(String.format(Locale.ROOT, "%-42s %-28s covered %2d/%d  identified %2d/%d  median half-width %5.1f %%"
                    + "  point error median %5.1f %% max %5.1f %% (identified: max %s)  misfit flagged %2d/%d"
                    + "  evaluations %d-%d (median %d)%n", c.name(), key, covered(key), n(), identified(key), n(),
                    100 * hw.get(hw.size() / 2), 100 * pe.get(pe.size() / 2), 100 * pe.get(pe.size() - 1),
                    Double.isNaN(idMax) ? "-" : String.format(Locale.ROOT, "%.1f %%", 100 * idMax), flagged(), n(), ev.get(0),
                    ev.get(ev.size() - 1), ev.get(ev.size() / 2)));
        }
        return sb.toString();
    }
}
