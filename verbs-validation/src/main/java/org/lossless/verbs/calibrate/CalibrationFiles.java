package org.lossless.verbs.calibrate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.verbs.io.CsvText;
import org.lossless.experiments.results.OutputRule;
import org.lossless.verbs.measure.MeasurementJson;

/**
 * Writes a calibration: {@code calibrated.yaml} (the scenario with every stated and fitted value, resolved),
 * {@code calibration.txt} (the report for people), {@code calibration.json} (the same, for scripts and the
 * HTML report) and {@code residuals.csv} (every metric of every run at the optimum).
 */
public final class CalibrationFiles {
    /** The directory kind in its marker. */
    public static final String KIND = "calibration";

    private CalibrationFiles() {
    }

    public static void write(Path dir, CalibrationReport r, Scenario calibrated, List<String> runNames) throws IOException {
        OutputRule.writeDirectory(dir, KIND, d -> {
            Files.writeString(d.resolve("calibrated.yaml"), "# calibrated by 'lossless calibrate' against "
                    + String.join(", ", runNames) + "; see calibration.txt\n" + ResolvedYaml.write(calibrated),
                    StandardCharsets.UTF_8);
            Files.writeString(d.resolve("calibration.txt"), text(r), StandardCharsets.UTF_8);
            Files.writeString(d.resolve("calibration.json"), MeasurementJson.write(r), StandardCharsets.UTF_8);
            Files.writeString(d.resolve("residuals.csv"), residuals(r), StandardCharsets.UTF_8);
        });
    }

    public static String text(CalibrationReport r) {
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
        sb.append("\nStage 2: fixed latency from latency probes\n");
        LatencyFit l = r.latency();
        if (l == null) {
            sb.append("  skipped (no latency probes in the fitted runs, or no latency key)\n");
        } else {
            sb.append(String.format(Locale.ROOT, "  %s = %.4g us %s from %d probe(s)%n", l.key(), l.valuePs() / 1e6,
                    l.stdErrorPs() == null ? "(uncertainty not estimable)" : String.format(Locale.ROOT, "+- %.3g us (1 sigma)",
                            l.stdErrorPs() / 1e6), l.points()));
            sb.append(String.format(Locale.ROOT, "  measured latency = %.4g us + %.4g us/B x size; simulated slope %.4g us/B%n",
                    l.hwIntercept(), l.hwSlope(), l.simSlope()));
            if (l.note() != null) {
                sb.append("  note: ").append(l.note()).append('\n');
            }
        }
        sb.append(String.format(Locale.ROOT, "%nStage 3: fitted unknowns (objective %.4g -> %.4g after %d evaluations, %d"
                + " simulations)%n", r.startCost(), r.cost(), r.evaluations(), r.simulations()));
        if (r.estimates().isEmpty()) {
            sb.append("  nothing fitted\n");
        }
        for (ParameterEstimate e : r.estimates()) {
            String unit = e.unit().isEmpty() ? "" : " " + e.unit();
            sb.append(String.format(Locale.ROOT, "  %s = %.4g%s (start %.4g)", e.key(), e.value(), unit, e.start()));
            if (e.identifiable()) {
                sb.append(String.format(Locale.ROOT, "  +- %.3g%s (1 sigma); 2-sigma range %.4g .. %.4g%n", e.stdError(), unit,
                        e.low(), e.high()));
            } else {
                sb.append(String.format(Locale.ROOT, "  NOT IDENTIFIABLE: anywhere in %.4g .. %.4g%s fits as well%n", e.low(),
                        e.high(), unit));
                sb.append("      ").append(e.note()).append('\n');
            }
        }
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

    static String residuals(CalibrationReport r) {
        StringBuilder sb = new StringBuilder("run,held_out,metric,simulated,measured,relative_error\n");
        for (RunFit f : r.runs()) {
            for (Residual x : f.residuals()) {
                sb.append(CsvText.field(x.run())).append(',').append(f.heldOut()).append(',').append(CsvText.field(x.metric()))
                        .append(',').append(Double.isNaN(x.simulated()) ? "" : Double.toString(x.simulated())).append(',')
                        .append(x.measured()).append(',').append(x.scaled()).append('\n');
            }
        }
        return sb.toString();
    }
}
