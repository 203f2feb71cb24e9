package org.lossless.workloads.collective;

import java.util.ArrayList;
import java.util.List;

import org.lossless.workloads.traffic.Message;

/**
 * The NIC egress ports of a {@link DryRun} as fluid queues: every message being sent is a flow that gets an
 * equal share of its sender's line rate ({@code rate = R_src / flows out of src}), recomputed whenever a flow
 * starts or ends there. That is what the NIC's per-packet round robin between queue pairs gives a set of
 * messages. Receivers are not a limit: see {@link DryRun} for why. Bytes are wire bytes; rates bytes per
 * picosecond.
 *
 * <p>A flow's finish event is only moved earlier, never later: when its share shrinks the old event stays,
 * and when it comes due with bytes left the flow is rescheduled ({@link #due}). That keeps the event queue
 * to about one live entry per flow whatever the churn around it.
 */
final class FluidNics {
    /** Asked to call {@link #due} for {@code f} at {@code atPs}. */
    interface Schedule {
        void finishAt(Flow f, long atPs);
    }

    /** Bytes left under which a flow counts as sent (rounding of the double arithmetic). */
    private static final double DONE = 1e-3;

    /** One message being sent. */
    static final class Flow {
        final Message message;
        final int src;
        double remaining;
        double rate;
        long last;
        /** Time of the flow's earliest pending event, or {@link Long#MAX_VALUE}. */
        long dueAt = Long.MAX_VALUE;
        boolean done;

        Flow(Message message, int src, long wireBytes) {
            this.message = message;
            this.src = src;
            this.remaining = wireBytes;
        }
    }

    private final double[] bytesPerPs;
    private final List<List<Flow>> out = new ArrayList<>();

    /** @param rateBps line rate of each host's NIC, bits per second */
    FluidNics(long[] rateBps) {
        bytesPerPs = new double[rateBps.length];
        for (int h = 0; h < rateBps.length; h++) {
            bytesPerPs[h] = rateBps[h] / 8e12;
            out.add(new ArrayList<>(4));
        }
    }

    /** {@code f} starts sending at {@code now}. */
    void start(Flow f, long now, Schedule s) {
        f.last = now;
        out.get(f.src).add(f);
        reshare(f.src, now, s);
    }

    /**
     * An event of {@code f} scheduled for {@code now} came due: true if {@code f} has sent its last byte (it
     * then leaves its port), false if it was stale or the flow, slowed down since, was rescheduled.
     */
    boolean due(Flow f, long now, Schedule s) {
        if (f.done || f.dueAt != now) {
            return false;
        }
        settle(f, now);
        f.dueAt = Long.MAX_VALUE;
        if (f.remaining > DONE) {
            schedule(f, now, s);
            return false;
        }
        f.done = true;
        out.get(f.src).remove(f);
        reshare(f.src, now, s);
        return true;
    }

    private void reshare(int src, long now, Schedule s) {
        List<Flow> flows = out.get(src);
        double share = bytesPerPs[src] / Math.max(1, flows.size());
        for (Flow g : flows) {
            settle(g, now);
            g.rate = share;
            schedule(g, now, s);
        }
    }

    private static void settle(Flow g, long now) {
        g.remaining = Math.max(0, g.remaining - g.rate * (now - g.last));
        g.last = now;
    }

    private static void schedule(Flow g, long now, Schedule s) {
        long at = now + (long) Math.ceil(g.remaining / g.rate);
        if (at < g.dueAt) {
            g.dueAt = at;
            s.finishAt(g, at);
        }
    }
}
