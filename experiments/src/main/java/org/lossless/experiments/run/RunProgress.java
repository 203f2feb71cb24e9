package org.lossless.experiments.run;

import java.util.List;

import org.lossless.core.kernel.Engine;
import org.lossless.topology.Topology;
import org.lossless.workloads.flows.ListedFlow;

/**
 * A window on a running simulation for another thread (a progress bar, a shutdown hook): the simulated time
 * and event count the kernel publishes once per batch of events (no cost per event), the stop time, an
 * estimate of when the work ends, and a way to ask the run to stop. Every field is volatile; the engine
 * fills it when the model is built ({@link #start}).
 */
public final class RunProgress {
    private volatile Engine kernel;
    private volatile long stopTimePs = -1;
    private volatile long estimatedEndPs = -1;
    private volatile boolean stopRequested;
    private volatile boolean computingIdeal;

    /** Called by the engine once the model is built, before the first event. */
    void start(Engine k, long stopPs, long estimatedEnd) {
        this.stopTimePs = stopPs;
        this.estimatedEndPs = estimatedEnd;
        this.kernel = k;
        if (stopRequested) {
            k.requestAbort();
        }
    }

    /** Asks the run to end soon without results ({@link RunInterruptedException}); any thread. */
    public void requestStop() {
        stopRequested = true;
        Engine k = kernel;
        if (k != null) {
            k.requestAbort();
        }
    }

    /** Called by the engine when the run has ended and the jobs' ideal is still being computed ({@link IdealReplay}). */
    void computingIdeal() {
        computingIdeal = true;
    }

    /**
     * True once the simulation has ended and the results wait for the jobs' ideal (the message-level replay of each
     * job alone): the simulated time no longer advances, but the run is not stuck.
     */
    public boolean computingIdealNow() {
        return computingIdeal;
    }

    public boolean stopRequested() {
        return stopRequested;
    }

    /** True once the model is built and the simulation runs (or ran). */
    public boolean started() {
        return kernel != null;
    }

    /** Simulated time reached, ps (0 before the start). */
    public long simTimePs() {
        Engine k = kernel;
        return k == null ? 0 : k.progressNowPs();
    }

    /** Events executed (0 before the start). */
    public long events() {
        Engine k = kernel;
        return k == null ? 0 : k.progressEvents();
    }

    /** The run's stop_time, ps; -1 before the start. */
    public long stopTimePs() {
        return stopTimePs;
    }

    /**
     * When the work would end at best, ps (at most the stop time); -1 before the start. A lower bound: each
     * host's bytes sent and received at its link rate after its first flow starts, so an incast's receiver
     * link is counted once for all senders. Congestion control and pauses make the real end later.
     */
    public long estimatedEndPs() {
        return estimatedEndPs;
    }

    /** The lower bound of {@link #estimatedEndPs()} for {@code flows} on {@code t}, capped at {@code stopPs}. */
    static long estimateEnd(Topology t, List<? extends ListedFlow> flows, long stopPs) {
        int n = t.hostCount();
        double[] bits = new double[2 * n];
        long[] first = new long[n];
        java.util.Arrays.fill(first, Long.MAX_VALUE);
        for (ListedFlow f : flows) {
            bits[2 * f.src()] += f.sizeBytes() * 8.0;
            bits[2 * f.dst() + 1] += f.sizeBytes() * 8.0;
            first[f.src()] = Math.min(first[f.src()], f.startPs());
            first[f.dst()] = Math.min(first[f.dst()], f.startPs());
        }
        double end = 0;
        for (int h = 0; h < n; h++) {
            if (first[h] == Long.MAX_VALUE) {
                continue;
            }
            double rate = t.ports(t.hostNode(h)).get(0).cable().rateBps();
            end = Math.max(end, first[h] + Math.max(bits[2 * h], bits[2 * h + 1]) / rate * 1e12);
        }
        return (long) Math.min(end, stopPs);
    }
}
