package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The reports of several noise draws of one {@link TruthCase}, and what they say against the truth. */
record Draws(TruthCase c, List<CalibrationReport> reports) {
    static Draws run(TruthCase c, int from, int count) {
        SimulationCache cache = new SimulationCache();
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

    /** One line per fitted key: coverage, identified, median relative half-width, misfit flags. */
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
            sb.append(String.format(Locale.ROOT, "%-42s %-28s covered %2d/%d  identified %2d/%d  median half-width %5.1f %%"
                    + "  misfit flagged %2d/%d  evaluations %d-%d (median %d)%n", c.name(), key, covered(key), n(),
                    identified(key), n(), 100 * hw.get(hw.size() / 2), flagged(), n(), ev.get(0), ev.get(ev.size() - 1),
                    ev.get(ev.size() / 2)));
        }
        return sb.toString();
    }
}
