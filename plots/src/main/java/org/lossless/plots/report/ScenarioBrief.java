package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.lossless.plots.data.ResultSet;

/**
 * The scenario in brief, from scenario.resolved.yaml read as plain YAML (so it works even when the scenario no
 * longer loads): only what is in use and what differs from the defaults. Always shown: the run (name, seed, stop
 * time), the topology, the switch's buffer, PFC and ECN levels, the NIC's MTU and congestion control (its profile),
 * one line per workload (what it is, and its other keys where they differ from a workload of that kind alone:
 * {@link WorkloadBrief}). Every other setting is shown only when it differs from what Lossless fills in by default
 * for the same topology, switch profile and congestion control (defaults.yaml: the run resolved a scenario of those
 * alone; without that file only the core settings are shown);
 * the parameters of congestion controls not in use never. The full resolved scenario stays in the appendix.
 */
final class ScenarioBrief {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    /** The congestion-control blocks of {@code nic}; only the one in use is shown. */
    static final Set<String> CC_BLOCKS = Set.of("dcqcn", "hpcc", "timely", "dctcp", "swift");
    /** Switch settings shown whatever their value (the levels a reviewer checks first). */
    static final List<String> SWITCH_CORE = List.of("buffer_size", "pfc.enabled", "pfc.priorities", "pfc.dynamic_th",
            "pfc.static_th", "pfc.headroom", "ecn.enabled", "ecn.kmin", "ecn.kmax", "ecn.pmax");

    private ScenarioBrief() {
    }

    /** A titled table of settings. */
    record Block(String title, List<String[]> rows) {
    }

    /** The blocks, and whether the defaults were known (when not, only the core settings are shown). */
    record Brief(List<Block> blocks, boolean defaultsKnown) {
    }

    static List<Block> of(ResultSet rs) {
        return brief(rs).blocks();
    }

