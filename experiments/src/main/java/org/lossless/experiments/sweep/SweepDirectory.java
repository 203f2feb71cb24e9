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
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
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
     * lock file, all at once and with its {@link org.lossless.experiments.results.ResultMarker} (kind
     * {@value OutputRule#SWEEP}): a process killed meanwhile leaves no half-made sweep. What the sweep writes
     * later (tables, {@code slurm/}, a report) is added to the marker as it is written.
     */
    public static SweepDirectory create(Path root, SweepDefinition def) throws IOException {
        SweepDirectory d = new SweepDirectory(root);
        OutputRule.writeDirectory(d.root, OutputRule.SWEEP, tmp -> {
            Files.createDirectories(tmp.resolve(POINTS));
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
     * Removes the hidden folders ({@code .SEED.run-*}, {@code .SEED.tmp-*}, {@code .SEED.old-*}) that a killed
     * run left in the point folders. Only call it while no run of this sweep is going on anywhere.
     *
     * @return how many were removed
     */
    public int removeStaleTemporaries() throws IOException {
        Path points = root.resolve(POINTS);
        if (!Files.isDirectory(points)) {
            return 0;
        }
        int removed = 0;
        try (DirectoryStream<Path> ps = Files.newDirectoryStream(points, Files::isDirectory)) {
            for (Path p : ps) {
                try (DirectoryStream<Path> tmps = Files.newDirectoryStream(p, ".*.{run,tmp,old}-*")) {
                    for (Path t : tmps) {
                        AtomicDirectory.deleteTree(t);
                        removed++;
                    }
                }
            }
        }
        return removed;
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

    /** Lists {@code name}, just created in the sweep directory, as Lossless's (a sweep from before markers gets one). */
    void adopt(String name) throws IOException {
        OutputRule.adopt(root, OutputRule.SWEEP, name);
    }
}
