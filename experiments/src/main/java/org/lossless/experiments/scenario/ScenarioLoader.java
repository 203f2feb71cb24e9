package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Source;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.workloads.yaml.ScenarioFiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.lossless.core.text.UserFiles;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Loads a scenario: YAML text -> tree -> {@code --set} overrides -> validation -> {@link Scenario}.
 * Every problem is a {@link ScenarioException} whose message names the file and the key path (or the
 * line, for YAML syntax errors, or the option, for overrides).
 */
public final class ScenarioLoader {
    /** Largest scenario file read: 64 MiB (about a million inline flows); the same cap as the files its keys name. */
    public static final long MAX_FILE_BYTES = ScenarioFiles.MAX_BYTES;

    private ScenarioLoader() {
    }

    /** Loads a scenario file without overrides. */
    public static Scenario load(Path file) {
        return load(file, List.of());
    }

    /**
     * Loads a scenario file and applies {@code --set} overrides ({@code KEY=VALUE}) in order.
     * Relative paths in the file resolve against its folder.
     */
    public static Scenario load(Path file, List<String> sets) {
        return load(file, file.toString(), sets);
    }

    /** As {@link #load(Path, List)}, naming the file {@code display} in messages (e.g. the path as typed). */
    public static Scenario load(Path file, String display, List<String> sets) {
        String text = readText(file, display);
        Path dir = file.toAbsolutePath().normalize().getParent();
        return parse(display, text, dir, sets);
    }

    /** The text of a scenario file; a missing, unreadable or non-UTF-8 file is a {@link ScenarioException}. */
    public static String readText(Path file, String display) {
        if (Files.isDirectory(file)) {
            throw new ScenarioException(display, null, "is a directory, not a scenario file");
        }
        try {
            return UserFiles.readText(file, display, MAX_FILE_BYTES);
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            if (m.contains("is larger than")) {
                m += " (put long flow lists in an hpcc-flows file or use a generated workload)";
            }
            throw new ScenarioException(m);
        }
    }

    /**
     * Parses scenario text (e.g. a built-in resource).
     *
     * @param displayName the name used in messages
     * @param baseDir     folder that relative paths resolve against
     */
    public static Scenario parse(String displayName, String yaml, Path baseDir, List<String> sets) {
        JsonNode root = Yaml.parse(displayName, yaml);
        Map<String, String> applied = Map.of();
        if (!sets.isEmpty()) {
            if (root == null) {
                root = JsonNodeFactory.instance.objectNode();
            }
            if (root instanceof ObjectNode obj) {
                applied = Overrides.apply(obj, sets);
            }
        }
        Source src = new Source(displayName, baseDir.toAbsolutePath().normalize(), applied);
        return ScenarioReader.read(src, root);
    }
}
