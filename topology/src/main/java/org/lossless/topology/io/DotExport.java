package org.lossless.topology.io;

import java.util.Map;
import java.util.TreeMap;
import java.util.ArrayList;
import java.util.List;
import org.lossless.topology.Cable;
import org.lossless.topology.Failures;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * Graphviz dot of a topology: an undirected graph with one rank per tier (hosts at the bottom, core at
 * the top), hosts as boxes, switches as ellipses, one edge per cable (parallel links show as parallel
 * edges), labelled with rate and delay when asked. Failed cables and nodes are drawn red and dashed.
 * Render with {@code dot -Tsvg topo.dot -o topo.svg}.
 */
public final class DotExport {
    /** Above this many cables, {@link #toDot(Topology)} leaves edge labels out to keep the drawing legible. */
    public static final int LABEL_LIMIT = 200;

    private DotExport() {
    }

    /** Dot text, with edge labels if the topology has at most {@link #LABEL_LIMIT} cables. */
    public static String toDot(Topology t) {
        return toDot(t, Failures.NONE, t.cables().size() <= LABEL_LIMIT);
    }

    public static String toDot(Topology t, Failures failures, boolean labels) {
        boolean[] dead = failures.deadCables(t);
        StringBuilder s = new StringBuilder(64 * (t.nodes().size() + t.cables().size()));
        s.append("graph \"").append(t.type()).append("\" {\n");
        s.append("  // ").append(t).append('\n');
        s.append("  graph [rankdir=BT, splines=line, nodesep=0.15];\n");
        s.append("  node [fontsize=10, height=0.3];\n");
        s.append("  edge [fontsize=8];\n");
        Map<Integer, List<Node>> tiers = new TreeMap<>();
        for (Node n : t.nodes()) {
            tiers.computeIfAbsent(n.tier(), x -> new ArrayList<>()).add(n);
        }
        for (Map.Entry<Integer, List<Node>> tier : tiers.entrySet()) {
            s.append("  { rank=same; // tier ").append(tier.getKey()).append('\n');
            for (Node n : tier.getValue()) {
                s.append("    \"").append(n.name()).append("\" [shape=").append(n.isHost() ? "box" : "ellipse");
                if (failures.nodes().contains(n.id())) {
                    s.append(", color=red, style=dashed");
                }
                s.append("];\n");
            }
            s.append("  }\n");
        }
        for (int c = 0; c < t.cables().size(); c++) {
            Cable cable = t.cables().get(c);
            // lower tier first, so rankdir=BT puts it below
            boolean swap = t.node(cable.a()).tier() > t.node(cable.b()).tier();
            Node lo = t.node(swap ? cable.b() : cable.a());
            Node hi = t.node(swap ? cable.a() : cable.b());
            s.append("  \"").append(lo.name()).append("\" -- \"").append(hi.name()).append('"');
            List<String> attrs = new ArrayList<>(2);
            if (labels) {
                attrs.add("label=\"" + shortRate(cable.rateBps()) + " " + shortTime(cable.delayPs()) + "\"");
            }
            if (dead[c]) {
                attrs.add("color=red, style=dashed");
            }
            if (!attrs.isEmpty()) {
                s.append(" [").append(String.join(", ", attrs)).append(']');
            }
            s.append(";\n");
        }
        s.append("}\n");
        return s.toString();
    }

    /** {@code 100G}, {@code 1.6T}, {@code 40M}, {@code 1500}: short rate for labels. */
    static String shortRate(long bps) {
        String[] units = {"", "K", "M", "G", "T"};
        double v = bps;
        int u = 0;
        while (v >= 1000 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        return (v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(Math.round(v * 100) / 100.0)) + units[u];
    }

    /** {@code 1us}, {@code 500ns}, {@code 800ps}: short time for labels. */
    static String shortTime(long ps) {
        if (ps != 0 && ps % 1_000_000_000 == 0) {
            return ps / 1_000_000_000 + "ms";
        }
        if (ps != 0 && ps % 1_000_000 == 0) {
            return ps / 1_000_000 + "us";
        }
        if (ps != 0 && ps % 1_000 == 0) {
            return ps / 1_000 + "ns";
        }
        return ps + "ps";
    }
}
