package org.lossless.experiments.sweep;

import org.lossless.experiments.results.AtomicDirectory;
import org.lossless.experiments.results.OutputRule;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.run.ScenarioRunner;
import org.lossless.experiments.scenario.Scenario;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Executes one run of a sweep in this JVM. The run is written in a private folder
 * {@code points/POINT/.SEED.run-HOST-PID/} ({@link OutputRule#workFolder}) (the result directory built there atomically as by
 * {@code lossless run}) and then renamed to {@code points/POINT/SEED/}. Runs of one point execute at once
 * in other processes, on other Slurm nodes, sharing {@code points/POINT/}: the private folder keeps each
 * run's temporary files away from the others' clean-up of leftovers, whose owner (a process id) another
 * host cannot check. The rename never replaces a non-empty directory.
 */
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
        Path target = dir.runDir(run);
        Path own = target.resolveSibling(OutputRule.workFolder(target.getFileName().toString()));
        try {
            Path point = target.getParent();
            if (Files.isSymbolicLink(point) || Files.isSymbolicLink(target)) {
                return "cannot write " + run.label() + ": " + (Files.isSymbolicLink(point) ? "its point folder" : "it")
                        + " is a symbolic link (Lossless writes only into folders it made; move the link away)";
            }
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
                return "cannot write " + run.label() + ": it exists and is not a directory";
            }
            Scenario s = def.scenario(run);
            Files.createDirectories(own);
            Path built = own.resolve(target.getFileName().toString());
            ResultsWriter.runAndWrite(built, s, runner);
            Files.move(built, target, StandardCopyOption.ATOMIC_MOVE);
            return null;
        } catch (DirectoryNotEmptyException | FileAlreadyExistsException e) {
            return "cannot write " + run.label() + ": it exists and is not a complete run (move it away)";
        } catch (IOException e) {
            return "cannot write " + run.label() + ": " + e.getMessage();
        } catch (OutOfMemoryError e) {
            return "out of memory (" + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB heap); see docs/sweeps.md, "
                    + "\"Memory\"";
        } catch (org.lossless.workloads.yaml.ScenarioException e) {
            return e.getMessage();
        } catch (RuntimeException | Error e) {
            // a bug or a resource limit: the run fails, the sweep goes on (and reports it)
            return e.toString();
        } finally {
            try {
                AtomicDirectory.deleteTree(own);
            } catch (IOException e) {
                // left behind hidden; the next --resume removes it
            }
        }
    }
}
