package org.lossless.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.core.units.Units;

import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scenario {@code lossless import hpcc} writes: built as a tree, rendered as YAML with comments, and
 * checked by loading it. Settings from an HPCC config (dotted scenario key paths) that this version's
 * scenario does not accept are left out, kept as comments, and reported as warnings, so the file always
 * loads.
 */
final class ImportedScenario {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final YAMLMapper MAPPER = YAMLMapper.builder(YAMLFactory.builder()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                    .build())
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    private final String name;
    private final List<String> header = new ArrayList<>();
    private final List<String> footer = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final Map<String, String> settings = new LinkedHashMap<>();
    private Long stopTimePs;
    private String topologyPath;
    private ObjectNode workload;
    private List<Integer> pfcPriorities;
    private final java.util.Set<String> droppedKeys = new java.util.HashSet<>();

    ImportedScenario(String name) {
        this.name = name;
    }

    /** A comment line at the top. */
    void comment(String line) {
        header.add(line);
    }

    /** A comment line at the end. */
    void trailingComment(String line) {
        footer.add(line);
    }

    void stopTime(long ps) {
        stopTimePs = ps;
    }

    void hpccTopology(String path) {
        topologyPath = path;
    }

    void hpccFlows(String path, long timeOriginPs) {
        workload = F.objectNode().put("type", "hpcc-flows").put("path", path)
                .put("time_origin", Units.formatTime(timeOriginPs));
    }

    /** One flow from host 0 to host 1, to be replaced by the user. */
    void exampleFlow() {
        workload = F.objectNode().put("type", "flows");
        workload.putArray("flows").addObject().put("src", 0).put("dst", 1).put("size", "1MB");
    }

    void pfcPriorities(Collection<Integer> priorities) {
        pfcPriorities = List.copyOf(priorities);
    }

    /** Scenario key paths ({@code nic.dcqcn.alpha_gain}) to values, e.g. from an HPCC config. */
    void settings(Map<String, String> keyPaths) {
        settings.putAll(keyPaths);
    }

    /** How many of {@code keys} {@link #render} kept. */
    int kept(Collection<String> keys) {
        int n = 0;
        for (String k : keys) {
            if (settings.containsKey(k) && !droppedKeys.contains(k)) {
                n++;
            }
        }
        return n;
    }

    /** Settings left out by {@link #render}, as messages naming the key and why. */
    List<String> warnings() {
        return warnings;
    }

    /**
     * The YAML text, loaded once (or more) to check it: every setting the loader rejects is removed,
     * listed in a trailing comment and in {@link #warnings()}, and the text checked again.
     *
     * @param display the scenario file's name in messages
     * @param dir     its folder (relative paths resolve against it)
     * @throws IllegalStateException if the scenario does not load for a reason no setting explains (a bug)
     */
    String render(String display, Path dir) {
        Map<String, String> kept = new LinkedHashMap<>(settings);
        List<String> dropped = new ArrayList<>();
        while (true) {
            String yaml = text(kept, dropped);
            try {
                ScenarioLoader.parse(display, yaml, dir, List.of());
                return yaml;
            } catch (ScenarioException e) {
                List<String> culprits = culprits(kept, e.path());
                if (culprits.isEmpty() && e.path() != null && (e.path().startsWith("workloads")
                        || e.path().startsWith("topology"))) {
                    // the files the scenario reads (the user's topology and flows), not a setting of ours
                    throw new UserError(e.getMessage());
                }
                if (culprits.isEmpty()) {
                    throw new IllegalStateException("the imported scenario does not load: " + e.getMessage(), e);
                }
                List<String> settingsText = new ArrayList<>();
                for (String key : culprits) {
                    String value = kept.remove(key);
                    dropped.add(key + ": " + value);
                    droppedKeys.add(key);
                    settingsText.add(key + " = " + value);
                }
                warnings.add("not imported (" + e.getMessage() + "): " + String.join(", ", settingsText));
            }
        }
    }

    /** The settings at, above or below the key path an error names. */
    private static List<String> culprits(Map<String, String> kept, String path) {
        List<String> out = new ArrayList<>();
        if (path == null || path.isEmpty()) {
            return out;
        }
        for (String key : kept.keySet()) {
            if (key.equals(path) || key.startsWith(path + ".") || path.startsWith(key + ".")) {
                out.add(key);
            }
        }
        return out;
    }

    private String text(Map<String, String> kept, List<String> dropped) {
        ObjectNode root = F.objectNode();
        root.put("name", name);
        if (stopTimePs != null) {
            root.put("stop_time", Units.formatTime(stopTimePs));
        }
        root.putObject("topology").put("type", "hpcc-file").put("path", topologyPath);
        ObjectNode sw = F.objectNode();
        ObjectNode nic = F.objectNode();
        if (pfcPriorities != null) {
            ArrayNode a = sw.putObject("pfc").putArray("priorities");
            pfcPriorities.forEach(a::add);
        }
        for (Map.Entry<String, String> e : kept.entrySet()) {
            put(root, sw, nic, e.getKey(), e.getValue());
        }
        if (!sw.isEmpty()) {
            root.set("switch", sw);
        }
        if (!nic.isEmpty()) {
            root.set("nic", nic);
        }
        root.putArray("workloads").add(workload);
        StringBuilder s = new StringBuilder();
        header.forEach(h -> s.append("# ").append(h).append('\n'));
        try {
            s.append(MAPPER.writeValueAsString(root));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        if (!dropped.isEmpty()) {
            s.append("# not accepted by this version's scenario file, so not imported:\n");
            dropped.forEach(d -> s.append("#   ").append(d).append('\n'));
        }
        footer.forEach(f -> s.append("# ").append(f).append('\n'));
        return s.toString();
    }

    /** Puts a dotted key path under {@code switch} or {@code nic} (other roots under the root). */
    private static void put(ObjectNode root, ObjectNode sw, ObjectNode nic, String keyPath, String value) {
        String[] parts = keyPath.split("\\.");
        ObjectNode node = parts[0].equals("switch") ? sw : parts[0].equals("nic") ? nic : root;
        int from = node == root ? 0 : 1;
        for (int i = from; i < parts.length - 1; i++) {
            node = node.has(parts[i]) && node.get(parts[i]).isObject() ? (ObjectNode) node.get(parts[i])
                    : node.putObject(parts[i]);
        }
        String key = parts[parts.length - 1];
        if (value.matches("\\[\\s*(-?\\d{1,18}\\s*(,\\s*-?\\d{1,18}\\s*)*)?]")) {
            ArrayNode a = node.putArray(key); // a list of integers, e.g. switch.scheduling.strict: [7]
            for (String item : value.substring(1, value.length() - 1).split(",")) {
                if (!item.isBlank()) {
                    a.add(Long.parseLong(item.strip()));
                }
            }
        } else if (value.matches("-?\\d{1,18}")) {
            node.put(key, Long.parseLong(value));
        } else if (value.matches("-?\\d*\\.\\d+")) {
            node.put(key, new BigDecimal(value)); // written plain: 0.00390625, never 3.90625E-3
        } else if (value.equals("true") || value.equals("false")) {
            node.put(key, Boolean.parseBoolean(value));
        } else {
            node.put(key, value);
        }
    }
}
