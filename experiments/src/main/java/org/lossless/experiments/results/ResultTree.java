package org.lossless.experiments.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares a result directory's tree with its {@link ResultMarker}: what is there that Lossless did not write.
 * Nothing is followed through a symbolic link (a link is an entry like a file, and Lossless writes none).
 *
 * <ul>
 * <li>A path the marker lists is Lossless's; a folder it lists is walked further.</li>
 * <li>A folder matching a nested pattern of the marker that holds a marker of its own (a sweep's run) is judged by
 * that marker; a run from before markers (recognised as {@link OutputRule} does) by its legacy layout.</li>
 * <li>Lossless's own temporaries ({@link TempNames#isWork}) are work in progress or leftovers, not the user's.</li>
 * <li>Anything else is <em>foreign</em>: the user's.</li>
 * <li>Behind a marker written before format 2 (top-level names only), a listed folder that holds anything is
 * <em>unverified</em>: its content cannot be told from a user's files; so is a folder a format-2 marker keeps as
 * {@code unlisted} (such a marker's upgrade). Folders on the way to the nested results
 * of such a marker (a sweep's {@code points/POINT/}) are the layout Lossless wrote.</li>
 * </ul>
 */
final class ResultTree {
    /** Findings collected at most (messages show a few; the walk stops early in a large foreign tree). */
    static final int MAX_FINDINGS = 20;

    /**
     * What a walk found, as paths relative to the walked directory (folders end in '/').
     *
     * @param foreign    paths Lossless did not write
     * @param unverified folders listed by a marker before format 2 that hold something
     * @param oldVersion the version that wrote the first marker before format 2 with such a folder, or null
     */
    record Findings(List<String> foreign, List<String> unverified, String oldVersion) {
        boolean clean() {
            return foreign.isEmpty() && unverified.isEmpty();
        }

        private boolean full() {
            return foreign.size() + unverified.size() >= MAX_FINDINGS;
        }
    }

    private ResultTree() {
    }

    /** Walks all of {@code dir} against {@code m}. */
    static Findings walk(Path dir, ResultMarker m) {
        Findings f = new Findings(new ArrayList<>(), new ArrayList<>(), null);
        return visit(dir, "", m, "", null, f);
    }

    /** Walks only the top-level entry {@code name} of {@code dir} (which exists) against {@code m}. */
    static Findings walk(Path dir, ResultMarker m, String name) {
        Findings f = new Findings(new ArrayList<>(), new ArrayList<>(), null);
        return visit(dir, "", m, "", name, f);
    }

    private static Findings visit(Path dir, String rel, ResultMarker m, String shown, String only, Findings f) {
        for (Path child : sorted(dir)) {
            if (f.full()) {
                return f;
            }
            String name = child.getFileName().toString();
            if (only != null && !name.equals(only)) {
                continue;
            }
            String r = rel + name;
            if (rel.isEmpty() && name.equals(ResultMarker.FILE) || TempNames.isWork(name)) {
                continue;
            }
            BasicFileAttributes a = attributes(child);
            if (!a.isDirectory()) {
                boolean listed = m.complete() ? m.files().contains(r) : rel.isEmpty() && m.files().contains(name);
                if (!listed) {
                    f.foreign().add(shown + r);
                }
                continue;
            }
            if (m.isNested(r)) {
                ResultMarker own = ResultMarker.read(child);
                if (own == null) {
                    own = OutputRule.legacyMarker(child);
                }
                if (own != null) {
                    f = visit(child, "", own, shown + r + "/", null, f);
                    continue;
                }
            }
            if (m.complete()) {
                if (m.unlisted().contains(r + "/")) {
                    if (!sorted(child).isEmpty()) {
                        f.unverified().add(shown + r + "/");
                    }
                } else if (m.files().contains(r + "/")) {
                    f = visit(child, r + "/", m, shown, null, f);
                } else {
                    f.foreign().add(shown + r + "/");
                }
            } else if (isContainer(m, r)) {
                f = visit(child, r + "/", m, shown, null, f);
            } else if (rel.isEmpty() && m.files().contains(name)) {
                if (!sorted(child).isEmpty()) {
                    f.unverified().add(shown + r + "/");
                    if (f.oldVersion() == null) {
                        f = new Findings(f.foreign(), f.unverified(), m.version());
                    }
                }
            } else {
                f.foreign().add(shown + r + "/");
            }
        }
        return f;
    }

    /** For a marker before format 2: {@code rel} is a folder on the way to its nested results ({@code points/P}). */
    private static boolean isContainer(ResultMarker m, String rel) {
        String[] parts = rel.split("/");
        for (String n : m.nested()) {
            String[] p = n.split("/");
            if (p.length <= parts.length) {
                continue;
            }
            boolean match = true;
            for (int i = 0; i < parts.length && match; i++) {
                match = p[i].equals("*") || p[i].equals(parts[i]);
            }
            if (match) {
                return true;
            }
        }
        return false;
    }

    /**
     * Every path below {@code dir} (folders end in '/'), for a marker: the marker file at the top and Lossless's
     * temporaries are left out.
     */
    static Set<String> list(Path dir) {
        Set<String> out = new TreeSet<>();
        list(dir, "", out);
        return out;
    }

    /** {@code rel} (a path below {@code dir}), its parent folders and, for a folder, everything in it. */
    static Set<String> listPath(Path dir, String rel) {
        Set<String> out = new TreeSet<>();
        String[] parts = rel.split("/");
        StringBuilder prefix = new StringBuilder();
        for (int i = 0; i < parts.length - 1; i++) {
            prefix.append(parts[i]).append('/');
            out.add(prefix.toString());
        }
        Path p = dir.resolve(rel);
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            out.add(rel + "/");
            list(p, rel + "/", out);
        } else {
            out.add(rel);
        }
        return out;
    }

    private static void list(Path dir, String rel, Set<String> out) {
        for (Path child : sorted(dir)) {
            String name = child.getFileName().toString();
            if (rel.isEmpty() && name.equals(ResultMarker.FILE) || TempNames.isWork(name)) {
                continue;
            }
            if (attributes(child).isDirectory()) {
                out.add(rel + name + "/");
                list(child, rel + name + "/", out);
            } else {
                out.add(rel + name);
            }
        }
    }

    private static List<Path> sorted(Path dir) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            ds.forEach(out::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.sort(null);
        return out;
    }

    private static BasicFileAttributes attributes(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
