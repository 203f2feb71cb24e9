package org.lossless.experiments.sweep;

import org.lossless.experiments.results.AtomicDirectory;
import org.lossless.experiments.results.OutputRefusedException;
import org.lossless.experiments.results.OutputRule;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.function.Consumer;

/**
 * A sweep from start to tables: where it is written ({@link #prepare}), running what is missing with an
 * {@link Executor}, and building sweep.csv, sweep-summary.csv and sweep-status.json from the run directories,
 * and sweep.json again with each complete run's truncation ({@link #finish}).
 *
 * <p>Where: a missing or empty {@code --out} is written in place. {@code --resume} continues the sweep there
 * (its definition must define the same runs). Without {@code --resume}, a previous sweep at {@code --out} is
 * replaced as a whole: the new sweep is built in the hidden sibling {@code .NAME.sweep-next} and swapped in
 * only when every run is complete, so until then {@code --out} keeps the previous sweep intact; a resumed or
 * collected replacement continues in that sibling.
 */
public final class Sweep {
    /** How a sweep ended. {@code dir} is where it now is (the target once complete). */
    public record Outcome(Path dir, int total, int doneBefore, List<RunFailure> failures, List<RunSpec> missing,
                          SweepTable table, List<SweepSummary.Line> lines, boolean submitted) {
        public boolean complete() {
            return !submitted && missing.isEmpty();
        }

        /** The complete runs that stopped at their stop time with work left; empty before the tables are built. */
        public List<SweepTable.Row> truncated() {
            return table == null ? List.of() : table.truncated();
        }
    }

    private Sweep() {
    }

    /** {@code .NAME.sweep-next} next to {@code out}. */
    public static Path staging(Path out) {
        Path abs = out.toAbsolutePath().normalize();
        return abs.resolveSibling("." + abs.getFileName() + ".sweep-next");
    }

    /**
     * The directory a sweep of {@code def} to {@code out} works in, created or checked.
     *
     * @param notes receives one-line notes for the user (resuming, replacing)
     */
    public static SweepDirectory prepare(Path out, SweepDefinition def, boolean resume, Consumer<String> notes) throws IOException {
        Path next = staging(out);
        SweepDirectory.Found found = SweepDirectory.classify(out);
        if (found == SweepDirectory.Found.NOTHING) {
            if (resume) {
                notes.accept(out + " holds no sweep yet: starting it");
            }
            return SweepDirectory.create(out, def);
        }
        if (resume) {
            for (Path p : List.of(next, out)) {
                if (SweepJson.isSweep(p)) {
                    SweepDirectory d = SweepDirectory.open(p);
                    SweepDefinition old = d.definition();
                    if (old.sameRuns(def)) {
                        if (!java.util.Objects.equals(old.baseline(), def.baseline())) {
                            d.writeDefinition(def);
                        }
                        return d;
                    }
                }
            }
            throw new SweepException("--resume: " + out + " holds a sweep with other runs (" + difference(
                    SweepDirectory.open(SweepJson.isSweep(next) ? next : out).definition(), def)
                    + "); run without --resume to replace it, or choose another --out");
        }
        if (Files.exists(next)) {
            OutputRule.checkDirectory(next, OutputRule.SWEEP); // an unfinished replacement: Lossless's to remove
            AtomicDirectory.deleteTree(next);
        }
        notes.accept(out + " holds a previous sweep: it stays until the new one is complete (built in " + next + ")");
        return SweepDirectory.create(next, def);
    }

    private static String difference(SweepDefinition a, SweepDefinition b) {
        if (!a.scenarioPath().equals(b.scenarioPath())) {
            return "scenario " + a.scenarioPath() + " instead of " + b.scenarioPath();
        }
        if (!a.scenarioText().equals(b.scenarioText())) {
            return "the scenario file changed since the sweep started";
        }
        if (!a.sets().equals(b.sets())) {
            return "--set " + a.sets() + " instead of " + b.sets();
        }
        if (!a.points().equals(b.points())) {
            return "other points: " + a.points().size() + " there, " + b.points().size() + " here";
        }
        return "seeds " + a.seeds() + " instead of " + b.seeds();
    }

    /** Runs the missing runs of {@code work} with {@code executor}, then {@link #finish}es. */
    public static Outcome run(SweepDirectory work, Path out, SweepDefinition def, Executor executor, Progress progress)
            throws IOException, InterruptedException {
        try (AutoCloseable lock = work.lock()) {
            executor.checkIdle(work);
            work.removeStaleTemporaries();
            work.preparePoints(def);
            List<RunSpec> all = def.runs();
            List<RunSpec> pending = work.pending(all);
            progress.start(all.size(), all.size() - pending.size());
            List<RunFailure> failures = pending.isEmpty() ? List.of() : executor.runAll(work, pending, progress);
            progress.finish();
            if (!executor.waits()) {
                return new Outcome(work.root(), all.size(), all.size() - pending.size(), failures, pending, null, List.of(), true);
            }
            return finish(work, out, def, all.size() - pending.size(), failures);
        } catch (IOException | InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    /**
     * Builds the tables from the run directories; when every run is in place and the sweep was built in the
     * staging sibling, swaps it into {@code out}.
     */
    public static Outcome finish(SweepDirectory work, Path out, SweepDefinition def, int doneBefore, List<RunFailure> failures)
            throws IOException {
        List<RunSpec> all = def.runs();
        List<RunSpec> missing = work.pending(all);
        SweepTable table = SweepTable.read(work, def);
        List<SweepSummary.Line> lines = SweepSummary.lines(table, def);
        SweepDirectory.writeAtomically(work.root().resolve(SweepDirectory.TABLE), table.csv());
        SweepDirectory.writeAtomically(work.root().resolve(SweepDirectory.SUMMARY), SweepSummary.csv(lines, def));
        SweepDirectory.writeAtomically(work.root().resolve(SweepDirectory.STATUS), SweepStatus.json(all.size(), missing,
                failures, table.truncated()));
        SweepDirectory.writeAtomically(work.root().resolve(SweepDirectory.DEFINITION), SweepJson.write(def, table));
        Path dir = work.root();
        Path target = out.toAbsolutePath().normalize();
        if (missing.isEmpty() && !dir.equals(target)) {
            swap(dir, target);
            dir = target;
        }
        return new Outcome(dir, all.size(), doneBefore, failures, missing, table, lines, false);
    }

    /**
     * Replaces the previous sweep {@code target} by the complete one in {@code next}. The target is checked
     * again first: the user may have added files to it while the sweep ran (it was checked when the sweep
     * started); then nothing is swapped and the new sweep stays complete in {@code next}.
     */
    private static void swap(Path next, Path target) throws IOException {
        try {
            OutputRule.checkDirectory(target, OutputRule.SWEEP);
        } catch (OutputRefusedException e) {
            throw new OutputRefusedException(e.getMessage() + " (it changed while the sweep ran; the complete new sweep "
                    + "is in " + next + ")");
        }
        if (!Files.exists(target)) {
            Files.move(next, target, StandardCopyOption.ATOMIC_MOVE);
        } else {
            AtomicDirectory.replace(next, target);
        }
    }
}
