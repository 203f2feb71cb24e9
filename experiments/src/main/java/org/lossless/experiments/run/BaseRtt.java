package org.lossless.experiments.run;

import org.lossless.core.net.WireFormat;
import org.lossless.nic.PathRtt;
import org.lossless.topology.Cable;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;

/**
 * The base RTT of a host pair in the empty network, sizing {@code nic.window: bdp}: along the first
 * equal-cost path ({@link IdealFct#path}), every hop serializes a full-MTU data packet (no RETH; frames of
 * {@code nic.wire}) at its
 * rate and adds its propagation delay, and the ACK comes back over the same cables, serialized and
 * delayed the same way: {@code sum_hops (ser(data) + delay) + sum_hops (ser(ack) + delay)}, ps. Store-and-
 * forward and the receiver's turnaround (none: the ACK is queued the moment the data arrives) make this
 * the exact time from a packet's first bit at the source to its ACK's arrival. A switch forwarding latency
 * ({@code switch.latency}) adds itself at every switch, each way; cut-through's savings are not subtracted (the
 * window is then slightly larger than one BDP). O(hops); computed once per flow, at its start.
 */
public final class BaseRtt implements PathRtt {
    private final IdealFct paths;
    private final int dataWire;
    private final int ackWire;
    private final long latencyPs;

    /** In the RoCEv2 wire format, without forwarding latency. */
    BaseRtt(Topology topology, Routes routes, int mtu) {
        this(topology, routes, mtu, WireFormat.ROCEV2, 0);
    }

    /** Frames of {@code wire} ({@code nic.wire}), forwarding latency {@code latencyPs} at every switch. */
    public BaseRtt(Topology topology, Routes routes, int mtu, WireFormat wire, long latencyPs) {
        this.latencyPs = latencyPs;
        this.paths = new IdealFct(topology, routes, wire);
        this.dataWire = wire.fullPacketWire(mtu);
        this.ackWire = wire.ackWire();
    }

    @Override
    public long ps(int src, int dst) {
        java.util.List<Cable> path = paths.path(src, dst);
        long rtt = 2 * latencyPs * (path.size() - 1);
        for (Cable c : path) {
            rtt += WireFormat.serializationPs(dataWire, c.rateBps()) + WireFormat.serializationPs(ackWire, c.rateBps())
                    + 2 * c.delayPs();
        }
        return rtt;
    }

    /** Switches on the first equal-cost path (Swift's hop count). */
    @Override
    public int switches(int src, int dst) {
        return paths.path(src, dst).size() - 1;
    }
}
