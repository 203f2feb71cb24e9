package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Link;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketReceiver;
import org.lossless.core.net.PortCounters;
import org.lossless.nic.FlowListener;
import org.lossless.nic.FlowTable;
import org.lossless.nic.HostNic;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;

/**
 * The packet-level model of a fabric: one {@link HostNic} per host, one {@link SwitchNode} per
 * switch, and for every cable two {@link EgressPort}s and two {@link Link}s (one per direction).
 */
public final class PacketNetwork {
    private final Topology topology;
    private final HostNic[] nics;
    private final SwitchNode[] switches;
    /** [node id][port index] -> egress port. */
    private final EgressPort[][] egress;

    private PacketNetwork(Topology topology, HostNic[] nics, SwitchNode[] switches, EgressPort[][] egress) {
        this.topology = topology;
        this.nics = nics;
        this.switches = switches;
        this.egress = egress;
    }

    /**
     * Builds the model.
     *
     * @param seed scenario seed; each switch's ECMP hash seed is derived from it and the switch name
     */
    public static PacketNetwork build(Topology t, Routes routes, Scheduler sim, PacketPool pool, FlowTable flows,
                                      NicConfig nicConfig, FlowListener listener, long seed) {
        int n = t.nodes().size();
        HostNic[] nics = new HostNic[t.hostCount()];
        SwitchNode[] switches = new SwitchNode[n];
        PacketReceiver[] receivers = new PacketReceiver[n];
        for (Node node : t.nodes()) {
            if (node.isHost()) {
                int h = t.hostNumber(node.id());
                nics[h] = new HostNic(h, node.name(), sim, pool, flows, nicConfig, listener);
                receivers[node.id()] = nics[h];
            } else {
                long hashSeed = seed * 0x9E3779B97F4A7C15L ^ node.name().hashCode();
                switches[node.id()] = new SwitchNode(node.id(), node.name(), routes, hashSeed, t.ports(node.id()).size(),
                        pool);
                receivers[node.id()] = switches[node.id()];
            }
        }
        EgressPort[][] egress = new EgressPort[n][];
        for (Node node : t.nodes()) {
            List<Port> ports = t.ports(node.id());
            egress[node.id()] = new EgressPort[ports.size()];
            for (Port p : ports) {
                EgressPort e = new EgressPort(sim, p.cable().rateBps());
                Link link = new Link(sim, p.cable().delayPs(), receivers[p.peer()], p.peerPort());
                egress[node.id()][p.index()] = e;
                if (node.isHost()) {
                    HostNic nic = nics[t.hostNumber(node.id())];
                    e.connect(link, nic);
                    nic.attach(e);
                } else {
                    e.connect(link, switches[node.id()].attach(p.index(), e));
                }
            }
        }
        return new PacketNetwork(t, nics, switches, egress);
    }

    public Topology topology() {
        return topology;
    }

    public HostNic nic(int host) {
        return nics[host];
    }

    /** The switch model at {@code nodeId}, or null for a host. */
    public SwitchNode switchAt(int nodeId) {
        return switches[nodeId];
    }

    public EgressPort egress(int nodeId, int port) {
        return egress[nodeId][port];
    }

    /**
     * One row per (node, port, priority) that carried traffic, in node, port, priority order. Call once,
     * at the end of the run: it closes the paused-time accounting.
     */
    public List<PortResult> portResults() {
        List<PortResult> rows = new ArrayList<>();
        for (Node node : topology.nodes()) {
            for (Port p : topology.ports(node.id())) {
                EgressPort e = egress[node.id()][p.index()];
                e.closeAccounting();
                PortCounters c = e.counters();
                for (int prio = 0; prio < PortCounters.PRIORITIES; prio++) {
                    if (c.active(prio)) {
                        rows.add(new PortResult(node.name(), p.index(), topology.node(p.peer()).name(), prio,
                                e.rateBps(), c.txBytes[prio], c.txPackets[prio], c.drops[prio], c.ecnMarked[prio],
                                c.pauseTx[prio], c.pauseRx[prio], c.pausedPs[prio], c.maxQueueBytes[prio]));
                    }
                }
            }
        }
        return Collections.unmodifiableList(rows);
    }
}
