package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.lossless.core.net.WireFormat;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.MmuFactory;
import org.lossless.switchmodel.settings.PortSpec;
import org.lossless.switchmodel.settings.SwitchPorts;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * Builds every distinct switch of the topology once at load time (one MMU per distinct port layout: a
 * leaf-spine has two, a fat-tree three), so that settings that cannot fit a switch's ports (a buffer too
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
        Topology t;
        try {
            t = topology.build();
        } catch (RuntimeException e) {
            return; // the topology's own error is reported where it is read or built
        }
        Set<List<Object>> seen = new HashSet<>();
        for (Node node : t.nodes()) {
            if (node.isHost()) {
                continue;
            }
            List<PortSpec> ports = SwitchPorts.of(t, node.id(), s, nic.pfcResponsePs());
            long nicRate = SwitchPorts.nicRate(t, node.id());
            if (ports.size() > MAX_PORTS || !seen.add(List.of(ports, nicRate))) {
                continue;
            }
            try {
                MmuFactory.create(s, ports, nic.wire().largestFrame(nic.mtu()), nicRate);
                MmuFactory.ecnConfig(s, ports);
                MmuFactory.pfcTiming(s);
            } catch (IllegalArgumentException e) {
                throw sw.error("switch " + node.name() + " (" + ports.size() + " ports in this " + topology.type()
                        + " topology) cannot be built: " + e.getMessage());
            }
        }
    }
}
