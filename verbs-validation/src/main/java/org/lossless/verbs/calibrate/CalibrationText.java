package org.lossless.verbs.calibrate;

import java.util.Locale;

/** {@code calibration.txt}: the report for people, stage by stage, then the noise, the model check and each run. */
final class CalibrationText {
    private CalibrationText() {
    }

    static String of(CalibrationReport r) {
        StringBuilder sb = new StringBuilder();
        long fitted = r.runs().stream().filter(x -> !x.heldOut()).count();
        sb.append("Calibration against ").append(fitted).append(" run(s), ").append(r.runs().size() - fitted)
                .append(" held out\n\nStage 1: settings the hardware states (taken as they are, never fitted)\n");
        if (r.truths().isEmpty()) {
            sb.append("  none found (no DCQCN knobs, MTU or link speed that differ from the scenario; no --nic-dump or"
                    + " --switch-config)\n");
        }
        for (Truth t : r.truths()) {
            String v = t.value().length() > 60 ? t.value().substring(0, 57) + "..." : t.value();
            sb.append("  ").append(t.key()).append(" = ").append(v).append("   from ").append(t.source());
            sb.append(t.applied() ? "" : "   NOT APPLIED: " + t.note()).append('\n');
        }
        stage2(sb, r.latency());
        stage3(sb, r);
        noise(sb, r);
        misfit(sb, r.misfit());
        sb.append("\nFit per run (root mean square of the relative errors of its metrics)\n");
        for (RunFit f : r.runs()) {
            sb.append(String.format(Locale.ROOT, "  %-40s %-9s %7.2f %%  (%d metrics)%n", f.run(), f.heldOut() ? "held out"
                    : "fitted", 100 * f.rmsRelative(), f.residuals().size()));
        }
        for (String n : r.notes()) {
            sb.append("note: ").append(n).append('\n');
        }
        return sb.toString();
    }

    private static void stage2(StringBuilder sb, LatencyFit l) {
        sb.append("\nStage 2: fixed latency from latency probes\n");
        if (l == null) {
            sb.append("  skipped (no latency probes in the fitted runs, or no latency key)\n");
            return;
        }
        sb.append(String.format(Locale.ROOT, "  %s = %.4g us %s from %d probe(s)%n", l.key(), l.valuePs() / 1e6,
                l.stdErrorPs() == null ? "(uncertainty not estimable)" : String.format(Locale.ROOT, "+- %.3g us (1 sigma)",
                        l.stdErrorPs() / 1e6), l.points()));
        sb.append(String.format(Locale.ROOT, "  measured latency = %.4g us + %.4g us/B x size; simulated slope %.4g us/B%n",
                l.hwIntercept(), l.hwSlope(), l.simSlope()));
        if (l.note() != null) {
            sb.append("  note: ").append(l.note()).append('\n');
        }
    }

    private static void stage3(StringBuilder sb, CalibrationReport r) {
        Evaluations ev = r.evaluations();
        sb.append(String.format(Locale.ROOT, "%nStage 3: fitted unknowns, each with its 95 %% interval (J %.4g -> %.4g in noise"
                + " units; %d of at most %d evaluations%s; %d simulation(s), %d seed(s) each)%n", r.startCost(), r.cost(),
                ev.used(), ev.cap(), phases(ev), ev.simulations(), ev.seeds()));
        if (r.estimates().isEmpty()) {
            sb.append("  nothing fitted\n");
        }
        for (ParameterEstimate e : r.estimates()) {
            String unit = e.unit().isEmpty() ? "" : " " + e.unit();
            sb.append(String.format(Locale.ROOT, "  %s = %.4g%s   95 %% interval %.4g .. %.4g%s   %s   (start %.4g)%n", e.key(),
                    e.value(), unit, e.low(), e.high(), unit, e.verdict().toUpperCase(Locale.ROOT), e.start()));
            if (e.note() != null) {
                sb.append("      ").append(e.note()).append('\n');
            }
            if (e.runsToAdd() != null) {
                sb.append("      runs that would pin it: ").append(e.runsToAdd()).append('\n');
            }
        }
        for (Correlation c : r.correlations()) {
            sb.append(String.format(Locale.ROOT, "  correlation %s ~ %s: %+.2f%n", c.a(), c.b(), c.rho()));
        }
        if (r.misfit().flagged() && !r.estimates().isEmpty()) {
            sb.append("  these values absorb a misfit of the model (below): do not read them as the hardware's\n");
        }
    }

