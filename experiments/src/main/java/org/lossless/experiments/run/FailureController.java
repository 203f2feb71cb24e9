package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.topology.Cable;
import org.lossless.topology.Failures;
import org.lossless.topology.Node;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;

/**
 * Plays the scenario's failures: at the failure time the cables go down (frames on them and queued
 * for them are dropped and counted); switches keep forwarding with their old tables, so traffic
 * hashed onto the dead link is lost, until routing converges {@code convergencePs} later, when every
 * switch gets tables computed without the failed parts. Repairs work the same way in reverse.
 * Transport (NACK, retransmission timeout) recovers the lost packets.
 */
final class FailureController {
    private final Scheduler sim;
    private final PacketNetwork network;
    private final Topology topology;
    private final long convergencePs;
    private final Set<Cable> downCables = new HashSet<>();
    private final Set<Integer> downNodes = new HashSet<>();
    private int routeVersion;

    FailureController(Scheduler sim, PacketNetwork network, long convergencePs) {
        this.sim = sim;
        this.network = network;
        this.topology = network.topology();
        this.convergencePs = convergencePs;
    }

    /** Schedules every failure and repair. Unknown nodes or missing links are an IllegalArgumentException. */
    void arm(List<FailureSpec> failures) {
        for (FailureSpec f : failures) {
            List<Cable> cables = cablesOf(f);
            Integer node = f.isSwitch() ? topology.nodeId(f.node()) : null;
            schedule(f.downPs(), () -> apply(cables, node, true));
            if (f.upPs() >= 0) {
                schedule(f.upPs(), () -> apply(cables, node, false));
            }
        }
    }

    private List<Cable> cablesOf(FailureSpec f) {
        int a = idOf(f.node());
        if (f.isSwitch()) {
            if (topology.node(a).isHost()) {
                throw new IllegalArgumentException(f.describe() + ": " + f.node() + " is a host, not a switch");
            }
            List<Cable> all = new ArrayList<>();
            for (var p : topology.ports(a)) {
                all.add(p.cable());
            }
            return all;
        }
        List<Cable> between = topology.cablesBetween(a, idOf(f.peer()));
        if (between.isEmpty()) {
            throw new IllegalArgumentException(f.describe() + ": no link between " + f.node() + " and " + f.peer());
        }
        return between;
    }

    private int idOf(String name) {
        return topology.findNode(name).map(Node::id)
                .orElseThrow(() -> new IllegalArgumentException("failures: no node named '" + name + "'"));
    }

    private void apply(List<Cable> cables, Integer node, boolean fail) {
        for (Cable c : cables) {
            if (fail ? downCables.add(c) : downCables.remove(c)) {
                if (fail) {
                    network.failCable(c);
                } else {
                    network.restoreCable(c);
                }
            }
        }
        if (node != null) {
            if (fail) {
                downNodes.add(node);
            } else {
                downNodes.remove(node);
            }
        }
        int version = ++routeVersion;
        schedule(sim.now() + convergencePs, () -> {
            if (version == routeVersion) {
                network.setRoutes(Routes.shortestPaths(topology, Failures.of(downCables, downNodes)));
            }
        });
    }

    private void schedule(long at, Runnable action) {
        sim.schedule(new SimEvent() {
            private static final long serialVersionUID = 1L;

            @Override
            protected void fire() {
                action.run();
            }
        }, at);
    }
}
