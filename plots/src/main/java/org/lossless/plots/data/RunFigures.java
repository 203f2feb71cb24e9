package org.lossless.plots.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/**
 * Figures of one run that summary.json does not hold but a study needs, derived from its {@code ports.csv}
 * and {@code scenario.resolved.yaml} (so a sweep written by any version gets them):
 * <ul>
 * <li>{@value #LOSSLESS_DROPS}: packets dropped on the lossless priorities ({@code switch.pfc.priorities} of
 * the resolved scenario; none when PFC is off), summed over every port. A lossless fabric must keep this 0.</li>
 * <li>{@value #HIGH_WATER}: the largest {@code max_queue_bytes} of a switch egress queue (hosts' NIC queues
 * left out: hosts are the nodes named {@code h<number>}), bytes: how close the fabric came to its buffer.</li>
 * </ul>
 * A figure whose input is missing (no ports.csv; no resolved scenario for the lossless drops) is left out.
 */
public final class RunFigures {
    public static final String LOSSLESS_DROPS = "ports.lossless_drops";
    public static final String HIGH_WATER = "ports.max_queue_bytes";
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private RunFigures() {
    }

    /** The derived figures of the run in {@code dir} (number text by name). */
    public static Map<String, String> of(Path dir) {
        Map<String, String> out = new LinkedHashMap<>();
        Path ports = dir.resolve(ResultSet.PORTS);
        if (!Files.isRegularFile(ports)) {
            return out;
        }
        java.util.List<PortRow> rows;
        try {
            rows = RowReaders.ports(ports);
        } catch (IOException | IllegalArgumentException e) {
            throw new BadResultsException(ports + ": cannot read it: " + e.getMessage());
        }
        Set<Integer> lossless = losslessPriorities(dir.resolve(ResultSet.RESOLVED));
        if (lossless != null) {
            long drops = 0;
            for (PortRow p : rows) {
                if (lossless.contains(p.priority())) {
                    drops += p.drops();
                }
            }
            out.put(LOSSLESS_DROPS, Long.toString(drops));
        }
        long high = -1;
        for (PortRow p : rows) {
            if (!p.node().matches("h\\d+")) {
                high = Math.max(high, p.maxQueueBytes());
            }
        }
        if (high >= 0) {
            out.put(HIGH_WATER, Long.toString(high));
        }
        return out;
    }

    /**
     * The lossless priorities named by a resolved scenario ({@code switch.pfc.enabled}, {@code .priorities}),
     * or null when the file is missing or unreadable. Read from the YAML tree: the resolved file writes every
     * default out, and a scenario that no longer loads (a moved flow file) still says which priorities it made
     * lossless.
     */
    static Set<Integer> losslessPriorities(Path resolved) {
        if (!Files.isRegularFile(resolved)) {
            return null;
        }
        // streamed: the switch section comes before the workloads, which may list 100,000 flows
        try (JsonParser p = YAML.getFactory().createParser(resolved.toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                if (!name.equals("switch")) {
                    p.skipChildren();
                    continue;
                }
                JsonNode pfc = YAML.<JsonNode>readTree(p).path("pfc");
                if (pfc.isMissingNode()) {
                    return null;
                }
                Set<Integer> out = new TreeSet<>();
                if (pfc.path("enabled").asBoolean(true)) {
                    pfc.path("priorities").forEach(n -> out.add(n.asInt()));
                }
                return out;
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
