package org.lossless.verbs.plan;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

import org.lossless.verbs.VerbsException;
import org.lossless.verbs.io.Contained;
import org.lossless.verbs.io.InputFiles;
import org.lossless.verbs.measure.MeasurementJson;

/** Reads {@code plan.json} back from a plan (or bundle) directory. */
public final class PlanReader {
    private PlanReader() {
    }

    /**
     * The plan of directory {@code dir} ({@code display} in messages). {@code plan.json} and the plan's other files
     * must not be links out of it, and every name in it that becomes a path must stay inside a bundle
     * ({@link PlanChecks}); otherwise a {@link VerbsException} names the field.
     */
    public static HardwarePlan read(Path dir, String display) {
        if (!Files.isDirectory(dir)) {
            throw new VerbsException(display + ": not a directory (expected a plan directory written by 'lossless replay plan')");
        }
        Path f = Contained.own(dir, PlanWriter.PLAN, "the plan", display);
        for (String other : List.of("scenario.resolved.yaml", "hosts.yaml")) {
            Contained.own(dir, other, "the plan", display); // copied into the bundle by 'replay run --execute'
        }
        String text;
        try {
            text = InputFiles.readString(f);
        } catch (NoSuchFileException e) {
            throw new VerbsException(display + ": no " + PlanWriter.PLAN + " (not a plan directory written by 'lossless replay"
                    + " plan')");
        } catch (IOException e) {
            throw new VerbsException(display + "/" + PlanWriter.PLAN + ": cannot be read: " + e.getMessage());
        }
        HardwarePlan plan;
        try {
            plan = MeasurementJson.MAPPER.readValue(text, HardwarePlan.class);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : ":" + e.getLocation().getLineNr();
            throw new VerbsException(display + "/" + PlanWriter.PLAN + where + ": not a valid plan: " + e.getOriginalMessage());
        } catch (IllegalArgumentException e) {
            throw new VerbsException(display + "/" + PlanWriter.PLAN + ": not a valid plan: " + e.getMessage());
        }
        if (plan.formatVersion() != HardwarePlan.FORMAT_VERSION) {
            throw new VerbsException(display + "/" + PlanWriter.PLAN + ": format_version " + plan.formatVersion()
                    + " is not supported (expected " + HardwarePlan.FORMAT_VERSION + ")");
        }
        PlanChecks.check(plan, display + "/" + PlanWriter.PLAN);
        return plan;
    }
}
