package org.lossless.verbs.calibrate;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.lossless.experiments.run.ScenarioRunner;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.verbs.compare.ReplayCompare;
import org.lossless.verbs.measure.LatResult;
import org.lossless.verbs.measure.LatSample;
import org.lossless.verbs.measure.Measurement;

/**
 * Stage 2: a fixed latency from latency probes, in closed form. Latency is affine in message size,
 * t = a + b x size, on hardware (least squares over every probe's median) and in the simulator; the
 * simulator's intercept is linear in the latency key (e.g. {@code topology.host_link.delay}, which enters
 * twice on a one-switch path), so two simulations at d0 and d0 + 1 µs give the value whose intercept
 * equals the measured one. The standard error follows from the intercept's (needs three sizes or more;
 * with fewer it is not estimable and the report says so). One intercept pins down one latency: a second
 * latency key (NIC processing, switch latency) must be stated, not fitted alongside.
 *
 * @param key         the latency key fitted
 * @param valuePs     its value, ps
 * @param stdErrorPs  standard error, ps, or null when not estimable
 * @param points      latency probes used
 * @param hwIntercept measured intercept a, µs
 * @param hwSlope     measured b, µs per byte
 * @param simSlope    simulated b, µs per byte (a measured b well above it points at the host, not the wire)
 */
public record LatencyFit(String key, double valuePs, Double stdErrorPs, int points, double hwIntercept, double hwSlope,
                         double simSlope, String note) {
    private static final double STEP_PS = 1_000_000;

    /** Fits {@code key} from the latency probes of {@code runs}, or returns null when they have none. */
    static LatencyFit fit(String key, List<CalibrationRun> runs, List<String> baseSets, Supplier<ScenarioRunner> runner) {
        List<double[]> hw = new ArrayList<>();
        for (CalibrationRun r : runs) {
            hw.addAll(points(r.measured()));
        }
        if (hw.isEmpty()) {
            return null;
        }
        FitParameter p = new FitParameter(key, "time", 0, 1e12, Double.NaN, false);
        double d0 = KeyValues.value(runs.get(0).scenario(baseSets), p);
        if (Double.isNaN(d0)) {
            d0 = 1e6;
        }
        double d1 = d0 + STEP_PS;
        List<double[]> s0 = new ArrayList<>();
        List<double[]> s1 = new ArrayList<>();
        for (CalibrationRun r : runs) {
            if (points(r.measured()).isEmpty()) {
                continue;
            }
            s0.addAll(points(sim(r, baseSets, key + "=" + Math.round(d0) + "ps", runner)));
            s1.addAll(points(sim(r, baseSets, key + "=" + Math.round(d1) + "ps", runner)));
        }
        Line sim0 = Line.fit(s0, null);
        Line sim1 = Line.fit(s1, null);
        Line meas = Line.fit(hw, sim0.slope);
        double perPs = (sim1.intercept - sim0.intercept) / STEP_PS; // µs of intercept per ps of the key
        if (Math.abs(perPs) < 1e-12) {
            return new LatencyFit(key, d0, null, hw.size(), meas.intercept, meas.slope, sim0.slope,
                    "the simulated latency does not depend on " + key + ": not fitted");
        }
        double value = Math.max(0, d0 + (meas.intercept - sim0.intercept) / perPs);
        Double se = meas.interceptSe == null ? null : Math.abs(meas.interceptSe / perPs);
        String note = se == null ? "standard error not estimable: probes of fewer than 3 sizes" : null;
        if (value == 0 && d0 + (meas.intercept - sim0.intercept) / perPs < 0) {
            note = "the measured latency is below what the simulator gives with " + key + " = 0 (clamped to 0)";
        }
        return new LatencyFit(key, value, se, hw.size(), meas.intercept, meas.slope, sim0.slope, note);
    }

    private static Measurement sim(CalibrationRun r, List<String> baseSets, String set, Supplier<ScenarioRunner> runner) {
        List<String> sets = new ArrayList<>(baseSets);
        sets.add(set);
        Scenario s = r.scenario(sets);
        return ReplayCompare.simulate(s, runner.get(), r.naming());
    }

    /** (size, median µs) of every client latency probe. */
    static List<double[]> points(Measurement m) {
        List<double[]> pts = new ArrayList<>();
        for (LatResult l : m.latency()) {
            if ("server".equals(l.role())) {
                continue;
            }
            for (LatSample s : l.samples()) {
                Double t = s.tTypicalUs() != null ? s.tTypicalUs() : s.tAvgUs();
                if (t != null) {
                    pts.add(new double[] {s.sizeBytes(), t});
                }
            }
        }
        return pts;
    }

    /** A least-squares line t = intercept + slope x size. */
    record Line(double intercept, double slope, Double interceptSe) {
        /**
         * @param knownSlope slope to use when all sizes are equal (the line's slope is then not identifiable)
         */
        static Line fit(List<double[]> pts, Double knownSlope) {
            int n = pts.size();
            double mx = 0;
            double my = 0;
            for (double[] p : pts) {
                mx += p[0] / n;
                my += p[1] / n;
            }
            double sxx = 0;
            double sxy = 0;
            for (double[] p : pts) {
                sxx += (p[0] - mx) * (p[0] - mx);
                sxy += (p[0] - mx) * (p[1] - my);
            }
            boolean oneSize = sxx < 1e-9;
            double slope = oneSize ? (knownSlope == null ? 0 : knownSlope) : sxy / sxx;
            double intercept = my - slope * mx;
            int dof = n - (oneSize ? 1 : 2);
            Double se = null;
            if (dof >= 1 && !oneSize && n >= 3) {
                double rss = 0;
                for (double[] p : pts) {
                    double r = p[1] - intercept - slope * p[0];
                    rss += r * r;
                }
                se = Math.sqrt(rss / dof * (1.0 / n + mx * mx / sxx));
            }
            return new Line(intercept, slope, se);
        }
    }
}
