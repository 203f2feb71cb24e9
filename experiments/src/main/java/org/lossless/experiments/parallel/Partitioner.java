package org.lossless.experiments.parallel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.lossless.core.net.WireFormat;
import org.lossless.topology.Cable;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * Cuts a fabric into partitions for the parallel engine.
 *
 * <p>Units: a switch with the hosts cabled to it (a host is never cut from its switch: the host link carries every
 * one of its frames and its pause frames), or a switch alone (aggregation, core). A link whose lookahead (below) is
 * shorter than {@link #MIN_WINDOW_PS} is never cut either: its two ends join one unit, so a fabric of short links
 * falls back to fewer partitions (down to one, the sequential run), never to a different result.
 *
 * <p>Balance: a unit's expected load is the bandwidth of its ports (Gb/s, every port of its switches and hosts:
 * events follow frames, frames follow bandwidth). Units are placed heaviest first, each in the partition with the
 * least load so far (ties: the lower unit, the lower partition), so the cut is the same on every machine.
 *
 * <p>Lookahead: a cut link {@code a -> b} cannot affect {@code b} sooner than its propagation delay plus the line
 * time of the smallest frame ({@value #SMALLEST_WIRE_BYTES} bytes: a 64-byte PFC pause, ACK or CNP with preamble and
 * gap); PFC frames and CNPs cross the same links, so they keep to it too. The run's lookahead is the smallest over the
 * cut links.
 */
public final class Partitioner {
    /** Line bytes of the smallest frame: the 64-byte Ethernet minimum + 8 preamble and start + 12 gap. */
    public static final int SMALLEST_WIRE_BYTES = 84;
    /**
     * Shortest useful window, ps: 100 ns. A 100 Gb/s port sends one 4 KB frame per 330 ns, so a shorter window holds
     * a handful of events per port, too few to pay for a barrier (microseconds of wall time, benchmarks/README.md).
     */
    public static final long MIN_WINDOW_PS = 100_000;

    private Partitioner() {
    }

    /** The lookahead of one cable: its delay plus the smallest frame's line time at its rate, ps. */
    public static long lookaheadPs(Cable c) {
        return c.delayPs() + WireFormat.serializationPs(SMALLEST_WIRE_BYTES, c.rateBps());
    }

    /**
     * Cuts {@code t} into at most {@code wanted} partitions.
     *
     * @param override a partition per node name for every node (the key that overrides the automatic cut), or null
     * @throws IllegalArgumentException for an override that misses a node, names an unknown one, or cuts a link
     *                                  shorter than {@link #MIN_WINDOW_PS}
     */
    public static Partitioning plan(Topology t, int wanted, Map<String, Integer> override) {
        if (wanted < 1) {
            throw new IllegalArgumentException("partitions wanted must be at least 1, got " + wanted);
        }
        int n = t.nodes().size();
        int[] unit = units(t);
        int units = (int) Arrays.stream(unit).distinct().count();
        long[] load = new long[n];
        for (Node node : t.nodes()) {
            for (Port p : t.ports(node.id())) {
                load[unit[node.id()]] += p.cable().rateBps() / 1_000_000_000L;
            }
        }
        int[] partOf = new int[n];
        int partitions;
        String note = "";
        if (override != null) {
            partitions = fromOverride(t, override, partOf);
            checkCut(t, partOf);
            units = Math.max(units, partitions);
        } else {
            partitions = Math.min(wanted, units);
            if (partitions < wanted) {
                note = wanted + " partitions asked for, the fabric allows " + units
                        + (units < countSwitches(t) ? " (links shorter than " + MIN_WINDOW_PS / 1000
                        + " ns are never cut)" : " (a switch with its hosts is the smallest part)");
            }
            place(unit, load, partitions, partOf);
        }
        long[] weights = new long[partitions];
        for (Node node : t.nodes()) {
            for (Port p : t.ports(node.id())) {
                weights[partOf[node.id()]] += p.cable().rateBps() / 1_000_000_000L;
            }
        }
        long lookahead = Long.MAX_VALUE;
        for (Cable c : t.cables()) {
            if (partOf[c.a()] != partOf[c.b()]) {
                lookahead = Math.min(lookahead, lookaheadPs(c));
            }
        }
        return new Partitioning(partOf, partitions, units, lookahead, weights, note);
    }

    /**
     * Unit of each node, by node id: the smallest node id of its group (a switch with the hosts cabled to it, joined
     * with the ends of links whose lookahead is shorter than {@link #MIN_WINDOW_PS}). A cut never splits a unit.
     */
    public static int[] units(Topology t) {
        int n = t.nodes().size();
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        for (Cable c : t.cables()) {
            boolean hostLink = t.node(c.a()).isHost() || t.node(c.b()).isHost();
            if (hostLink || lookaheadPs(c) < MIN_WINDOW_PS) {
                union(parent, c.a(), c.b());
            }
        }
        int[] unit = new int[n];
        for (int i = 0; i < n; i++) {
            unit[i] = find(parent, i);
        }
        return unit;
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private static void union(int[] parent, int a, int b) {
        int ra = find(parent, a);
        int rb = find(parent, b);
        if (ra != rb) { // the smaller id names the unit
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }

    /** Longest-processing-time placement of the units (by their representative node) into {@code partitions}. */
    private static void place(int[] unit, long[] load, int partitions, int[] partOf) {
        List<Integer> reps = new ArrayList<>();
        for (int i = 0; i < unit.length; i++) {
            if (unit[i] == i) {
                reps.add(i);
            }
        }
        reps.sort(Comparator.comparingLong((Integer r) -> -load[r]).thenComparingInt(r -> r));
        long[] sum = new long[partitions];
        int[] partOfUnit = new int[unit.length];
        for (int r : reps) {
            int best = 0;
            for (int p = 1; p < partitions; p++) {
                if (sum[p] < sum[best]) {
                    best = p;
                }
            }
            sum[best] += load[r];
            partOfUnit[r] = best;
        }
        for (int i = 0; i < unit.length; i++) {
            partOf[i] = partOfUnit[unit[i]];
        }
    }

    private static int fromOverride(Topology t, Map<String, Integer> override, int[] partOf) {
        for (String name : override.keySet()) {
            if (t.findNode(name).isEmpty()) {
                throw new IllegalArgumentException("partition of node '" + name + "': no such node in the topology");
            }
        }
        int max = -1;
        for (Node node : t.nodes()) {
            Integer p = override.get(node.name());
            if (p == null) {
                throw new IllegalArgumentException("partitions: node " + node.name() + " has none (give every node one)");
            }
            if (p < 0) {
                throw new IllegalArgumentException("partition of node " + node.name() + ": " + p + " is negative");
            }
            partOf[node.id()] = p;
            max = Math.max(max, p);
        }
        boolean[] used = new boolean[max + 1];
        for (int p : partOf) {
            used[p] = true;
        }
        for (int p = 0; p <= max; p++) {
            if (!used[p]) {
                throw new IllegalArgumentException("partitions: number " + p + " has no node (number them 0.." + max
                        + " without gaps)");
            }
        }
        return max + 1;
    }

    private static void checkCut(Topology t, int[] partOf) {
        for (Cable c : t.cables()) {
            if (partOf[c.a()] != partOf[c.b()] && lookaheadPs(c) < MIN_WINDOW_PS) {
                throw new IllegalArgumentException("partitions: link " + t.node(c.a()).name() + "-" + t.node(c.b()).name()
                        + " is cut, but its delay (" + c.delayPs() + " ps) leaves windows shorter than "
                        + MIN_WINDOW_PS / 1000 + " ns");
            }
        }
    }

    private static int countSwitches(Topology t) {
        return t.switchCount();
    }
}
