package org.lossless.experiments.validation;

import java.util.List;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.run.PacketNetwork;
import org.lossless.nic.Flow;

/**
 * Measures every flow's goodput over [fromPs, toPs): the payload bytes its destination held in order
 * ({@link Flow#receivedBytes()}), sampled by one event at each end of the window.
 */
final class GoodputWindow implements PacketEngine.Instrument {
    private final long fromPs;
    private final long toPs;
    private long[] atFrom;
    private long[] atTo;

    GoodputWindow(long fromPs, long toPs) {
        if (fromPs < 0 || toPs <= fromPs) {
            throw new IllegalArgumentException("window must be 0 <= from < to");
        }
        this.fromPs = fromPs;
        this.toPs = toPs;
    }

    @Override
    public void attach(Scheduler sim, PacketNetwork network, List<Flow> flows) {
        atFrom = new long[flows.size()];
        atTo = new long[flows.size()];
        sim.schedule(new SimEvent() {
            private static final long serialVersionUID = 1L;
            private boolean second;

            @Override
            protected void fire() {
                long[] into = second ? atTo : atFrom;
                for (int i = 0; i < flows.size(); i++) {
                    into[i] = flows.get(i).receivedBytes();
                }
                if (!second) {
                    second = true;
                    sim.schedule(this, toPs);
                }
            }
        }, fromPs);
    }

    /** Goodput of flow {@code id} in the window, bits per second. */
    double bps(int id) {
        return (atTo[id] - atFrom[id]) * 8.0 * 1e12 / (toPs - fromPs);
    }
}
