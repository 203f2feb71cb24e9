package org.lossless.workloads.collective;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.net.WireFormat;
import org.lossless.topology.Cable;
import org.lossless.topology.Topology;

/**
 * One-way latency of a full data packet between two hosts on an empty fabric, ps: the propagation delay of
 * every cable on a shortest path (fewest hops, as routing takes) plus, at every switch, the serialization of
 * one full frame on the way out (store-and-forward). Computed by one breadth-first search per source host
 * for every destination announced ({@link #want}) by then; only the latencies asked for are kept.
 */
final class PathLatency {
    private final Topology topology;
    private final long frameWireBytes;
    private final Map<Long, Long> cache = new HashMap<>();
    private final Map<Integer, List<Integer>> pending = new HashMap<>();

    /**
     * @param mtu  RDMA payload bytes per packet
     * @param wire the run's wire format
     */
    PathLatency(Topology topology, int mtu, WireFormat wire) {
        this.topology = topology;
        this.frameWireBytes = wire.wire(wire.dataFrame(mtu, false));
    }

    /** Announces that {@link #latencyPs} will be asked for this pair: one search per source serves them all. */
    void want(int src, int dst) {
        long key = key(src, dst);
        if (!cache.containsKey(key)) {
            pending.computeIfAbsent(src, k -> new ArrayList<>()).add(dst);
        }
    }

    /** Latency from host {@code src} to host {@code dst}, ps. */
    long latencyPs(int src, int dst) {
        Long v = cache.get(key(src, dst));
        if (v == null) {
            want(src, dst);
            search(src, pending.remove(src));
            v = cache.get(key(src, dst));
        }
        return v;
    }

    private static long key(int src, int dst) {
        return ((long) src << 32) | dst;
    }

    /** One breadth-first search from {@code srcHost}, caching its latency to each of {@code dstHosts}. */
    private void search(int srcHost, List<Integer> dstHosts) {
        int nodes = topology.nodes().size();
        int[] hops = new int[nodes];
        long[] lat = new long[nodes];
        Arrays.fill(hops, -1);
        int src = topology.hostNode(srcHost);
        int[] queue = new int[nodes];
        int head = 0;
        int tail = 0;
        hops[src] = 0;
        queue[tail++] = src;
        while (head < tail) {
            int u = queue[head++];
            if (u != src && topology.hostNumber(u) >= 0) {
                continue; // hosts do not forward
            }
            boolean isSwitch = topology.hostNumber(u) < 0;
            for (int p = 0; p < topology.degree(u); p++) {
                int w = topology.peer(u, p);
                Cable cable = topology.cables().get(topology.cableIndex(u, p));
                long l = lat[u] + cable.delayPs()
                        + (isSwitch ? WireFormat.serializationPs(frameWireBytes, cable.rateBps()) : 0);
                if (hops[w] < 0) {
                    hops[w] = hops[u] + 1;
                    lat[w] = l;
                    queue[tail++] = w;
                } else if (hops[w] == hops[u] + 1 && l > lat[w]) {
                    lat[w] = l; // of equal-hop paths, the slowest: ECMP may take it
                }
            }
        }
        for (int d : dstHosts) {
            int node = topology.hostNode(d);
            if (hops[node] < 0) {
                throw new IllegalArgumentException("no path from host " + srcHost + " to host " + d);
            }
            cache.put(key(srcHost, d), lat[node]);
        }
    }
}