    private static String phases(Evaluations ev) {
        StringBuilder sb = new StringBuilder();
        for (String k : new String[] {"start", "search", "noise", "intervals", "misfit probes"}) {
            if (ev.byPhase().containsKey(k)) {
                sb.append(", ").append(k).append(' ').append(ev.byPhase().get(k));
            }
        }
        return sb.length() == 0 ? "" : ":" + sb.substring(1);
    }

    private static void noise(StringBuilder sb, CalibrationReport r) {
        sb.append("\nNoise per metric kind (relative standard deviation of one run)\n");
        sb.append(String.format(Locale.ROOT, "  %-24s %5s %9s %9s  %s%n", "kind", "terms", "hardware", "simulator", "source"));
        for (NoiseFloor n : r.noise()) {
            sb.append(String.format(Locale.ROOT, "  %-24s %5d %9s %9s  %s%n", n.kind(), n.terms(), pct(n.hardware()),
                    pct(n.simulator()), n.source()));
        }
    }

    private static String pct(Double v) {
        return v == null ? "-" : String.format(Locale.ROOT, "%.2f %%", 100 * v);
    }

    private static void misfit(StringBuilder sb, Misfit m) {
        sb.append("\nModel check\n");
        if (!m.checked()) {
            sb.append("  NOT CHECKED: the noise is the fit's own residual and no run is held out; repeat runs or hold one"
                    + " out to tell a misfit from noise\n");
        } else if (!m.flagged()) {
            sb.append("  no misfit found: the residuals are within the noise");
        } else {
            sb.append("  MODEL MISFIT: the model misses something these runs show\n");
            m.findings().forEach(f -> sb.append("    - ").append(f).append('\n'));
            if (m.candidates().isEmpty()) {
                sb.append("    no probed unfitted parameter (CNP and reaction delays, switch latency, link delay, PFC"
                        + " response times) explains it\n");
            } else {
                sb.append("    unfitted parameters that could absorb it:\n");
            }
            for (Misfit.Candidate c : m.candidates()) {
                sb.append(String.format(Locale.ROOT, "    - %s (probed at %s): fitting it too would remove about %.0f %% of the"
                        + " misfit", c.key(), c.tried(), 100 * c.misfitCut()));
                if (c.absorbedBy() != null) {
                    sb.append(String.format(Locale.ROOT, "; its effect resembles %s's (correlation %+.2f), which may be"
                            + " absorbing it", c.absorbedBy(), c.rho()));
                }
                sb.append('\n');
            }
        }
        if (m.checked() && !m.flagged()) {
            sb.append(m.fitP() == null ? "" : String.format(Locale.ROOT, " (fitted: J = %.4g on %d, p = %.2g)", m.fitStatistic(),
                    m.fitDof(), m.fitP()));
            sb.append(m.heldP() == null ? "" : String.format(Locale.ROOT, " (held out: %.4g on %d, p = %.2g)", m.heldStatistic(),
                    m.heldDof(), m.heldP()));
            sb.append('\n');
        }
        sb.append("  residuals by run (mean relative error; z in noise units; largest flow; incast degree)\n");
        for (Misfit.RunBias b : m.runs()) {
            sb.append(String.format(Locale.ROOT, "    %-36s %-9s %+7.2f %%  z %+6.2f  %9s  %d%n", b.run(), b.heldOut() ? "held out"
                    : "fitted", 100 * b.meanRelative(), b.z(), b.largestFlow() == 0 ? "-" : b.largestFlow() + " B", b.degree()));
        }
    }
}
