package org.lossless.experiments.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The file {@value #FILE} that Lossless writes into every directory it creates: which kind of result it is
 * ({@code run}, {@code sweep}, {@code fluid}, {@code export-hpcc}, ...), the version that wrote it, and the
 * top-level entries (files and folders) Lossless put there. {@link OutputRule} replaces a directory only when
 * its marker has the same kind and every top-level entry is listed, so a file the user added is never lost.
 *
 * <p>Format (JSON, stable): {@code {"kind": "run", "version": "0.1.0", "entries": ["flows.csv", ...]}}.
 *
 * @param kind    the result kind, {@code [a-z0-9-]+}
 * @param version the Lossless version that wrote it
 * @param entries top-level names Lossless wrote (sorted; the marker itself is not listed)
 */
public record ResultMarker(String kind, String version, Set<String> entries) {
    /** The marker's file name (hidden, so listings and globs like {@code *.csv} do not show it). */
    public static final String FILE = ".lossless-result";
    /** Largest marker read (a marker is a few hundred bytes; a huge file there is not ours). */
    static final long MAX_BYTES = 1 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    public ResultMarker {
        if (kind == null || !kind.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("result kind must match [a-z0-9-]+, got " + kind);
        }
        entries = Set.copyOf(new TreeSet<>(entries));
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
            List<String> names = new ArrayList<>();
            for (JsonNode e : n.get("entries")) {
                names.add(e.asText());
            }
            return new ResultMarker(n.get("kind").asText(), n.path("version").asText("unknown"), new TreeSet<>(names));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Writes this marker into {@code dir}. */
    public void write(Path dir) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("kind", kind);
        root.put("version", version);
        ArrayNode list = root.putArray("entries");
        new TreeSet<>(entries).forEach(list::add);
        try {
            Files.writeString(dir.resolve(FILE), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n",
                    StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IOException(e);
        }
    }

    /** The same marker with more entries. */
    public ResultMarker with(Set<String> more) {
        Set<String> all = new TreeSet<>(entries);
        all.addAll(more);
        return new ResultMarker(kind, version, all);
    }
}
