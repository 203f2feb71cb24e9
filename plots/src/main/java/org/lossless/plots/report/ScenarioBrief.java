package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.lossless.plots.data.ResultSet;

/**
 * The scenario in brief, from scenario.resolved.yaml read as plain YAML (so it works even when the scenario
 * no longer loads): topology, buffer and PFC, ECN, NIC and congestion control, workloads, telemetry, each a
 * small key / value table. Long lists (explicit flows) are counted, not listed; the full text is at the end
 * of the report.
 */
final class ScenarioBrief {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private ScenarioBrief() {
    }

    /** A titled table of settings. */
    record Block(String title, List<String[]> rows) {
    }

    static List<Block> of(ResultSet rs) {
        List<Block> out = new ArrayList<>();
        JsonNode root;
        try {
            root = YAML.readTree(rs.scenarioText());
        } catch (Exception e) {
            return out;
        }
        if (root == null || !root.isObject()) {
            return out;
        }
        List<String[]> run = new ArrayList<>();
        for (String k : List.of("name", "seed", "stop_time")) {
            if (root.has(k)) {
                run.add(new String[] {k, scalar(root.get(k))});
            }
        }
        run.add(new String[] {"engine / version", rs.summary().path("engine").asText("?") + " / "
                + rs.summary().path("version").asText("?")});
        out.add(new Block("Run", run));
        List<String[]> topo = flat(root.path("topology"), "");
        rs.topology().ifPresent(t -> topo.add(new String[] {"built", t.hostCount() + " hosts, " + t.switchCount()
                + " switches, " + t.cables().size() + " cables"}));
        out.add(new Block("Topology", topo));
        JsonNode sw = root.path("switch");
        List<String[]> buffer = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = sw.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getKey().equals("ecn") && !e.getKey().equals("pfc")) {
                buffer.addAll(flat(e.getValue(), e.getKey()));
            }
        }
        buffer.addAll(flat(sw.path("pfc"), "pfc"));
        out.add(new Block("Switch buffer and PFC", buffer));
        out.add(new Block("ECN", flat(sw.path("ecn"), "ecn")));
        out.add(new Block("NIC and congestion control", flat(root.path("nic"), "")));
        List<String[]> wl = new ArrayList<>();
        int i = 0;
        for (JsonNode w : root.path("workloads")) {
            String name = w.path("name").asText("workload " + i);
            List<String> parts = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = w.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getKey().equals("name")) {
                    parts.add(e.getKey() + ": " + scalar(e.getValue()));
                }
            }
            wl.add(new String[] {name, String.join("; ", parts)});
            i++;
        }
        out.add(new Block("Workloads", wl));
        out.add(new Block("Telemetry", flat(root.path("telemetry"), "")));
        out.removeIf(b -> b.rows().isEmpty());
        return out;
    }

    /** Scalars of a mapping as dotted key / value rows; nested mappings flattened, lists summarised. */
    static List<String[]> flat(JsonNode n, String prefix) {
        List<String[]> rows = new ArrayList<>();
        if (!n.isObject()) {
            if (!n.isMissingNode() && !prefix.isEmpty()) {
                rows.add(new String[] {prefix, scalar(n)});
            }
            return rows;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
            if (e.getValue().isObject()) {
                rows.addAll(flat(e.getValue(), key));
            } else {
                rows.add(new String[] {key, scalar(e.getValue())});
            }
        }
        return rows;
    }

    /** A value as short text: scalars as written, a list of scalars joined, a list of mappings counted. */
    static String scalar(JsonNode v) {
        if (v.isArray()) {
            if (v.size() > 0 && v.get(0).isContainerNode()) {
                return v.size() + " entries";
            }
            List<String> items = new ArrayList<>();
            v.forEach(x -> items.add(x.asText()));
            String s = "[" + String.join(", ", items) + "]";
            return s.length() > 120 ? "[" + v.size() + " values]" : s;
        }
        if (v.isObject()) {
            List<String> parts = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                parts.add(e.getKey() + "=" + scalar(e.getValue()));
            }
            String s = "{" + String.join(", ", parts) + "}";
            return s.length() > 160 ? "{" + v.size() + " keys}" : s;
        }
        return v.isNull() ? "null" : v.asText();
    }
}
