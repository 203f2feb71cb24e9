package org.lossless.experiments.sweep;

import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.run.ScenarioRunner;
import org.lossless.experiments.scenario.Scenario;

import java.io.IOException;

/** Executes one run of a sweep in this JVM: loads its scenario and writes its result directory atomically. */
public final class SweepRun {
    private SweepRun() {
    }

    /**
     * Runs {@code run} unless its directory is already in place.
     *
     * @return null when the run directory is in place, else the reason it is not (one line)
     */
    public static String execute(SweepDirectory dir, SweepDefinition def, RunSpec run, ScenarioRunner runner) {
        if (dir.isDone(run)) {
            return null;
        }
        try {
            Scenario s = def.scenario(run);
            ResultsWriter.runAndWrite(dir.runDir(run), s, runner);
            return null;
        } catch (IOException e) {
            return "cannot write " + run.label() + ": " + e.getMessage();
        } catch (OutOfMemoryError e) {
            return "out of memory (" + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB heap); see docs/sweeps.md, "
                    + "\"Memory\"";
        } catch (org.lossless.experiments.scenario.ScenarioException e) {
            return e.getMessage();
        } catch (RuntimeException | Error e) {
            // a bug or a resource limit: the run fails, the sweep goes on (and reports it)
            return e.toString();
        }
    }
}
