package org.lossless.experiments.sweep;

import org.lossless.experiments.results.AtomicDirectory;
import org.lossless.experiments.results.OutputRefusedException;
import org.lossless.experiments.results.OutputRule;
import org.lossless.experiments.results.ResultsWriter;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The layout of a sweep directory (docs/sweeps.md):
 * <pre>
 *   sweep.json            the resolved definition ({@link SweepJson})
 *   scenario.yaml         the scenario text the runs use
 *   points/POINT/SEED/    one normal result directory per run, renamed into place only when complete
 *   sweep.csv             one row per complete run          ({@link SweepTable})
 *   sweep-summary.csv     per point and figure: mean, 95 % CI, paired difference to the baseline
 *   sweep-status.json     runs complete / missing, failures with their reasons and logs
 *   slurm/                job scripts and task logs of the Slurm executor
 * </pre>
 * A run is done exactly when {@code points/POINT/SEED/summary.json} exists: the run directory appears by an
 * atomic rename of a complete temporary directory, so a half-written run is never mistaken for a done one.
 */
public final class SweepDirectory {
    public static final String DEFINITION = "sweep.json";
    public static final String SCENARIO_COPY = "scenario.yaml";
    public static final String POINTS = "points";
    public static final String TABLE = "sweep.csv";
    public static final String SUMMARY = "sweep-summary.csv";
    public static final String STATUS = "sweep-status.json";
    public static final String SLURM = "slurm";
    private static final String LOCK = ".lock";

    /** What is at a sweep's {@code --out} path. */
    public enum Found { NOTHING, SWEEP }

    private final Path root;

