package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.lossless.core.net.PfcObserver;
import org.lossless.topology.Topology;

/**
 * The PFC decisions of a partitioned run, kept where they happen and told to the run's PFC observers (the pause graph,
 * {@code pfc.csv}) between windows in one order that does not depend on the partitioning: by time, then node id,
 * then the node's own order. Each partition writes only its own buffer (no lock on the event path); the switch-local
 * half of a pause's cause is read when it happens ({@link PauseGraphRecorder#snapshot}).
 */
final class PfcBuffers {
    private record Entry(long timePs, int node, long seq, int port, int priority, boolean pause,
                         PauseGraphRecorder.Local local) {
    }

    private static final Comparator<Entry> ORDER = Comparator.comparingLong(Entry::timePs)
            .thenComparingInt(Entry::node).thenComparingLong(Entry::seq);
    private final Topology topology;
    private final PauseGraphRecorder graph;
    /** pfc.csv, or null. */
    private final PfcObserver log;
    private final int[] partOf;
    private final PartitionBuffers<Entry> buffers;
    /** The decisions of the last window, gathered to be sorted ({@link #flush}; reused). */
    private final List<Entry> window = new ArrayList<>();
    private final java.util.function.Consumer<Entry> toWindow = window::add;
    /** Decisions per node so far (each written by its node's partition only). */
    private final long[] seq;

    PfcBuffers(Topology topology, int partitions, int[] partOf, PauseGraphRecorder graph, PfcObserver log) {
        this.topology = topology;
        this.graph = graph;
        this.log = log;
        this.partOf = partOf.clone();
        this.seq = new long[partOf.length];
        this.buffers = new PartitionBuffers<>(partitions);
    }

    /** The observer each node is given (called in its partition). */
    PfcObserver observer() {
        return (timePs, nodeName, port, priority, pause) -> {
            int node = topology.nodeId(nodeName);
            buffers.add(partOf[node], new Entry(timePs, node, seq[node]++, port, priority, pause,
                    pause ? graph.snapshot(timePs, node, port, priority) : null));
        };
    }

    /** Tells the observers what the partitions buffered, in (time, node, order); between windows only. */
    void flush() {
        if (!buffers.drain(toWindow)) { // after every window
            return;
        }
        window.sort(ORDER);
        for (Entry e : window) {
            graph.record(e.timePs(), e.node(), e.port(), e.priority(), e.pause(), e.local());
            if (log != null) {
                log.pfcSent(e.timePs(), topology.node(e.node()).name(), e.port(), e.priority(), e.pause());
            }
        }
        window.clear();
    }
}
