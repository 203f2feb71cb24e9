package org.lossless.experiments.results;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * {@code defaults.yaml}: what Lossless would fill in by default for the run's scenario, so the report's scenario
 * section can show only the settings the user chose without loading a scenario itself (README, "Result files"):
 * <pre>
 * scenario: {the resolved form of the same topology, switch profile and congestion control alone}
 * workloads: [{the resolved form of each workload's identity ({@link #IDENTITY}) alone}, ...]
 * </pre>
 * An entry is null when that minimal scenario does not load (a workload type whose required keys are not in
 * {@link #IDENTITY}): the report then shows every key of it. Computed from the resolved scenario's text alone.
 */
public final class DefaultsFile {
    public static final String NAME = "defaults.yaml";
    /** The keys that say what a workload is: always shown, and kept in the minimal workload its defaults come from. */
    public static final Set<String> IDENTITY = Set.of("type", "hosts", "size", "flows", "src", "dst", "sources",
            "targets", "initiators", "destination", "file", "cdf", "load", "pattern", "ranks", "senders", "receiver");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private DefaultsFile() {
    }

    /** The file's text for the resolved scenario {@code resolvedYaml} (what scenario.resolved.yaml holds). */
    public static String yaml(String resolvedYaml) {
        try {
            JsonNode root = YAML.readTree(resolvedYaml);
            ObjectNode out = YAML.createObjectNode();
            out.set("scenario", scenario(root));
            var list = out.putArray("workloads");
            for (JsonNode w : root.path("workloads")) {
                list.add(workload(root, w));
            }
            return YAML.writeValueAsString(out);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(NAME + ": " + e.getMessage(), e);
        }
    }

    /**
     * What Lossless fills in for a scenario with this topology, switch profile and congestion control (and its
     * profile) and nothing else set, as the resolved YAML tree; null when it cannot be found.
     */
    public static JsonNode scenario(JsonNode root) {
        try {
            ObjectNode min = YAML.createObjectNode();
            min.put("name", "defaults");
            min.set("topology", root.path("topology"));
            if (root.path("switch").has("profile")) {
                min.putObject("switch").set("profile", root.path("switch").path("profile"));
            }
            JsonNode nic = root.path("nic");
            if (nic.has("cc")) {
                ObjectNode n = min.putObject("nic");
                String cc = nic.path("cc").asText();
                n.put("cc", cc);
                if (nic.path(cc).has("profile")) {
                    n.putObject(cc).set("profile", nic.path(cc).path("profile"));
                }
            }
            min.putArray("workloads").addObject().put("type", "flows").putArray("flows").addObject()
                    .put("src", 0).put("dst", 1).put("size", 1000);
            return resolve(min);
        } catch (Exception e) {
            return null;
        }
    }

    /** The resolved form of {@code w}'s identity alone on the same topology and NIC; null when it does not load. */
    public static JsonNode workload(JsonNode root, JsonNode w) {
        try {
            ObjectNode min = YAML.createObjectNode();
            min.put("name", "defaults");
            min.set("topology", root.path("topology"));
            if (root.has("nic")) {
                min.set("nic", root.path("nic"));
            }
            ObjectNode one = min.putArray("workloads").addObject();
            one.put("name", w.path("name").asText("w"));
            for (Iterator<Map.Entry<String, JsonNode>> it = w.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (IDENTITY.contains(e.getKey())) {
                    one.set(e.getKey(), e.getValue());
                }
            }
            return resolve(min).path("workloads").path(0);
        } catch (Exception e) {
            return null;
        }
    }

    private static JsonNode resolve(ObjectNode min) throws java.io.IOException {
        return YAML.readTree(ResolvedYaml.write(ScenarioLoader.parse("defaults", YAML.writeValueAsString(min),
                java.nio.file.Path.of("."), List.of())));
    }
}
