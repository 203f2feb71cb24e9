package org.lossless.switchmodel.settings;

import java.util.List;
import java.util.function.IntFunction;

import org.lossless.core.net.EgressPort;
import org.lossless.core.net.PacketPool;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * Turns on credit-based flow control ({@code switch.flow_control: cbfc}, {@code switch.cbfc}) on every port of a
 * built fabric ({@link SwitchMmus#installCbfc}): each transmitter starts with the credit its receiver grants per class
 * (fixed, or {@code auto} for its link: rate, cable, credit delay and, into a switch, the switch's forwarding latency;
 * {@link CbfcSettings#creditsFor}), each switch reserves those grants for its ingress ports, and both ends of every
 * cable carry credit updates.
 */
final class CbfcWiring {
    private CbfcWiring() {
    }

    /**
     * @param poolOf   the frame pool of a node (by node id): credit updates come from the sending port's own pool
     * @param maxFrame the largest data frame (as buffered) at the NIC's MTU, bytes: the frame the auto rule sizes for
     */
    static void install(Topology t, EgressPort[][] egress, SwitchNode[] switches, IntFunction<PacketPool> poolOf,
                        SwitchSettings s, int maxFrame) {
        CbfcSettings c = s.cbfc();
        if (c == null) {
            return;
        }
        int mask = c.mask();
        // a freed full data frame (more than half the largest) makes an update at once; small frames (ACKs) add up
        for (Node node : t.nodes()) {
            for (Port p : t.ports(node.id())) {
                egress[node.id()][p.index()].enableCredits(poolOf.apply(node.id()), mask, c.creditDelayPs(), maxFrame / 2);
            }
        }
        for (Node node : t.nodes()) {
            if (node.isHost()) {
                continue;
            }
            List<Port> ports = t.ports(node.id());
            long[] grants = new long[ports.size()];
            for (Port p : ports) {
                // what this switch grants the transmitter at the far end of port p
                long grant = c.creditsFor(p.cable().rateBps(), p.cable().delayPs(), maxFrame, s.latencyPs());
                grants[p.index()] = grant;
                grantAll(egress[p.peer()][p.peerPort()], mask, grant);
            }
            switches[node.id()].cbfc(mask, grants);
        }
        for (Node node : t.nodes()) {
            if (node.isHost()) {
                // what the NIC, which holds nothing, grants the switch port facing it
                Port p = t.ports(node.id()).get(0);
                grantAll(egress[p.peer()][p.peerPort()], mask,
                        c.creditsFor(p.cable().rateBps(), p.cable().delayPs(), maxFrame, 0));
            }
        }
    }

    private static void grantAll(EgressPort tx, int mask, long bytes) {
        for (int m = mask; m != 0; m &= m - 1) {
            tx.credits().grant(Integer.numberOfTrailingZeros(m), bytes);
        }
    }
}
