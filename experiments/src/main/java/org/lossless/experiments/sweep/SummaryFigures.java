package org.lossless.experiments.sweep;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Flattens a run's {@code summary.json} into figures with stable column names: the dotted path of every
 * number and boolean ({@code fct_slowdown.p99}, {@code pfc.pause_frames}, {@code workloads.incast.flows}).
 * Entries of a list of objects are named by their {@code job}, {@code name} or {@code workload} field
 * ({@code jobs.allreduce.busbw_GBps}; a repeated name gets {@code #2}, {@code #3}, ...), else by their index
 * ({@code jobs[0].duration_ps}). Numbers keep the text of summary.json; booleans are {@code true}/{@code false};
 * JSON null is an empty cell (e.g. percentiles without finished flows). Strings are left out, except
 * {@link #TEXT_FIGURES}; so are lists of plain values, the identity fields {@code name}, {@code seed},
 * {@code engine}, {@code version}, and {@link #DETAILS} (per-port lists whose entries differ from run to run: their
 * totals are figures).
 */
public final class SummaryFigures {
    /** Text figures kept as columns (not averaged). */
    public static final Set<String> TEXT_FIGURES = Set.of("stopped_by");
    private static final Set<String> IDENTITY = Set.of("name", "seed", "engine", "version");
    /** Paths left out: lists of ports whose entries are not the same thing in every run (averaging them is meaningless). */
    public static final Set<String> DETAILS = Set.of("drops.lossless.ports");
    /**
     * Figures that measure the machine, not the model: they differ from one run of the same scenario and seed
     * to the next (and between {@code --jobs} settings). Matched on the last segment of the column name.
     */
    public static final Set<String> MACHINE_DEPENDENT = Set.of("wall_seconds", "cpu_seconds", "events_per_second",
            "peak_heap_bytes");

    /** A figure's cell: its text and whether it is a number, a boolean or text. */
    public record Cell(String text, Kind kind) {
        public enum Kind { NUMBER, BOOLEAN, TEXT, NULL }

        /** The value for statistics: the number, 1/0 for booleans; null for text or an empty cell. */
        public Double value() {
            return switch (kind) {
                case NUMBER -> Double.valueOf(text);
                case BOOLEAN -> "true".equals(text) ? 1.0 : 0.0;
                default -> null;
            };
        }
    }

    private SummaryFigures() {
    }

    /** True for a column whose values depend on the machine and the load, not on the scenario and seed. */
    public static boolean machineDependent(String column) {
        return MACHINE_DEPENDENT.contains(column.substring(column.lastIndexOf('.') + 1));
    }

    /**
     * {@code summary.json}'s text without the lines of the {@link #MACHINE_DEPENDENT} figures: what must be the same
     * bytes for the same scenario and seed, whatever the executor, {@code --jobs} or {@code --threads}.
     */
    public static String withoutMachineFigures(String summaryJson) {
        StringBuilder kept = new StringBuilder();
        for (String line : summaryJson.split("\n")) {
            if (MACHINE_DEPENDENT.stream().noneMatch(k -> line.contains("\"" + k + "\""))) {
                kept.append(line).append('\n');
            }
        }
        return kept.toString();
    }

    public static Map<String, Cell> flatten(JsonNode summary) {
        Map<String, Cell> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = summary.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!IDENTITY.contains(e.getKey())) {
                walk(e.getKey(), e.getValue(), out);
            }
        }
        return out;
    }

    private static void walk(String path, JsonNode n, Map<String, Cell> out) {
        if (DETAILS.contains(path)) {
            return;
        }
        if (n.isNumber()) {
            out.put(path, new Cell(n.asText(), Cell.Kind.NUMBER));
        } else if (n.isBoolean()) {
            out.put(path, new Cell(n.asText(), Cell.Kind.BOOLEAN));
        } else if (n.isNull()) {
            out.put(path, new Cell("", Cell.Kind.NULL));
        } else if (n.isTextual()) {
            if (TEXT_FIGURES.contains(path.substring(path.lastIndexOf('.') + 1))) {
                out.put(path, new Cell(n.asText(), Cell.Kind.TEXT));
            }
        } else if (n.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                walk(path + "." + e.getKey(), e.getValue(), out);
            }
        } else if (n.isArray()) {
            Map<String, Integer> seen = new HashMap<>();
            for (int i = 0; i < n.size(); i++) {
                JsonNode el = n.get(i);
                if (!el.isObject()) {
                    continue;
                }
                String id = idOf(el);
                String name;
                if (id == null) {
                    name = path + "[" + i + "]";
                } else {
                    int k = seen.merge(id, 1, Integer::sum);
                    name = path + "." + id + (k > 1 ? "#" + k : "");
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = el.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    walk(name + "." + e.getKey(), e.getValue(), out);
                }
            }
        }
    }

    private static String idOf(JsonNode el) {
        for (String f : new String[]{"job", "name", "workload"}) {
            JsonNode v = el.get(f);
            if (v != null && v.isTextual() && !v.asText().isEmpty()) {
                return v.asText();
            }
        }
        return null;
    }
}
