package org.lossless.switchmodel;

import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketReceiver;
import org.lossless.core.net.PacketType;
import org.lossless.topology.Routes;

/**
 * An output-queued switch with unlimited buffer (the shared-buffer MMU, PFC and ECN plug in here).
 * A frame that arrives whole on an input port is forwarded to one of the equal-cost egress ports
 * towards its destination host, chosen per flow by a seeded hash, and queued there at once (no
 * switching latency).
 */
public final class SwitchNode implements PacketReceiver {
    private final int nodeId;
    private final String name;
    private final Routes routes;
    private final long hashSeed;
    private final EgressPort[] ports;
    private final OutputQueues[] queues;
    private final PacketPool pool;

    /**
     * @param ports    egress ports by port index, already connected to their links with
     *                 {@link #queues(int)} as their source (see {@link #attach})
     * @param hashSeed per-switch ECMP seed
     */
    public SwitchNode(int nodeId, String name, Routes routes, long hashSeed, int portCount, PacketPool pool) {
        this.pool = pool;
        this.nodeId = nodeId;
        this.name = name;
        this.routes = routes;
        this.hashSeed = hashSeed;
        this.ports = new EgressPort[portCount];
        this.queues = new OutputQueues[portCount];
    }

    /** Installs the egress port {@code index}; its queues become the port's packet source. */
    public OutputQueues attach(int index, EgressPort port) {
        ports[index] = port;
        queues[index] = new OutputQueues(port.counters());
        return queues[index];
    }

    public String name() {
        return name;
    }

    public int nodeId() {
        return nodeId;
    }

    public EgressPort port(int index) {
        return ports[index];
    }

    public OutputQueues queues(int index) {
        return queues[index];
    }

    public int portCount() {
        return ports.length;
    }

    @Override
    public void receive(Packet p, int inPort) {
        if (p.type == PacketType.PFC) {
            ports[inPort].onPause(p);
            pool.release(p);
            return;
        }
        int[] candidates = routes.candidates(nodeId, p.dstHost);
        int out = candidates.length == 1 ? candidates[0]
                : candidates[Math.floorMod(flowHash(p), candidates.length)];
        p.ingressPort = inPort;
        queues[out].enqueue(p);
        ports[out].kick();
    }

    /** Per-flow hash of the 5-tuple fields that vary (hosts and RoCEv2 UDP source port), seeded. */
    private int flowHash(Packet p) {
        long h = hashSeed ^ (((long) p.srcHost << 32) | (p.dstHost & 0xffffffffL));
        h = h * 0x9E3779B97F4A7C15L + p.udpSrcPort;
        h ^= h >>> 31;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 29;
        return (int) (h >>> 33);
    }
}
