package org.lossless.core.net;

import java.util.Arrays;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;

/**
 * One direction of a cable. Frames whose last bit has left the transmitter are "in flight" for the
 * propagation delay; they sit in a ring in arrival order, and only the head has a pending event
 * (htsim's idea): a busy link costs one pending event however many frames it carries.
 *
 * <p>Store-and-forward: a frame is handed to the receiver when its last bit arrives, i.e.
 * propagation delay after the transmitter finished serializing it.
 *
 * <p>The link is its own "head frame arrives" event ({@link #fire()}), one object fewer to fetch per
 * frame on a large fabric (see {@link EgressPort}). Not for scheduling by others.
 */
public final class Link extends SimEvent {
    private static final long serialVersionUID = 1L;
    private final Scheduler sim;
    private final long delayPs;
    private final PacketReceiver receiver;
    private final int receiverPort;
    private Packet[] ring = new Packet[16];
    private long[] arrivalPs = new long[16];
    private int head;
    private int count;
    private boolean down;

    public Link(Scheduler sim, long delayPs, PacketReceiver receiver, int receiverPort) {
        if (delayPs < 0) {
            throw new IllegalArgumentException("delay must be >= 0 ps");
        }
        this.sim = sim;
        this.delayPs = delayPs;
        this.receiver = receiver;
        this.receiverPort = receiverPort;
    }

    /** One-way propagation delay, ps. */
    public long delayPs() {
        return delayPs;
    }

    /** Frames currently in flight. */
    public int inFlight() {
        return count;
    }

    /** Whether the link is failed. */
    public boolean isDown() {
        return down;
    }

    /**
     * Fails the link: frames in flight are lost and handed to {@code lost} (which counts and recycles
     * them); nothing arrives until {@link #restore()}.
     */
    public void fail(java.util.function.Consumer<Packet> lost) {
        down = true;
        sim.cancel(this);
        while (count > 0) {
            Packet p = ring[head];
            ring[head] = null;
            head = (head + 1) & (ring.length - 1);
            count--;
            lost.accept(p);
        }
    }

    /** Repairs a failed link. */
    public void restore() {
        down = false;
    }

    /** Puts a frame whose last bit left the transmitter now on the link. The caller checks {@link #isDown()}. */
    public void carry(Packet p) {
        if (count == ring.length) {
            grow();
        }
        int tail = (head + count) & (ring.length - 1);
        long at = sim.now() + delayPs;
        ring[tail] = p;
        arrivalPs[tail] = at;
        count++;
        if (count == 1) {
            sim.schedule(this, at);
        }
    }

    private void grow() {
        Packet[] r = new Packet[ring.length * 2];
        long[] a = new long[ring.length * 2];
        for (int i = 0; i < count; i++) {
            int j = (head + i) & (ring.length - 1);
            r[i] = ring[j];
            a[i] = arrivalPs[j];
        }
        ring = r;
        arrivalPs = a;
        head = 0;
    }

    /** The head frame arrives: it leaves the ring, the next head's arrival is scheduled, the receiver gets it. */
    @Override
    protected void fire() {
        Packet p = ring[head];
        ring[head] = null;
        head = (head + 1) & (ring.length - 1);
        count--;
        if (count > 0) {
            sim.schedule(this, arrivalPs[head]);
        }
        receiver.receive(p, receiverPort);
    }

    @Override
    public String toString() {
        return "Link[delay=" + delayPs + "ps, inFlight=" + count + ", ring=" + Arrays.toString(new int[] {ring.length}) + "]";
    }
}
