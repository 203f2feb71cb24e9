package org.lossless.switchmodel.settings;

import java.util.ArrayList;
import java.util.List;

import org.lossless.switchmodel.headroom.PeerResponse;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * A switch's ports as the MMU sees them ({@link PortSpec}: rate, cable and the PFC response time of the
 * transmitter at the other end, which {@code headroom: auto} must cover), and the NIC rate that sizes its
 * rate-dependent thresholds: one helper for the network builder, the load-time switch check and the lints,
 * so all of them size the same switch the same way.
 *
 * <p>Response times: a switch port's is {@code switch.pfc.response_time}, a NIC's is
 * {@code nic.pfc_response_time}; {@code auto} (the default of both) is the IEEE 802.3 budget at the port's
 * speed ({@link PeerResponse#budgetPs}: 394 quanta = 2,017,280 ps at 100 Gb/s).
 */
public final class SwitchPorts {
    /** A NIC response time meaning {@code auto} (the IEEE budget at the link's speed); equals nic-cc's value. */
    public static final long AUTO_RESPONSE = -1;

    private SwitchPorts() {
    }

    /**
     * The port specs of switch {@code nodeId}, in port order.
     *
     * @param nicResponsePs {@code nic.pfc_response_time}, ps, or {@link #AUTO_RESPONSE}
     */
    public static List<PortSpec> of(Topology t, int nodeId, SwitchSettings s, long nicResponsePs) {
        List<PortSpec> specs = new ArrayList<>();
        for (Port p : t.ports(nodeId)) {
            long rate = p.cable().rateBps();
            specs.add(PortSpec.ofDelay(rate, p.cable().delayPs())
                    .withPeerResponse(responsePs(t, p.peer(), rate, s, nicResponsePs)));
        }
        return specs;
    }

    /** The response time of the transmitter on {@code node} (host or switch) at {@code rateBps}, ps. */
    public static long responsePs(Topology t, int node, long rateBps, SwitchSettings s, long nicResponsePs) {
        if (t.node(node).isHost()) {
            return nicResponsePs == AUTO_RESPONSE ? PeerResponse.budgetPs(rateBps) : nicResponsePs;
        }
        PfcSettings pfc = s.pfc() == null ? PfcSettings.UNSET : s.pfc();
        return pfc.responsePs(rateBps);
    }

    /** The fastest host link on the switch (sizes hpcc2019 thresholds), else host 0's link rate, bps. */
    public static long nicRate(Topology t, int nodeId) {
        long nicRate = 0;
        for (Port p : t.ports(nodeId)) {
            if (t.node(p.peer()).isHost()) {
                nicRate = Math.max(nicRate, p.cable().rateBps());
            }
        }
        return nicRate != 0 ? nicRate : t.ports(t.hostNode(0)).get(0).cable().rateBps();
    }
}
