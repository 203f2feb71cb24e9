package org.lossless.experiments.run;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.nic.Flow;

/**
 * Starts flows at their start times with a single pending event that walks the flows in
 * (start, id) order, so a run with a million flows still has one starter event pending.
 */
final class FlowStarter extends SimEvent {
    private static final long serialVersionUID = 1L;
    private final Scheduler sim;
    private final PacketNetwork network;
    private final Flow[] order;
    private int next;

    FlowStarter(Scheduler sim, PacketNetwork network, List<Flow> flows) {
        this.sim = sim;
        this.network = network;
        this.order = flows.toArray(new Flow[0]);
        Arrays.sort(order, Comparator.comparingLong((Flow f) -> f.startPs).thenComparingInt(f -> f.id));
    }

    /** Schedules the first start, if any. */
    void arm() {
        if (order.length > 0) {
            sim.schedule(this, order[0].startPs);
        }
    }

    @Override
    protected void fire() {
        long now = sim.now();
        while (next < order.length && order[next].startPs <= now) {
            Flow f = order[next++];
            network.nic(f.src).startFlow(f);
        }
        if (next < order.length) {
            sim.schedule(this, order[next].startPs);
        }
    }
}
