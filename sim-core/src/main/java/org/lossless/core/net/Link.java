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
 *
 * <p>Arrival times: when the head arrives at H, the next frame arrives at N with H &le; N &le; H + delay (it was
 * put on the link before H). So below a delay of 2^31 ps (2.1 ms) a frame in flight carries the low 32 bits of
 * its arrival time in {@link Packet#ingressPort} (which only a switch holding the frame uses), and N is H plus the
 * 32-bit difference: no array of times per link, and the next frame, read here a frame time before it arrives,
 * is warm in cache when it does. Longer delays keep the times in an array.
 */
public final class Link extends SimEvent {
    private static final long serialVersionUID = 1L;
    private final Scheduler sim;
    private final long delayPs;
    private final PacketReceiver receiver;
    private final int receiverPort;
    /** Delays from here up keep arrival times in {@link #arrivalPs}; shorter ones in the frames. */
    static final long STAMP_LIMIT_PS = 1L << 31;
    private Packet[] ring = new Packet[16];
    /** Arrival times of the frames in flight, by ring slot, ps; null when the frames carry them (delay below 2^31 ps). */
    private long[] arrivalPs;
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
        this.arrivalPs = delayPs < STAMP_LIMIT_PS ? null : new long[ring.length];
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
        if (arrivalPs == null) {
            p.ingressPort = (int) at;
        } else {
            arrivalPs[tail] = at;
        }
        count++;
        if (count == 1) {
            sim.schedule(this, at);
        }
    }

    private void grow() {
        Packet[] r = new Packet[ring.length * 2];
        long[] a = arrivalPs == null ? null : new long[ring.length * 2];
        for (int i = 0; i < count; i++) {
            int j = (head + i) & (ring.length - 1);
            r[i] = ring[j];
            if (a != null) {
                a[i] = arrivalPs[j];
            }
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
            long now = sim.now(); // p's arrival; the next one's is at most the delay later
            sim.schedule(this, arrivalPs == null ? now + ((ring[head].ingressPort - (int) now) & 0xFFFF_FFFFL)
                    : arrivalPs[head]);
        }
        receiver.receive(p, receiverPort);
    }

    @Override
    public String toString() {
        return "Link[delay=" + delayPs + "ps, inFlight=" + count + ", ring=" + Arrays.toString(new int[] {ring.length}) + "]";
    }
}
