package org.lossless.verbs.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.lossless.experiments.results.AtomicDirectory;

/**
 * The output rule for plan directories, run bundles and reports: a directory is written only when it is
 * missing, empty, or a previous Lossless directory of the same kind that holds nothing else than what
 * Lossless wrote (its marker {@value #MARKER} lists the entries); it is written into a hidden sibling and
 * renamed into place. A single file is written when missing, or replaced with {@code force}. Anything else
 * is an {@link OutputRefusedException} before anything is touched.
 *
 * <p>All writes of this module go through the two methods here, so the project-wide rule can replace this
 * implementation without touching the callers.
 */
public final class VerbsOutput {
    /** The marker file of a directory Lossless wrote: JSON {@code {"kind": ..., "entries": [...]}}. */
    public static final String MARKER = ".lossless-result";
    private static final ObjectMapper JSON = new ObjectMapper();

    private VerbsOutput() {
    }

    /** Refuses {@code target} unless it may be (re)written as a directory of {@code kind}. */
    public static void checkDirectory(Path target, String kind) {
        Path abs = target.toAbsolutePath().normalize();
        if (!Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (Files.isSymbolicLink(abs) || !Files.isDirectory(abs)) {
            throw new OutputRefusedException(target + " exists and is not a directory; choose another output or remove it");
        }
        Set<String> names = entries(abs);
        if (names.isEmpty()) {
            return;
        }
        Marker m = Marker.read(abs);
        if (m == null) {
            throw new OutputRefusedException(target + " exists and is not a directory Lossless wrote; choose another output"
                    + " or remove it");
        }
        if (!m.kind.equals(kind)) {
            throw new OutputRefusedException(target + " is a Lossless " + m.kind + " directory, not a " + kind
                    + "; choose another output or remove it");
        }
        names.remove(MARKER);
        names.removeAll(m.entries);
        if (!names.isEmpty()) {
            throw new OutputRefusedException(target + " holds files Lossless did not write (" + String.join(", ",
                    names.stream().limit(5).toList()) + "); choose another output or move them away");
        }
    }

    /**
     * Checks {@code target} and writes it atomically: {@code writer} fills a temporary sibling, the marker is
     * added, the sibling replaces the target.
     */
    public static void writeDirectory(Path target, String kind, AtomicDirectory.Writer writer) throws IOException {
        checkDirectory(target, kind);
        AtomicDirectory.write(target, dir -> {
            writer.write(dir);
            Set<String> made = entries(dir);
            made.remove(MARKER);
            new Marker(kind, new ArrayList<>(made)).write(dir);
        });
        Path parent = target.toAbsolutePath().normalize().getParent();
        Marker m = parent == null ? null : Marker.read(parent);
        String name = target.toAbsolutePath().normalize().getFileName().toString();
        if (m != null && !m.entries.contains(name)) {
            m.entries.add(name); // e.g. a comparison inside a bundle: the bundle stays Lossless's to replace
            m.write(parent);
        }
    }

    /**
     * Writes one file: a missing target, or an existing one with {@code force}; through a temporary sibling.
     * Inside a directory Lossless wrote, the file is added to its marker so the directory stays replaceable.
     */
    public static void writeFile(Path file, String text, boolean force) throws IOException {
        Path abs = file.toAbsolutePath().normalize();
        if (Files.isDirectory(abs)) {
            throw new OutputRefusedException(file + " is a directory, expected a file");
        }
        if (Files.exists(abs, LinkOption.NOFOLLOW_LINKS) && !force) {
            throw new OutputRefusedException(file + " exists; give --force to replace it");
        }
        Path parent = abs.getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempFile(parent, "." + abs.getFileName() + ".", ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
        Marker m = Marker.read(parent);
        if (m != null && !m.entries.contains(abs.getFileName().toString())) {
            m.entries.add(abs.getFileName().toString());
            m.write(parent);
        }
    }

    /** The kind of the Lossless directory {@code dir}, or null when it is none. */
    public static String kindOf(Path dir) {
        Marker m = Marker.read(dir);
        return m == null ? null : m.kind;
    }

    private static Set<String> entries(Path dir) {
        Set<String> names = new TreeSet<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                names.add(p.getFileName().toString());
            }
        } catch (IOException e) {
            throw new OutputRefusedException(dir + " cannot be listed: " + e.getMessage());
        }
        return names;
    }

    private record Marker(String kind, List<String> entries) {
        static Marker read(Path dir) {
            Path f = dir.resolve(MARKER);
            if (!Files.isRegularFile(f)) {
                return null;
            }
            try {
                JsonNode n = JSON.readTree(Files.readString(f, StandardCharsets.UTF_8));
                List<String> e = new ArrayList<>();
                n.path("entries").forEach(x -> e.add(x.asText()));
                return n.hasNonNull("kind") ? new Marker(n.get("kind").asText(), e) : null;
            } catch (IOException e) {
                return null;
            }
        }

        void write(Path dir) throws IOException {
            var node = JSON.createObjectNode();
            node.put("kind", kind);
            var list = node.putArray("entries");
            entries.stream().sorted().forEach(list::add);
            Files.writeString(dir.resolve(MARKER), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node) + "\n",
                    StandardCharsets.UTF_8);
        }
    }
}
