package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;

import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchMmus;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * Assembles every switch of the topology at load time ({@link Fabric#mmus}: one MMU configuration per distinct
 * port layout, a leaf-spine has two, a fat-tree three, kept for the lints and the run), so that settings that cannot fit a switch's ports (a buffer too
 * small for the reserved and headroom bytes of 1,000 ports, a kmax below hpcc2019's per-speed kmin) are a
 * scenario error naming {@code switch} rather than a failure when the run starts. Switches of more than
 * {@link #MAX_PORTS} ports are not built here (the engine reports them).
 */
final class SwitchCheck {
    /** Larger switches are not built at load time (the check allocates per port and priority). */
    static final int MAX_PORTS = 4096;

    private SwitchCheck() {
    }

    static void check(Cursor sw, SwitchSettings s, Fabric topology, NicConfig nic) {
        Topology t = topology.topologyOrNull();
        if (t == null) {
            return; // the topology's own error is reported where it is read or built
        }
        SwitchMmus mmus = topology.mmus(s, nic);
        for (Node node : t.nodes()) {
            int ports = t.ports(node.id()).size();
            if (node.isHost() || ports > MAX_PORTS) {
                continue;
            }
            try {
                mmus.of(node.id()); // assembled once per port layout, kept for the lints and the run
                mmus.timing();
            } catch (IllegalArgumentException e) {
                throw sw.error("switch " + node.name() + " (" + ports + " ports in this " + topology.type()
                        + " topology) cannot be built: " + e.getMessage());
            }
        }
    }
}