    static Brief brief(ResultSet rs) {
        List<Block> out = new ArrayList<>();
        JsonNode root;
        try {
            root = YAML.readTree(rs.scenarioText());
        } catch (Exception e) {
            return new Brief(out, false);
        }
        if (root == null || !root.isObject()) {
            return new Brief(out, false);
        }
        JsonNode defaults = defaults(rs);
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
        rs.fabric().ifPresent(t -> topo.add(new String[] {"built", t.hostCount() + " hosts, " + t.switchCount()
                + " switches, " + t.cables().size() + " cables"}));
        out.add(new Block("Topology", topo));
        out.add(new Block("Switch: buffer, PFC, ECN", chosen(root.path("switch"), defaults == null ? null
                : defaults.path("switch"), "switch", SWITCH_CORE, Set.of())));
        JsonNode nic = root.path("nic");
        String cc = nic.path("cc").asText("");
        List<String> nicCore = new ArrayList<>(List.of("mtu", "cc"));
        if (nic.path(cc).has("profile")) {
            nicCore.add(cc + ".profile");
        }
        Set<String> unused = new java.util.HashSet<>(CC_BLOCKS);
        unused.remove(cc);
        out.add(new Block("NIC and congestion control", chosen(nic, defaults == null ? null : defaults.path("nic"),
                "nic", nicCore, unused)));
        List<String[]> wl = new ArrayList<>();
        int i = 0;
        for (JsonNode w : root.path("workloads")) {
            String name = w.path("name").asText("workload " + i);
            wl.add(new String[] {name, WorkloadBrief.of(workloadDefaults(rs, i), w)});
            i++;
        }
        out.add(new Block("Workloads", wl));
        List<String[]> other = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!Set.of("name", "seed", "stop_time", "topology", "switch", "nic", "workloads").contains(e.getKey())) {
                other.addAll(chosen(e.getValue(), defaults == null ? null : defaults.path(e.getKey()), e.getKey(),
                        List.of(), Set.of()));
            }
        }
        out.add(new Block("Other settings that differ from the defaults", other));
        out.removeIf(b -> b.rows().isEmpty());
        return new Brief(out, defaults != null);
    }

    /**
     * The rows of section {@code n} (dotted keys, prefixed by {@code section}): its {@code core} keys always, every
     * other key only when it differs from {@code defaults} (all of them when the defaults are unknown: null), none
     * under {@code skip}.
     */
    static List<String[]> chosen(JsonNode n, JsonNode defaults, String section, List<String> core, Set<String> skip) {
        Map<String, String> mine = new LinkedHashMap<>();
        flatten(n, "", mine);
        Map<String, String> dflt = new LinkedHashMap<>();
        if (defaults != null) {
            flatten(defaults, "", dflt);
        }
        List<String[]> rows = new ArrayList<>();
        for (String k : core) {
            if (mine.containsKey(k)) {
                rows.add(new String[] {section + "." + k, mine.get(k)});
            }
        }
        mine.forEach((k, v) -> {
            String head = k.contains(".") ? k.substring(0, k.indexOf('.')) : k;
            if (core.contains(k) || skip.contains(head) || (defaults != null && v.equals(dflt.get(k)))) {
                return;
            }
            if (defaults == null && !core.isEmpty()) {
                return; // defaults unknown: the core alone
            }
            rows.add(new String[] {section + "." + k, v + (dflt.containsKey(k) ? "  (default " + dflt.get(k) + ")"
                    : "")});
        });
        return rows;
    }

    /** Scalars of a mapping by dotted key; lists and long maps as one short value ({@link #scalar}). */
    private static void flatten(JsonNode n, String prefix, Map<String, String> out) {
        if (!n.isObject()) {
            if (!n.isMissingNode() && !prefix.isEmpty()) {
                out.put(prefix, scalar(n));
            }
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
            // a map with integer keys (DSCP and TC tables) is one value, not 64 rows
            if (e.getValue().isObject() && !numericKeys(e.getValue())) {
                flatten(e.getValue(), key, out);
            } else {
                out.put(key, scalar(e.getValue()));
            }
        }
    }

    private static boolean numericKeys(JsonNode n) {
        Iterator<String> it = n.fieldNames();
        return it.hasNext() && it.next().matches("\\d+");
    }

    /** What Lossless fills in by default for this scenario (defaults.yaml's {@code scenario}), or null. */
    static JsonNode defaults(ResultSet rs) {
        return rs.defaults().map(d -> d.path("scenario")).filter(JsonNode::isObject).orElse(null);
    }

    /** The defaults of workload {@code i} (defaults.yaml's {@code workloads[i]}), or null. */
    static JsonNode workloadDefaults(ResultSet rs, int i) {
        return rs.defaults().map(d -> d.path("workloads").path(i)).filter(JsonNode::isObject).orElse(null);
    }

    /** Scalars of a mapping as dotted key / value rows; nested mappings flattened, lists summarised. */
    static List<String[]> flat(JsonNode n, String prefix) {
        Map<String, String> m = new LinkedHashMap<>();
        flatten(n, prefix, m);
        List<String[]> rows = new ArrayList<>();
        m.forEach((k, v) -> rows.add(new String[] {k, v}));
        return rows;
    }

    /** Runs of consecutive integers written as ranges ("0-31"); anything else as it is. */
    static List<String> ranges(List<String> items) {
        if (items.size() < 3 || !items.stream().allMatch(i -> i.matches("-?\\d{1,9}"))) {
            return items;
        }
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < items.size()) {
            int j = i;
            while (j + 1 < items.size() && Long.parseLong(items.get(j + 1)) == Long.parseLong(items.get(j)) + 1) {
                j++;
            }
            out.add(j - i >= 2 ? items.get(i) + "-" + items.get(j) : items.get(i));
            if (j - i == 1) {
                out.add(items.get(j));
            }
            i = j + 1;
        }
        return out;
    }

    /** A value as short text: scalars as written, a list of scalars joined, a list of mappings counted. */
    static String scalar(JsonNode v) {
        if (v.isArray()) {
            if (v.size() > 0 && v.get(0).isContainerNode()) {
                return v.size() + " entries";
            }
            List<String> items = new ArrayList<>();
            v.forEach(x -> items.add(x.asText()));
            String s = "[" + String.join(", ", ranges(items)) + "]";
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
