package org.lossless.experiments.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The one rule for everything Lossless writes: never destroy what Lossless did not write. See the package
 * documentation for the whole contract; in short:
 *
 * <ul>
 * <li>A directory ({@link #writeDirectory}): a missing or empty target, or a previous Lossless result of the
 * same kind whose top-level entries are all listed in its {@link ResultMarker}, is (re)written atomically;
 * anything else is refused with {@link OutputRefusedException} ("DIR exists and is not a Lossless result
 * directory; choose another --out or remove it") before anything is touched.</li>
 * <li>A file ({@link #writeFile}): a missing target is written (through a temporary sibling, renamed into
 * place); an existing one only with {@code force}.</li>
 * </ul>
 */
public final class OutputRule {
    /** The kind of {@code lossless run} and {@code demo} result directories. */
    public static final String RUN = "run";
    /** The kind of {@code lossless sweep} directories. */
    public static final String SWEEP = "sweep";
    /** The kind of a report's own directory ({@code lossless report --out}, a comparison). */
    public static final String REPORT = "report";
    /**
     * Entries of a run directory written before result markers existed: such a directory (with a
     * summary.json naming the engine and version, and nothing else than these) counts as a previous run.
     */
    static final Set<String> LEGACY_RUN_ENTRIES = Set.of(ResultsWriter.SUMMARY, ResultsWriter.FLOWS,
            ResultsWriter.PORTS, ResultsWriter.JOBS, ResultsWriter.RESOLVED, ResultsWriter.PFCWD,
            ResultsWriter.PAUSE_GRAPH, "timeseries", "report.html", "charts");
    /** The same for a sweep directory: a sweep.json of kind {@code lossless-sweep} and nothing unknown beside it. */
    static final Set<String> LEGACY_SWEEP_ENTRIES = Set.of("sweep.json", "scenario.yaml", "points", "sweep.csv",
            "sweep-summary.csv", "sweep-status.json", "slurm", ".lock", "report.html", "charts");

    private OutputRule() {
    }

    /**
     * Refuses {@code target} unless it may be written as a result directory of {@code kind}: missing, an
     * empty directory, or a previous Lossless result of the same kind holding only what Lossless wrote.
     *
     * @param target the directory as the user named it (messages show it)
     * @param kind   the result kind, e.g. {@link #RUN}, {@code sweep}, {@code fluid}
     * @throws OutputRefusedException otherwise (nothing touched)
     */
    public static void checkDirectory(Path target, String kind) {
        Path abs = target.toAbsolutePath().normalize();
        if (!Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
            if (Files.isSymbolicLink(abs)) {
                throw refused(target, "is a broken symbolic link");
            }
            return;
        }
        if (abs.getParent() == null) {
            throw refused(target, "is a file system root");
        }
        if (Files.isSymbolicLink(abs)) {
            throw new OutputRefusedException(target + " is a symbolic link; choose another --out (Lossless replaces "
                    + "result directories by renaming, which would replace the link, not its target)");
        }
        if (!Files.isDirectory(abs)) {
            throw new OutputRefusedException(target + " exists and is not a directory; choose another --out or remove it");
        }
        Set<String> names = entries(abs, target);
        // temporaries Lossless writes inside a result (a sweep's tables): a killed writer's are removed, a live
        // one's are Lossless's work in progress
        names.removeIf(TempNames::isOurs);
        if (names.isEmpty()) {
            return;
        }
        ResultMarker m = ResultMarker.read(abs);
        if (m == null) {
            if (legacy(abs, kind, names)) {
                return;
            }
            throw new OutputRefusedException(target + " exists and is not a Lossless result directory; choose "
                    + "another --out or remove it");
        }
        if (!m.kind().equals(kind)) {
            throw new OutputRefusedException(target + " is a Lossless " + m.kind() + " directory, not a " + kind
                    + " result; choose another --out or remove it");
        }
        names.remove(ResultMarker.FILE);
        names.removeAll(m.entries());
        if (!names.isEmpty()) {
            List<String> shown = names.stream().limit(5).map(org.lossless.core.text.Printable::of).toList();
            throw new OutputRefusedException(target + " is a Lossless result directory but holds files Lossless did "
                    + "not write (" + String.join(", ", shown) + (names.size() > 5 ? ", ..." : "")
                    + "); choose another --out or move them away");
        }
    }

    /**
     * Checks {@code target} ({@link #checkDirectory}) and writes it atomically: {@code writer} fills a
     * hidden temporary sibling, the {@link ResultMarker} is added listing what the writer created, and the
     * sibling replaces the target. Interrupted (SIGINT, SIGTERM) or failed, nothing is left.
     *
     * @throws OutputRefusedException when the target is not Lossless's to replace (nothing touched)
     * @throws IOException            when writing failed (the previous target, if any, is untouched)
     */
    public static void writeDirectory(Path target, String kind, AtomicDirectory.Writer writer) throws IOException {
        checkDirectory(target, kind);
        AtomicDirectory.write(target, dir -> {
            writer.write(dir);
            Set<String> made = entries(dir, target);
            made.remove(ResultMarker.FILE);
            new ResultMarker(kind, Version.current(), made).write(dir);
        });
        adoptIntoParent(target);
    }

    /**
     * Records top-level {@code names} as written by Lossless in the result directory {@code dir} (e.g. a
     * report added to a run directory), so that replacing the directory later is allowed. A directory of
     * {@code kind} written before markers existed gets its marker now, listing what it holds. A directory
     * that is no Lossless result (no marker, not a result from before markers) is left as it is.
     *
     * @return whether {@code dir} now records {@code names}
     */
    public static boolean adopt(Path dir, String kind, String... names) throws IOException {
        ResultMarker m = ResultMarker.read(dir);
        if (m == null) {
            Set<String> now = entries(dir, dir);
            if (!legacy(dir, kind, now)) {
                return false;
            }
            m = new ResultMarker(kind, Version.current(), now);
        }
        m.with(Set.of(names)).write(dir);
        return true;
    }

    /**
     * Refuses to add {@code names} (top-level files or folders) to the existing result directory {@code dir},
     * unless each is missing or was written there by Lossless: listed in the directory's marker. In a
     * directory without a marker (written by hand, or by a Lossless older than markers) an existing entry of
     * that name is never Lossless's to replace. Nothing is touched.
     *
     * @throws OutputRefusedException naming the first entry Lossless did not write
     */
    public static void checkAdd(Path dir, Collection<String> names) {
        ResultMarker m = ResultMarker.read(dir);
        for (String n : names) {
            Path p = dir.resolve(n);
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && (m == null || !m.entries().contains(n))) {
                throw new OutputRefusedException(p + " exists and Lossless did not write it; move it away or choose "
                        + "another --out");
            }
        }
    }

    /** Refuses an existing {@code file} unless {@code force}; refuses a directory there in any case. */
    public static void checkFile(Path file, boolean force) {
        Path abs = file.toAbsolutePath().normalize();
        if (Files.isDirectory(abs)) {
            throw new OutputRefusedException(file + " is a directory, expected a file; choose another --out");
        }
        if (Files.exists(abs, LinkOption.NOFOLLOW_LINKS) && !force) {
            throw new OutputRefusedException(file + " exists; choose another --out or add --force to replace it");
        }
    }

    /**
     * Writes {@code text} (UTF-8) to {@code file} after {@link #checkFile}: through a hidden temporary
     * sibling renamed into place, so a failure or an interrupt leaves no half-written file. Creates missing
     * parent folders.
     */
    public static void writeFile(Path file, String text, boolean force) throws IOException {
        checkFile(file, force);
        Path abs = file.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        Files.createDirectories(parent);
        TempNames.cleanStale(parent);
        Path tmp = TempNames.createFile(parent, TempNames.tmpPrefix(abs.getFileName().toString()));
        Interrupts.track(tmp);
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            if (Files.isSymbolicLink(abs)) {
                Files.delete(abs); // replace the link (with --force), never write through it
            }
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } finally {
                Interrupts.untrack(tmp);
            }
        }
        adoptIntoParent(file);
    }

    /**
     * Inside a directory Lossless wrote (a comparison inside a run bundle, a report folder inside a run
     * directory), what Lossless adds is listed in that directory's marker, so it stays Lossless's to replace.
     */
    private static void adoptIntoParent(Path written) throws IOException {
        Path abs = written.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        ResultMarker m = parent == null ? null : ResultMarker.read(parent);
        String name = abs.getFileName().toString();
        if (m != null && !m.entries().contains(name)) {
            m.with(Set.of(name)).write(parent);
        }
    }

    private static OutputRefusedException refused(Path target, String what) {
        return new OutputRefusedException(target + " " + what + "; choose another --out or remove it");
    }

    /** Top-level names in {@code dir}. */
    private static Set<String> entries(Path dir, Path shown) {
        Set<String> names = new TreeSet<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                names.add(p.getFileName().toString());
            }
        } catch (IOException e) {
            throw new OutputRefusedException(shown + " cannot be listed (" + e.getMessage() + "); choose another --out");
        }
        return names;
    }

    /**
     * A result of {@code kind} from before markers: a run (summary.json naming engine and version) or a sweep
     * (sweep.json of kind {@code lossless-sweep}) with nothing unknown beside it.
     */
    private static boolean legacy(Path dir, String kind, Set<String> names) {
        Set<String> known;
        String file;
        if (kind.equals(RUN)) {
            known = LEGACY_RUN_ENTRIES;
            file = ResultsWriter.SUMMARY;
        } else if (kind.equals(SWEEP)) {
            known = LEGACY_SWEEP_ENTRIES;
            file = "sweep.json";
        } else {
            return false;
        }
        if (!known.containsAll(names) || !names.contains(file)) {
            return false;
        }
        try {
            Path s = dir.resolve(file);
            if (!Files.isRegularFile(s, LinkOption.NOFOLLOW_LINKS) || Files.size(s) > ResultMarker.MAX_BYTES) {
                return false;
            }
            com.fasterxml.jackson.databind.JsonNode n = new com.fasterxml.jackson.databind.ObjectMapper().readTree(s.toFile());
            if (n == null) {
                return false;
            }
            return kind.equals(RUN) ? n.path("engine").isTextual() && n.path("version").isTextual()
                    : "lossless-sweep".equals(n.path("kind").asText());
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
