package org.lossless.verbs.plan;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.lossless.verbs.VerbsException;
import org.lossless.verbs.measure.MeasurementJson;

/** Reads {@code plan.json} back from a plan (or bundle) directory. */
public final class PlanReader {
    private PlanReader() {
    }

    public static HardwarePlan read(Path dir, String display) {
        Path f = dir.resolve(PlanWriter.PLAN);
        if (!Files.isDirectory(dir)) {
            throw new VerbsException(display + ": not a directory (expected a plan directory written by 'lossless replay plan')");
        }
        String text;
        try {
            text = Files.readString(f);
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
        for (HostPlan h : plan.hosts()) {
            String p = Names.hostProblem(h.host().ssh());
            if (p == null && h.host().user() != null) {
                p = Names.userProblem(h.host().user());
            }
            if (p == null) {
                p = Names.labelProblem(h.host().name());
            }
            if (p != null) {
                throw new VerbsException(display + "/" + PlanWriter.PLAN + ": host " + Names.Printable.of(h.host().name())
                        + ": " + p);
            }
        }
        for (SwitchPlan sw : plan.switches()) {
            String p = Names.hostProblem(sw.sw().ssh());
            if (p == null && sw.sw().user() != null) {
                p = Names.userProblem(sw.sw().user());
            }
            if (p == null) {
                p = Names.labelProblem(sw.sw().name());
            }
            if (p != null) {
                throw new VerbsException(display + "/" + PlanWriter.PLAN + ": switch " + Names.Printable.of(sw.sw().name())
                        + ": " + p);
            }
        }
        return plan;
    }
}
