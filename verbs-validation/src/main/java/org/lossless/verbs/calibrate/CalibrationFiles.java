package org.lossless.verbs.calibrate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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
        return CalibrationText.of(r);
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