    private SweepDirectory(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /**
     * The one decision "may a sweep write here", the output rule of every command ({@link OutputRule}, kind
     * {@value OutputRule#SWEEP}): missing or empty is {@link Found#NOTHING}; a Lossless sweep holding only
     * what Lossless wrote is {@link Found#SWEEP}; anything else (a file, a user's folder, a sweep where the
     * user added files, another kind of result) is refused with an {@link OutputRefusedException} naming the
     * directory, and nothing is touched.
     */
    public static Found classify(Path dir) {
        OutputRule.checkDirectory(dir, OutputRule.SWEEP);
        if (!Files.exists(dir)) {
            return Found.NOTHING;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty() ? Found.NOTHING : Found.SWEEP;
        } catch (IOException e) {
            throw new SweepException(dir + ": cannot be read: " + e.getMessage());
        }
    }

    /**
     * Creates the directory (missing or empty) with the definition, the scenario copy, {@code points/} and the
     * lock file and a folder per point, all at once and with its
     * {@link org.lossless.experiments.results.ResultMarker} (kind {@value OutputRule#SWEEP}; the runs
     * {@code points/POINT/SEED} are nested results with markers of their own): a process killed meanwhile leaves
     * no half-made sweep. What the sweep writes later (tables, {@code slurm/}, a report) is added to the marker as
     * it is written.
     */
    public static SweepDirectory create(Path root, SweepDefinition def) throws IOException {
        SweepDirectory d = new SweepDirectory(root);
        OutputRule.writeDirectory(d.root, OutputRule.SWEEP, Set.of(OutputRule.SWEEP_RUNS), tmp -> {
            Files.createDirectories(tmp.resolve(POINTS));
            for (SweepPoint p : def.points()) {
                Files.createDirectory(tmp.resolve(POINTS).resolve(p.name())); // listed in the marker, as Lossless's
            }
            Files.writeString(tmp.resolve(SCENARIO_COPY), def.scenarioText(), StandardCharsets.UTF_8);
            Files.writeString(tmp.resolve(DEFINITION), SweepJson.write(def), StandardCharsets.UTF_8);
            Files.createFile(tmp.resolve(LOCK));
        });
        return d;
    }

    /** An existing sweep directory. */
    public static SweepDirectory open(Path root) {
        return new SweepDirectory(root);
    }

    /** Rewrites sweep.json and the scenario copy (each atomically). */
    public void writeDefinition(SweepDefinition def) throws IOException {
        writeAtomically(root.resolve(SCENARIO_COPY), def.scenarioText());
        writeAtomically(root.resolve(DEFINITION), SweepJson.write(def));
    }

    /** The definition in sweep.json; a missing or damaged one is a {@link SweepException} naming the file. */
    public SweepDefinition definition() throws IOException {
        try {
            return SweepJson.read(root);
        } catch (IOException | RuntimeException e) {
            throw new SweepException(root.resolve(DEFINITION) + ": cannot be read as a Lossless sweep definition ("
                    + e.getMessage() + ")");
        }
    }

    public Path root() {
        return root;
    }

    public Path runDir(RunSpec run) {
        return root.resolve(run.relativeDir());
    }

    /** True when the run's directory is in place (complete). */
    public boolean isDone(RunSpec run) {
        return Files.isRegularFile(runDir(run).resolve(ResultsWriter.SUMMARY));
    }

    /** The runs whose directory is not in place, in index order. */
    public List<RunSpec> pending(List<RunSpec> runs) {
        List<RunSpec> out = new ArrayList<>();
        for (RunSpec r : runs) {
            if (!isDone(r)) {
                out.add(r);
            }
        }
        return out;
    }

    /**
     * Removes the hidden folders ({@code .SEED.run-HOST-PID}, {@code .SEED.tmp-*}, {@code .SEED.old-*}) that a killed
     * run left in the point folders: only names Lossless gives them, never through a symbolic link. Only call it
     * while no run of this sweep is going on anywhere.
     *
     * @return how many were removed
     */
    public int removeStaleTemporaries() throws IOException {
        Path points = root.resolve(POINTS);
        if (!Files.isDirectory(points, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        int removed = 0;
        try (DirectoryStream<Path> ps = Files.newDirectoryStream(points,
                p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))) {
            for (Path p : ps) {
                try (DirectoryStream<Path> tmps = Files.newDirectoryStream(p,
                        t -> OutputRule.isLosslessTemporary(t.getFileName().toString()))) {
                    for (Path t : tmps) {
                        if (Files.isDirectory(t, LinkOption.NOFOLLOW_LINKS)) {
                            AtomicDirectory.deleteTree(t);
                        } else {
                            Files.delete(t);
                        }
                        removed++;
                    }
                }
            }
        }
        return removed;
    }

    /**
     * Makes the folder of every point that is missing (a sweep from before point folders were made at its start,
     * a folder removed by hand) and lists it in the sweep's marker; refuses a point "folder" that is a link or a
     * file, where the runs would be written through it or fail. Only call it while this process holds the lock.
     */
    public void preparePoints(SweepDefinition def) throws IOException {
        Path points = root.resolve(POINTS);
        List<String> made = new ArrayList<>();
        for (SweepPoint p : def.points()) {
            Path dir = points.resolve(p.name());
            if (Files.isSymbolicLink(dir) || Files.exists(dir, LinkOption.NOFOLLOW_LINKS)
                    && !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                throw new SweepException(dir + " is not a folder Lossless made (a link or a file); move it away: the "
                        + "point's runs are written there");
            }
            if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(dir);
                made.add(POINTS + "/" + p.name());
            }
        }
        if (!made.isEmpty()) {
            OutputRule.adopt(root, OutputRule.SWEEP, made.toArray(String[]::new));
        }
    }

    /**
     * Locks the directory for this process (released when the process ends, also by SIGKILL).
     *
     * @throws SweepException if another process holds it
     */
    public AutoCloseable lock() throws IOException {
        FileChannel ch = FileChannel.open(root.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock l;
        try {
            l = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            l = null;
        }
        if (l == null) {
            ch.close();
            throw new SweepException("another lossless sweep is working on " + root + "; wait for it to end");
        }
        FileLock held = l;
        return () -> {
            held.release();
            ch.close();
        };
    }

    /**
     * Writes a file of the sweep through a temporary sibling and a rename ({@link OutputRule#writeFile}, which
     * lists it in the sweep's marker).
     */
    public static void writeAtomically(Path file, String text) throws IOException {
        OutputRule.writeFile(file, text, true);
    }

    /**
     * Lists {@code paths} (relative, e.g. {@code slurm/submit-1/job.sh}), just created in the sweep directory or
     * about to be written there by a Slurm task, as Lossless's (a sweep from before markers gets one).
     */
    void adopt(String... paths) throws IOException {
        OutputRule.adopt(root, OutputRule.SWEEP, paths);
    }
}
