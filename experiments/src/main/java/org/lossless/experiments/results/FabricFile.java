package org.lossless.experiments.results;

import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.TelemetryConfig;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.topology.Cable;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * {@code fabric.json}: what a report needs to know about the fabric a run built and how it was watched, so it
 * reads result files only and never loads the scenario again (README, "Result files"):
 * <pre>
 * {"format": 1, "stop_time_ps": ..., "sample_interval_ps": ..., "ecn": true, "lossless_priorities": [3],
 *  "watched_queues": "all" | ["sw0:1", ...],
 *  "topology": {"type": "star", "nodes": [{"name": "h0", "tier": 0, "host": true}, ...],
 *               "cables": [{"a": "h0", "a_port": 0, "b": "sw0", "b_port": 0, "rate_bps": ..., "delay_ps": ...}]}}
 * </pre>
 * {@code ecn}: whether switches mark ECN; {@code lossless_priorities}: the priorities PFC protects (empty with PFC
 * off); {@code watched_queues}: {@code telemetry.queues}. Nodes and cables in the topology's order (node ids are the
 * positions in {@code nodes}). Computed from the scenario, the same bytes for every seed.
 */
public final class FabricFile {
    public static final String NAME = "fabric.json";
    public static final int FORMAT = 1;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private FabricFile() {
    }

    /** The file's text for {@code s}, whose topology built is {@code t}. */
    public static String json(Scenario s, Topology t) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("stop_time_ps", s.stopTimePs());
        root.put("sample_interval_ps", s.telemetry().sampleIntervalPs());
        var ecn = s.switchSettings().ecn();
        root.put("ecn", ecn == null || !Boolean.FALSE.equals(ecn.enabled()));
        ArrayNode lossless = root.putArray("lossless_priorities");
        losslessPriorities(s).forEach(lossless::add);
        TelemetryConfig.Selection<TelemetryConfig.QueueRef> q = s.telemetry().queues();
        if (q.all()) {
            root.put("watched_queues", "all");
        } else {
            ArrayNode w = root.putArray("watched_queues");
            q.items().forEach(r -> w.add(r.node() + ":" + r.port()));
        }
        ObjectNode topo = root.putObject("topology");
        topo.put("type", t.type());
        ArrayNode nodes = topo.putArray("nodes");
        for (Node n : t.nodes()) {
            nodes.addObject().put("name", n.name()).put("tier", n.tier()).put("host", n.isHost());
        }
        ArrayNode cables = topo.putArray("cables");
        for (Cable c : t.cables()) {
            cables.addObject().put("a", t.node(c.a()).name()).put("a_port", c.aPort()).put("b", t.node(c.b()).name())
                    .put("b_port", c.bPort()).put("rate_bps", c.rateBps()).put("delay_ps", c.delayPs());
        }
        try {
            return JSON.writer(PRETTY).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(NAME + ": " + e.getMessage(), e);
        }
    }

    /** The priorities PFC protects: none with PFC off, else {@code switch.pfc.priorities} as resolved. */
    static Set<Integer> losslessPriorities(Scenario s) {
        PfcSettings pfc = s.switchSettings().pfc() == null ? PfcSettings.UNSET : s.switchSettings().pfc();
        if (Boolean.FALSE.equals(pfc.enabled())) {
            return Set.of();
        }
        return new TreeSet<>(pfc.resolved(s.switchSettings().hpcc2019(), null).priorities());
    }
}
