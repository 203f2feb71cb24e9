package org.lossless.switchmodel.settings;

import java.util.ArrayList;
import java.util.List;

import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * A switch's ports as the MMU sees them ({@link PortSpec}: rate and cable), and the NIC rate that sizes its
 * rate-dependent thresholds: one helper for the network builder, the load-time switch check and the lints.
 */
public final class SwitchPorts {
    private SwitchPorts() {
    }

    /** The port specs of node {@code nodeId}, in port order. */
    public static List<PortSpec> of(Topology t, int nodeId) {
        List<PortSpec> specs = new ArrayList<>();
        for (Port p : t.ports(nodeId)) {
            specs.add(PortSpec.ofDelay(p.cable().rateBps(), p.cable().delayPs()));
        }
        return specs;
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
