package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --set KEY=VALUE}: writes VALUE at a dotted key path with list indexes
 * ({@code switch.ecn.kmin=100KB}, {@code workloads[0].flows[1].size=4MB}) into the scenario tree before
 * validation. Missing mappings on the way are created; a list index may address an entry or the position
 * just past the end (to add one). VALUE is read as YAML ({@code 3}, {@code true}, {@code [3, 4]},
 * {@code {rate: 100Gbps}}); text that is not valid YAML is taken as a string.
 */
public final class Overrides {
    private Overrides() {
    }

    /** One parsed step of a key path: a mapping key or a list index. */
    private record Step(String key, int index) {
        boolean isIndex() {
            return key == null;
        }
    }

    /**
     * Applies every override in order.
     *
     * @return canonical key path -> the option as typed, for error messages
     */
    public static Map<String, String> apply(ObjectNode root, List<String> sets) {
        Map<String, String> applied = new LinkedHashMap<>();
        for (String set : sets) {
            applied.put(apply(root, set), set);
        }
        return applied;
    }

    /** Applies one {@code KEY=VALUE}; returns the canonical key path. */
    static String apply(ObjectNode root, String set) {
        int eq = set.indexOf('=');
        if (eq < 0) {
            throw bad(set, "expected KEY=VALUE, e.g. switch.ecn.kmin=100KB");
        }
        String key = set.substring(0, eq).strip();
        String raw = set.substring(eq + 1).strip();
        List<Step> steps = parseKey(set, key);
        JsonNode value = value(set, raw);
        JsonNode node = root;
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            boolean last = i == steps.size() - 1;
            String parent = path.length() == 0 ? "the scenario" : "'" + path + "'";
            if (s.isIndex()) {
                if (!(node instanceof ArrayNode list)) {
                    throw bad(set, parent + " is " + Cursor.describe(node) + ", not a list");
                }
                path.append('[').append(s.index()).append(']');
                if (s.index() > list.size()) {
                    throw bad(set, "index " + s.index() + " is out of range: " + parent + " has " + list.size()
                            + (list.size() == 1 ? " entry" : " entries") + " (use index " + list.size() + " to add one)");
                }
                if (s.index() == list.size()) {
                    list.add(last ? value : container(steps.get(i + 1)));
                } else if (last) {
                    list.set(s.index(), value);
                } else if (!(list.get(s.index()) instanceof ContainerNode<?>)) {
                    list.set(s.index(), container(steps.get(i + 1)));
                }
                node = list.get(s.index());
            } else {
                if (!(node instanceof ObjectNode map)) {
                    throw bad(set, parent + " is " + Cursor.describe(node) + ", not a mapping");
                }
                path.append(path.length() == 0 ? "" : ".").append(s.key());
                JsonNode child = map.get(s.key());
                if (last) {
                    map.set(s.key(), value);
                } else if (child == null || child.isNull()) {
                    map.set(s.key(), container(steps.get(i + 1)));
                }
                node = map.get(s.key());
            }
        }
        return path.toString();
    }

    private static JsonNode container(Step next) {
        return next.isIndex() ? JsonNodeFactory.instance.arrayNode() : JsonNodeFactory.instance.objectNode();
    }

    private static JsonNode value(String set, String raw) {
        if (raw.isEmpty()) {
            throw bad(set, "the value is empty (write null to remove a key and get its default)");
        }
        JsonNode v;
        try {
            v = Yaml.value(raw);
        } catch (ScenarioException e) {
            throw bad(set, e.getMessage());
        }
        return v == null ? TextNode.valueOf(raw) : v;
    }

    private static List<Step> parseKey(String set, String key) {
        if (key.isEmpty()) {
            throw bad(set, "the key is empty; expected KEY=VALUE, e.g. switch.ecn.kmin=100KB");
        }
        List<Step> steps = new ArrayList<>();
        int i = 0;
        int n = key.length();
        while (i < n) {
            int start = i;
            while (i < n && (Character.isLetterOrDigit(key.charAt(i)) || key.charAt(i) == '_' || key.charAt(i) == '-')) {
                i++;
            }
            if (i == start) {
                throw bad(set, "malformed key '" + key + "' at position " + (i + 1)
                        + ": expected a name, e.g. switch.ecn.kmin or workloads[0].flows[1].size");
            }
            steps.add(new Step(key.substring(start, i), -1));
            while (i < n && key.charAt(i) == '[') {
                int close = key.indexOf(']', i);
                String digits = close < 0 ? "" : key.substring(i + 1, close);
                if (!digits.matches("\\d{1,9}")) {
                    throw bad(set, "malformed key '" + key + "': a list index must be a number in brackets, e.g. workloads[0]");
                }
                steps.add(new Step(null, Integer.parseInt(digits)));
                i = close + 1;
            }
            if (i < n) {
                if (key.charAt(i) != '.' || i == n - 1) {
                    throw bad(set, "malformed key '" + key + "' at position " + (i + 1)
                            + ": expected '.', '[' or the end, e.g. switch.ecn.kmin or workloads[0].flows[1].size");
                }
                i++;
            }
        }
        return steps;
    }

    private static ScenarioException bad(String set, String detail) {
        return new ScenarioException("--set " + set + ": " + detail);
    }
}
