package org.lossless.experiments.validation;

import java.util.List;

import org.lossless.core.kernel.Kernel;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.PacketPool;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.run.PacketNetwork;
import org.lossless.nic.Flow;
import org.lossless.nic.FlowTable;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.OutputQueues;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;

/**
 * The packet model exactly as {@link org.lossless.experiments.run.PacketEngine} builds it (same
 * {@link PacketNetwork#build}, kernel seeded with the scenario seed), but kept open so that a test can
 * attach probes and run it in steps. Flows start at their start times; the run never stops early.
 * No failures; ECMP picks one path per flow (the default routing).
 */
final class PacketHarness {
    final Kernel kernel;
    final FlowTable flows = new FlowTable();
    final PacketNetwork network;
    final Topology topology;

    PacketHarness(Topology topology, NicConfig nic, SwitchSettings switches, List<FlowSpec> specs, long seed) {
        this.topology = topology;
        this.kernel = new Kernel(seed);
        for (FlowSpec s : specs) {
            flows.add(new Flow(flows.size(), s.workload(), s.src(), s.dst(), s.size(), s.startPs(), s.priority()));
        }
        network = PacketNetwork.build(topology, Routes.shortestPaths(topology), kernel, kernel.streams(),
                new PacketPool(), flows, nic, switches, (flow, now) -> { }, seed, false); // ECMP per flow, as default
        for (Flow f : flows.all()) {
            kernel.schedule(new Start(f), f.startPs);
        }
    }

    /** Runs every event up to and including {@code stopPs}. */
    void runUntil(long stopPs) {
        kernel.runUntil(stopPs);
    }

    Flow flow(int id) {
        return flows.get(id);
    }

    /** The egress queues of {@code switchName}'s port towards node {@code peerName}. */
    OutputQueues queuesTowards(String switchName, String peerName) {
        return network.switchAt(topology.nodeId(switchName)).queues(port(switchName, peerName));
    }

    /** Port index of {@code nodeName} whose cable leads to {@code peerName} (the first, if several). */
    int port(String nodeName, String peerName) {
        int node = topology.nodeId(nodeName);
        int peer = topology.nodeId(peerName);
        return topology.ports(node).stream().filter(p -> p.peer() == peer).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(nodeName + " has no port to " + peerName)).index();
    }

    /** Starts one flow (tests have a handful of flows; the engine uses one walking starter instead). */
    private final class Start extends SimEvent {
        private static final long serialVersionUID = 1L;
        private final transient Flow flow;

        Start(Flow flow) {
            this.flow = flow;
        }

        @Override
        protected void fire() {
            network.nic(flow.src).startFlow(flow);
        }
    }
}
