package org.lossless.experiments.sweep;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.experiments.scenario.Yaml;
import org.lossless.workloads.yaml.ScenarioException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A sweep file ({@code --points FILE}): named points for studies that are not a grid.
 * <pre>
 * points:
 *   - name: shallow                 # [A-Za-z0-9._=+-]+, unique
 *     set: {switch.ecn.kmin: 50KB, switch.ecn.kmax: 200KB}
 *   - name: deep
 *     set:
 *       switch.ecn.kmin: 400KB
 *       switch.ecn.kmax: 1600KB
 * </pre>
 * A value may be any YAML (a list or mapping is passed on as flow YAML, like {@code --set KEY=[3,4]}).
 */
public final class PointsFile {
    private static final YAMLMapper YAML = YAMLMapper.builder().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();

    private PointsFile() {
    }

    public static List<SweepPoint> read(Path file, String display) {
        return parse(display, ScenarioLoader.readText(file, display));
    }

    public static List<SweepPoint> parse(String display, String text) {
        JsonNode root = Yaml.parse(display, text); // the scenario's rules: one document, no tags, aliases or 010
        if (root == null || !root.isObject() || !root.has("points")) {
            throw new ScenarioException(display, null, "expected a mapping with 'points:', a list of {name, set}");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!f.equals("points")) {
                throw new ScenarioException(display, f, "unknown key (a sweep file holds 'points' only)");
            }
        }
        JsonNode list = root.get("points");
        if (!list.isArray() || list.isEmpty()) {
            throw new ScenarioException(display, "points", "expected a non-empty list of {name, set}");
        }
        List<SweepPoint> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            String at = "points[" + i + "]";
            JsonNode p = list.get(i);
            if (!p.isObject()) {
                throw new ScenarioException(display, at, "expected a mapping {name, set}");
            }
            for (Iterator<String> it = p.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!f.equals("name") && !f.equals("set")) {
                    throw new ScenarioException(display, at + "." + f, "unknown key (a point has 'name' and 'set')");
                }
            }
            JsonNode name = p.get("name");
            if (name == null || !name.isTextual() && !name.isNumber()) {
                throw new ScenarioException(display, at + ".name", "missing; every point needs a name");
            }
            if (!names.add(name.asText())) {
                throw new ScenarioException(display, at + ".name", "'" + name.asText() + "' is used twice");
            }
            JsonNode set = p.get("set");
            if (set == null || !set.isObject()) {
                throw new ScenarioException(display, at + ".set", "expected a mapping of scenario keys to values");
            }
            Map<String, String> values = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = set.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = e.getValue();
                values.put(e.getKey(), v.isValueNode() ? (v.isNull() ? "null" : v.asText()) : v.toString());
            }
            try {
                out.add(new SweepPoint(name.asText(), values));
            } catch (ScenarioException e) {
                throw new ScenarioException(display, at + ".name", e.getMessage());
            }
        }
        return out;
    }
}
