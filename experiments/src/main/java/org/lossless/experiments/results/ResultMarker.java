package org.lossless.experiments.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

/**
 * The file {@value #FILE} that Lossless writes into every directory it creates: which kind of result it is
 * ({@code run}, {@code sweep}, {@code fluid}, {@code export-hpcc}, ...), the version that wrote it, and every file
 * and folder Lossless put there, at every depth. {@link OutputRule} replaces a directory only when its marker has
 * the same kind and everything in the tree is listed ({@link ResultTree}), so a file the user added anywhere in
 * it is never lost.
 *
 * <p>Format (JSON, stable; format 2):
 * <pre>
 * {"kind": "run", "version": "0.1.0", "format": 2,
 *  "entries": ["flows.csv", "timeseries"],                      top-level names (what Lossless before format 2 reads)
 *  "files": ["flows.csv", "timeseries/", "timeseries/queues.csv"], every path, '/'-separated; folders end in '/'
 *  "nested": ["points/*&#47;*"],                                 folders holding a result of their own (own marker)
 *  "unlisted": ["timeseries/"]}                                 folders an earlier Lossless wrote without a list
 * </pre>
 * A {@code nested} pattern is a relative path whose segments are names or {@code *} (any one name); a folder it
 * matches is judged by its own marker (a sweep's runs {@code points/POINT/SEED}, a comparison inside a replay
 * bundle). A marker written before format 2 lists top-level names only ({@link #complete()} false): what is
 * inside its folders cannot be told from a user's files ({@link ResultTree} refuses to replace them). When Lossless
 * adds to such a result, its marker becomes format 2 with those folders, if not empty, as {@code unlisted}: still
 * not replaceable, while what is added (a report's {@code charts/}) is listed in full.
 *
 * @param kind     the result kind, {@code [a-z0-9-]+}
 * @param version  the Lossless version that wrote it
 * @param files    relative paths Lossless wrote (folders end in '/'; the marker itself is not listed); for a marker
 *                 before format 2, its top-level names
 * @param nested   patterns of nested result folders
 * @param unlisted folders (ending in '/') whose content an earlier Lossless did not list
 * @param complete whether {@code files} lists every path at every depth (format 2)
 */
