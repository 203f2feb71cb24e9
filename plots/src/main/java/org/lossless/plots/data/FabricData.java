package org.lossless.plots.data;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code fabric.json} as read back: the fabric the run built (nodes and cables), the priorities PFC protected,
 * whether ECN marked, what telemetry watched, the stop time. Written by every run since warnings.json; older
 * result directories have none ({@link ResultSet#fabric()} is then empty and the report says what it leaves out).
 *
 * @param stopTimePs         the scenario's {@code stop_time}, ps
 * @param sampleIntervalPs   {@code telemetry.sample_interval}, ps
 * @param ecn                whether switches mark ECN
 * @param losslessPriorities the priorities PFC protects (empty with PFC off)
 * @param watchedQueues      the {@code node:port} queues {@code telemetry.queues} watched, null for all
 * @param type               the topology type ({@code star}, {@code fat-tree}, ...)
 * @param nodes              every node, in id order
 * @param cables             every cable, topology order
 */
public record FabricData(long stopTimePs, long sampleIntervalPs, boolean ecn, Set<Integer> losslessPriorities,
                         Set<String> watchedQueues, String type, List<GraphNode> nodes, List<GraphCable> cables) {
    public FabricData {
        losslessPriorities = Set.copyOf(losslessPriorities);
        watchedQueues = watchedQueues == null ? null : Set.copyOf(watchedQueues);
        nodes = List.copyOf(nodes);
        cables = List.copyOf(cables);
    }

    /** A node: {@code id} its position in {@code nodes}, {@code tier} 0 for hosts, 1 ToR/leaf, 2 spine, 3 core. */
    public record GraphNode(int id, String name, int tier, boolean host) {
    }

    /** A cable between node ids {@code a} and {@code b} (their ports {@code aPort}, {@code bPort}). */
    public record GraphCable(int a, int aPort, int b, int bPort) {
    }

    public long hostCount() {
        return nodes.stream().filter(GraphNode::host).count();
    }

    public long switchCount() {
        return nodes.size() - hostCount();
    }

    /** Parses the file's tree; {@code file} names it in errors. */
    static FabricData of(JsonNode root, String file) {
        if (root == null || !root.isObject() || !root.path("format").isInt() || !root.path("topology").isObject()) {
            throw new BadResultsException(file + ": not a Lossless fabric.json (it needs \"format\" and \"topology\")");
        }
        Set<Integer> lossless = new TreeSet<>();
        root.path("lossless_priorities").forEach(p -> lossless.add(p.asInt()));
        Set<String> watched = null;
        if (root.path("watched_queues").isArray()) {
            watched = new TreeSet<>();
            for (JsonNode q : root.path("watched_queues")) {
                watched.add(q.asText());
            }
        }
        JsonNode topo = root.path("topology");
        List<GraphNode> nodes = new ArrayList<>();
        Map<String, Integer> ids = new HashMap<>();
        for (JsonNode n : topo.path("nodes")) {
            String name = n.path("name").asText("");
            if (name.isEmpty() || ids.containsKey(name)) {
                throw new BadResultsException(file + ": node " + nodes.size() + " has no name or a repeated one");
            }
            ids.put(name, nodes.size());
            nodes.add(new GraphNode(nodes.size(), name, n.path("tier").asInt(), n.path("host").asBoolean()));
        }
        List<GraphCable> cables = new ArrayList<>();
        for (JsonNode c : topo.path("cables")) {
            Integer a = ids.get(c.path("a").asText());
            Integer b = ids.get(c.path("b").asText());
            if (a == null || b == null) {
                throw new BadResultsException(file + ": cable " + cables.size() + " names a node not in \"nodes\"");
            }
            cables.add(new GraphCable(a, c.path("a_port").asInt(), b, c.path("b_port").asInt()));
        }
        return new FabricData(root.path("stop_time_ps").asLong(0), root.path("sample_interval_ps").asLong(0),
                root.path("ecn").asBoolean(true), lossless, watched, topo.path("type").asText("?"), nodes, cables);
    }
}
