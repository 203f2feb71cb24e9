package org.lossless.plots.report;

import java.util.ArrayList;
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
 * One workload of scenario.resolved.yaml in brief: what it is ({@link #IDENTITY}: its type, hosts, size, flows...)
 * and every other key only when it differs from what Lossless fills in for a workload of that identity alone, with the
 * default in brackets. The default is found by resolving a scenario of the same topology and NIC with that minimal
 * workload; when that does not load (a type whose required keys are not in {@link #IDENTITY}), every key is shown.
 */
final class WorkloadBrief {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    /** The keys that say what a workload is: always shown, and kept in the minimal workload the defaults come from. */
    static final Set<String> IDENTITY = Set.of("type", "hosts", "size", "flows", "src", "dst", "sources", "targets",
            "initiators", "destination", "file", "cdf", "load", "pattern", "ranks", "senders", "receiver");

    private WorkloadBrief() {
    }

    /** "type: allreduce; hosts: [0-31]; size: 8MB; algorithm: ring (default auto); iterations: 2 (default 1)". */
    static String of(JsonNode root, JsonNode w) {
        JsonNode dflt = defaults(root, w);
        List<String> parts = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = w.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            if (k.equals("name")) {
                continue;
            }
            String v = ScenarioBrief.scalar(e.getValue());
            if (dflt == null || IDENTITY.contains(k)) {
                parts.add(k + ": " + v);
            } else if (!dflt.has(k)) {
                parts.add(k + ": " + v);
            } else if (!v.equals(ScenarioBrief.scalar(dflt.get(k)))) {
                parts.add(k + ": " + v + " (default " + ScenarioBrief.scalar(dflt.get(k)) + ")");
            }
        }
        return String.join("; ", parts);
    }

    /** The resolved form of {@code w}'s identity alone on the same topology and NIC; null when it does not load. */
    static JsonNode defaults(JsonNode root, JsonNode w) {
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
            JsonNode resolved = YAML.readTree(ResolvedYaml.write(ScenarioLoader.parse("defaults",
                    YAML.writeValueAsString(min), java.nio.file.Path.of("."), List.of())));
            return resolved.path("workloads").path(0);
        } catch (Exception e) {
            return null;
        }
    }
}