public record ResultMarker(String kind, String version, Set<String> files, Set<String> nested, Set<String> unlisted,
                           boolean complete) {
    /** The marker's file name (hidden, so listings and globs like {@code *.csv} do not show it). */
    public static final String FILE = ".lossless-result";
    /** The format this version writes. */
    static final int FORMAT = 2;
    /**
     * Largest marker read: a run's marker is a few hundred bytes, a sweep's lists its point folders (a 100,000-point
     * sweep some 5 MB); a larger file there is not ours.
     */
    static final long MAX_BYTES = 64L << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    public ResultMarker {
        if (kind == null || !kind.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("result kind must match [a-z0-9-]+, got " + kind);
        }
        files = Set.copyOf(new TreeSet<>(files));
        nested = Set.copyOf(new TreeSet<>(nested));
        unlisted = Set.copyOf(new TreeSet<>(unlisted));
    }

    /** A marker without unlisted folders. */
    public ResultMarker(String kind, String version, Set<String> files, Set<String> nested, boolean complete) {
        this(kind, version, files, nested, Set.of(), complete);
    }

    /** A complete (format 2) marker listing {@code files}, without nested results. */
    public ResultMarker(String kind, String version, Set<String> files) {
        this(kind, version, files, Set.of(), true);
    }

    /** The top-level names of what this marker lists (files, folders and nested results). */
    public Set<String> entries() {
        Set<String> top = new TreeSet<>();
        for (String f : files) {
            top.add(first(f));
        }
        for (String n : nested) {
            top.add(first(n));
        }
        for (String u : unlisted) {
            top.add(first(u));
        }
        return top;
    }

    private static String first(String path) {
        int slash = path.indexOf('/');
        return slash < 0 ? path : path.substring(0, slash);
    }

    /** Whether {@code rel} (a folder, no trailing '/') is the place of a nested result. */
    boolean isNested(String rel) {
        String[] parts = rel.split("/");
        for (String n : nested) {
            String[] p = n.split("/");
            if (p.length != parts.length) {
                continue;
            }
            boolean match = true;
            for (int i = 0; i < p.length && match; i++) {
                match = p[i].equals("*") || p[i].equals(parts[i]);
            }
            if (match) {
                return true;
            }
        }
        return false;
    }

    /** The marker of {@code dir}, or null when it has none or an unreadable one (then it is not ours). */
    public static ResultMarker read(Path dir) {
        Path f = dir.resolve(FILE);
        try {
            if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) || Files.size(f) > MAX_BYTES) {
                return null;
            }
            JsonNode n;
            try (InputStream in = Files.newInputStream(f)) {
                n = JSON.readTree(in);
            }
            if (n == null || !n.path("kind").isTextual() || !n.path("entries").isArray()) {
                return null;
            }
            String kind = n.get("kind").asText();
            String version = n.path("version").asText("unknown");
            if (n.path("format").asInt(1) >= FORMAT && n.path("files").isArray()) {
                return new ResultMarker(kind, version, paths(n.get("files")), paths(n.path("nested")),
                        paths(n.path("unlisted")), true);
            }
            // before format 2: top-level names only; a sweep's runs were then, as now, in points/POINT/SEED
            return new ResultMarker(kind, version, paths(n.get("entries")), kind.equals(OutputRule.SWEEP)
                    ? Set.of(OutputRule.SWEEP_RUNS) : Set.of(), false);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The valid relative paths of a JSON array (others are ignored: listing less is the safe side). */
    private static Set<String> paths(JsonNode array) {
        Set<String> out = new TreeSet<>();
        for (JsonNode e : array) {
            String p = e.asText("");
            if (validPath(p)) {
                out.add(p);
            }
        }
        return out;
    }

    /** A relative path of names: no empty, '.' or '..' segment, no leading '/', no NUL. */
    static boolean validPath(String p) {
        if (p.isEmpty() || p.startsWith("/") || p.indexOf('\0') >= 0 || p.indexOf('\\') >= 0) {
            return false;
        }
        String body = p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
        for (String s : body.split("/", -1)) {
            if (s.isEmpty() || s.equals(".") || s.equals("..")) {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes this marker into {@code dir}: format 2 when complete; a marker from before format 2 keeps its form (its
     * top-level names) with the top-level names of what was added ({@link OutputRule#adopt} completes it instead).
     */
    public void write(Path dir) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("kind", kind);
        root.put("version", version);
        if (complete) {
            root.put("format", FORMAT);
        }
        ArrayNode list = root.putArray("entries");
        entries().forEach(list::add);
        if (!complete) {
            write(dir, root); // a marker from before format 2 that cannot be completed keeps its form
            return;
        }
        ArrayNode all = root.putArray("files");
        new TreeSet<>(files).forEach(all::add);
        if (!nested.isEmpty()) {
            ArrayNode ns = root.putArray("nested");
            new TreeSet<>(nested).forEach(ns::add);
        }
        if (!unlisted.isEmpty()) {
            ArrayNode us = root.putArray("unlisted");
            new TreeSet<>(unlisted).forEach(us::add);
        }
        write(dir, root);
    }

    /**
     * Through a temporary sibling renamed into place: a process reading the marker meanwhile (a Slurm task on
     * another node) sees the old or the new one, never half of one.
     */
    private static void write(Path dir, ObjectNode root) throws IOException {
        String text;
        try {
            text = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IOException(e);
        }
        Path tmp = TempNames.createFile(dir, TempNames.tmpPrefix(FILE));
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, dir.resolve(FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The same marker listing more paths. */
    public ResultMarker with(Collection<String> more) {
        Set<String> all = new TreeSet<>(files);
        all.addAll(more);
        return new ResultMarker(kind, version, all, nested, unlisted, complete);
    }

    /** The same marker with more nested-result patterns. */
    public ResultMarker withNested(Collection<String> more) {
        Set<String> all = new TreeSet<>(nested);
        all.addAll(more);
        return new ResultMarker(kind, version, files, all, unlisted, complete);
    }
}
