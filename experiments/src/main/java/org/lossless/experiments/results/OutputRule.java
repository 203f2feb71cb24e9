package org.lossless.experiments.results;

import org.lossless.core.text.Printable;

import java.io.IOException;
import java.io.UncheckedIOException;
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
    /** The version of a marker made for a result from before markers ({@link #legacyMarker}). */
    private static final String LEGACY = "(no marker)";
    /** Where a sweep's runs are: each {@code points/POINT/SEED} a run result directory ({@link ResultMarker}). */
    public static final String SWEEP_RUNS = "points/*/*";
    static final Set<String> LEGACY_SWEEP_ENTRIES = Set.of("sweep.json", "scenario.yaml", "points", "sweep.csv",
            "sweep-summary.csv", "sweep-status.json", "slurm", ".lock", "report.html", "charts");

    private OutputRule() {
    }

    /**
     * Refuses {@code target} unless it may be written as a result directory of {@code kind}: missing, an
     * empty directory, or a previous Lossless result of the same kind holding only what Lossless wrote, at every
     * depth ({@link ResultTree}).
     *
     * @param target the directory as the user named it (messages show it)
     * @param kind   the result kind, e.g. {@link #RUN}, {@code sweep}, {@code fluid}
     * @throws OutputRefusedException otherwise (nothing touched)
     */
    public static void checkDirectory(Path target, String kind) {
        Path abs = target.toAbsolutePath().normalize();
        OutputPlace.check(target, abs);
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
        // empty means nothing at all: a lone file named like a Lossless temporary may be the user's
        if (entries(abs, target).isEmpty()) {
            return;
        }
        ResultMarker m = ResultMarker.read(abs);
        if (m == null) {
            m = legacyMarker(abs);
        }
        if (m == null) {
            throw new OutputRefusedException(target + " exists and is not a Lossless result directory; choose "
                    + "another --out or remove it");
        }
        if (!m.kind().equals(kind)) {
            throw new OutputRefusedException(target + " is a Lossless " + m.kind() + " directory, not a " + kind
                    + " result; choose another --out or remove it");
        }
        ResultMarker marker = m;
        requireClean(target, walk(target, () -> ResultTree.walk(abs, marker)), "choose another --out");
    }

    /** Refuses with the walk's findings: the user's files first, then folders an earlier version did not list. */
    private static void requireClean(Path target, ResultTree.Findings f, String advice) {
        if (!f.foreign().isEmpty()) {
            throw new OutputRefusedException(target + " is a Lossless result directory but holds files Lossless did "
                    + "not write (" + shown(f.foreign()) + "); " + advice + " or move them away");
        }
        if (!f.unverified().isEmpty()) {
            String who = f.oldVersion() == null || LEGACY.equals(f.oldVersion()) ? "an earlier Lossless"
                    : "Lossless " + Printable.of(f.oldVersion());
            throw new OutputRefusedException(target + " holds folders that " + who + " wrote without listing their "
                    + "files (" + shown(f.unverified()) + "): Lossless cannot tell its own files there from files of "
                    + "yours, so it replaces nothing; " + advice + ", or remove " + target + " yourself");
        }
    }

    private static String shown(List<String> paths) {
        List<String> s = paths.stream().limit(5).map(Printable::of).toList();
        return String.join(", ", s) + (paths.size() > 5 ? ", ..." : "");
    }

    private static ResultTree.Findings walk(Path target, java.util.function.Supplier<ResultTree.Findings> w) {
        try {
            return w.get();
        } catch (UncheckedIOException e) {
            throw new OutputRefusedException(target + " cannot be read (" + Printable.of(e.getCause().getMessage())
                    + "); choose another --out");
        }
    }

    /**
     * Checks {@code target} ({@link #checkDirectory}) and writes it atomically: {@code writer} fills a
     * hidden temporary sibling, the {@link ResultMarker} is added listing everything the writer created, and the
     * sibling replaces the target. Interrupted (SIGINT, SIGTERM) or failed, nothing is left.
     *
     * @throws OutputRefusedException when the target is not Lossless's to replace (nothing touched)
     * @throws IOException            when writing failed (the previous target, if any, is untouched)
     */
    public static void writeDirectory(Path target, String kind, AtomicDirectory.Writer writer) throws IOException {
        writeDirectory(target, kind, Set.of(), writer);
    }

    /**
     * As {@link #writeDirectory(Path, String, AtomicDirectory.Writer)}, with {@code nested}: patterns of the folders
     * that will hold results of their own, written later by other processes ({@link ResultMarker}: a sweep's
     * {@code points/*&#47;*}).
     */
    public static void writeDirectory(Path target, String kind, Set<String> nested, AtomicDirectory.Writer writer)
            throws IOException {
        checkDirectory(target, kind);
        AtomicDirectory.write(target, dir -> {
            writer.write(dir);
            new ResultMarker(kind, Version.current(), ResultTree.list(dir), nested, true).write(dir);
        });
        adoptIntoParent(target);
    }

    /**
     * Records {@code paths} (relative to {@code dir}, '/'-separated: {@code report.html}, {@code charts},
     * {@code slurm/submit-2/job.sh}) as written by Lossless in the result directory {@code dir}: each path with
     * its parent folders and, for a folder, everything in it now. A path that does not exist yet is recorded as a
     * file another process will write (a Slurm task's log). A directory of {@code kind} written before markers
     * existed gets its marker now. A directory that is no Lossless result is left as it is.
     *
     * @return whether {@code dir} now records {@code paths}
     */
    public static boolean adopt(Path dir, String kind, String... paths) throws IOException {
        ResultMarker m = ResultMarker.read(dir);
        if (m == null) {
            m = legacyMarker(dir);
            if (m == null || !m.kind().equals(kind)) {
                return false;
            }
        }
        Set<String> more = new TreeSet<>();
        Set<String> tops = new TreeSet<>();
        for (String p : paths) {
            if (!ResultMarker.validPath(p) || p.endsWith("/")) {
                throw new IllegalArgumentException("not a relative path: " + p);
            }
            more.addAll(ResultTree.listPath(dir, p));
            tops.add(p.contains("/") ? p.substring(0, p.indexOf('/')) : p);
        }
        upgrade(dir, m, tops).with(more).write(dir);
        return true;
    }

    /**
     * A marker from before format 2 (or made for a result from before markers) in the complete form: every path
     * under its listed names is listed, but a listed folder that held something before this addition cannot be told
     * from a user's files and is kept as unlisted (not replaceable, {@link ResultTree}); what is being added now
     * ({@code adding}, top-level names) is Lossless's in full.
     */
    private static ResultMarker upgrade(Path dir, ResultMarker m, Set<String> adding) {
        if (m.complete()) {
            return m;
        }
        ResultMarker withAdded = m.with(adding); // what is being added is Lossless's, not a user's
        ResultTree.Findings found = walk(dir, () -> ResultTree.walk(dir, withAdded));
        if (!found.foreign().isEmpty()) {
            return m; // files of the user's in it: the marker keeps its old form, and they stay the user's
        }
        Set<String> unlisted = new TreeSet<>();
        for (String u : found.unverified()) {
            String name = u.substring(0, u.length() - 1);
            if (!name.contains("/") && !adding.contains(name)) {
                unlisted.add(u); // a listed top-level folder; those inside nested results are their markers' affair
            }
        }
        Set<String> files = new TreeSet<>();
        for (String p : ResultTree.list(dir)) {
            String top = p.contains("/") ? p.substring(0, p.indexOf('/')) : p;
            if (withAdded.files().contains(top) && unlisted.stream().noneMatch(p::startsWith) && !insideNested(m, p)) {
                files.add(p);
            }
        }
        return new ResultMarker(m.kind(), Version.current(), files, m.nested(), unlisted, true);
    }

    /** Whether {@code path} lies inside (or is) a nested result of {@code m} (a sweep's run). */
    private static boolean insideNested(ResultMarker m, String path) {
        String body = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        String[] parts = body.split("/");
        StringBuilder prefix = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            prefix.append(i == 0 ? "" : "/").append(parts[i]);
            if (m.isNested(prefix.toString())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Refuses to add {@code names} (top-level files or folders) to the existing result directory {@code dir},
     * unless each is missing or was written there by Lossless: listed in the directory's marker, and for a folder
     * everything in it too. In a directory without a marker (written by hand, or by a Lossless older than markers)
     * an existing entry of that name is never Lossless's to replace. Nothing is touched.
     *
     * @throws OutputRefusedException naming the first entry Lossless did not write
     */
    public static void checkAdd(Path dir, Collection<String> names) {
        ResultMarker m = ResultMarker.read(dir);
        for (String n : names) {
            Path p = dir.resolve(n);
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            if (m == null || !m.entries().contains(n)) {
                throw new OutputRefusedException(p + " exists and Lossless did not write it; move it away or choose "
                        + "another --out");
            }
            requireClean(dir, walk(dir, () -> ResultTree.walk(dir, m, n)), "choose another --out");
        }
    }

    /** Refuses an existing {@code file} unless {@code force}; refuses a directory there in any case. */
    public static void checkFile(Path file, boolean force) {
        Path abs = file.toAbsolutePath().normalize();
        OutputPlace.check(file, abs);
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
     * directory, {@code charts/index.json} inside a run's charts), what Lossless adds is listed in the marker of the
     * nearest result directory above it, so it stays Lossless's to replace: a file with its path, a result directory
     * of its own as a nested result. Only through folders that marker lists: a file in a user's folder or in a sweep
     * run's private folder is not adopted.
     */
    private static void adoptIntoParent(Path written) throws IOException {
        Path abs = written.toAbsolutePath().normalize();
        boolean result = Files.isDirectory(abs, LinkOption.NOFOLLOW_LINKS) && ResultMarker.read(abs) != null;
        String rel = abs.getFileName().toString();
        for (Path dir = abs.getParent(); dir != null; dir = dir.getParent()) {
            ResultMarker m = ResultMarker.read(dir);
            if (m == null) {
                if (dir.getFileName() == null) {
                    return;
                }
                rel = dir.getFileName() + "/" + rel;
                continue;
            }
            int slash = rel.lastIndexOf('/');
            String folder = slash < 0 ? null : rel.substring(0, slash + 1);
            if (folder != null && (!m.complete() || !m.files().contains(folder))) {
                return; // not through a folder Lossless wrote
            }
            ResultMarker now = result ? m.withNested(Set.of(rel)) : m.with(ResultTree.listPath(dir, rel));
            if (!now.equals(m)) {
                now.write(dir);
            }
            return;
        }
    }

    /**
     * A result directory from before markers, with a marker made from its layout (top-level names, as a marker before
     * format 2): a run (summary.json naming engine and version) or a sweep (sweep.json of kind {@code lossless-sweep})
     * with nothing unknown beside it; null for anything else.
     */
    static ResultMarker legacyMarker(Path dir) {
        Set<String> names = entries(dir, dir);
        names.removeIf(TempNames::isWork);
        if (legacy(dir, RUN, names)) {
            return new ResultMarker(RUN, LEGACY, names, Set.of(), false);
        }
        if (legacy(dir, SWEEP, names)) {
            return new ResultMarker(SWEEP, LEGACY, names, Set.of(SWEEP_RUNS), false);
        }
        return null;
    }

    /** Whether {@code name} is Lossless's work in progress or its leftover inside a result (never a user's name). */
    public static boolean isLosslessTemporary(String name) {
        return TempNames.isWork(name);
    }

    /**
     * The private folder in which this process builds the result directory {@code name} before renaming it into
     * place next to it ({@code .NAME.run-HOST-PID}: a sweep's run); inside a result it counts as work in progress.
     */
    public static String workFolder(String name) {
        return TempNames.runFolder(name);
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
