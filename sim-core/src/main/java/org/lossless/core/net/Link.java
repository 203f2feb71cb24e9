package org.lossless.core.net;

import java.util.Arrays;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;

/**
 * One direction of a cable. A frame is put on the link when its transmitter starts it, with its departure time
 * (when its last bit leaves the transmitter, at most one serialization time later); it is "in flight" until it
 * arrives, departure + propagation delay. Frames sit in a ring in arrival order, and only the head has a pending
 * event (htsim's idea): a busy link costs one pending event however many frames it carries.
 *
 * <p>Store-and-forward: a frame is handed to the receiver when its last bit arrives, i.e.
 * propagation delay after the transmitter finished serializing it.
 *
 * <p>The link is its own "head frame arrives" event ({@link #fire()}), one object fewer to fetch per
 * frame on a large fabric (see {@link EgressPort}). Not for scheduling by others.
 *
 * <p>Arrival times: a frame put on the link at C arriving at A with A &minus; C &lt; 2^31 ps (2.1 ms: delay plus
 * what is left of its serialization) carries the low 32 bits of A in {@link Packet#ingressPort} (which only a
 * switch holding the frame uses). When the head arrives at H, the next frame was put on the link at C &le; H, so
 * its arrival N satisfies H &le; N &lt; C + 2^31 &le; H + 2^31, and N is H plus the 32-bit difference: no array of
 * times per link, and the next frame, read here a frame time before it arrives, is warm in cache when it does.
 * A link whose delay is 2^31 ps or more keeps the times in an array from the start; one that is given a frame
 * arriving 2^31 ps or more after it is put on (a long serialization at a slow rate) switches to the array then,
 * for good.
 */
public final class Link extends SimEvent implements org.lossless.core.kernel.Delivery {
    private static final long serialVersionUID = 1L;
    private final Scheduler sim;
    private final long delayPs;
    private final PacketReceiver receiver;
    private final int receiverPort;
    /**
     * A frame arriving this long or longer after it is put on the link makes the link keep arrival times in
     * {@link #arrivalPs}; delays from here up do so from the start.
     */
    static final long STAMP_LIMIT_PS = 1L << 31;
    private Packet[] ring = new Packet[16];
    /** Arrival times of the frames in flight, by ring slot, ps; null while the frames carry them (see the class). */
    private long[] arrivalPs;
    private int head;
    private int count;
    private boolean down;
    /**
     * The transmitter's scheduler when the link crosses from one partition of a parallel run to another (frames are
     * then handed off to this side, {@link Scheduler#handOff}); null when both ends are in one partition.
     */
    private Scheduler from;
    /** Told of each frame put on the link with its arrival time (before it arrives); null when nobody asks. */
    private ArrivalWatch watch;

    /** Who is told of frames put on a link, with their arrival time (a parallel run's look ahead). */
    @FunctionalInterface
    public interface ArrivalWatch {
        /** Frame {@code p} will arrive at {@code atPs}; called on the receiving side's thread. */
        void onTheWay(Packet p, long atPs);
    }

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

    /**
     * Makes this a cut link of a parallel run: {@code sender} is the transmitter's scheduler (its partition), this
     * link's own scheduler is the receiver's. Frames put on the link are handed off to the receiver's partition
     * (taking effect at their arrival time, which is at least the engine's lookahead ahead).
     */
    public void cut(Scheduler sender) {
        this.from = sender;
    }

    /** The transmitter's scheduler of a cut link ({@link #cut}), null when both ends are in one partition. */
    Scheduler cutSender() {
        return from;
    }

    /** The receiving side's scheduler (this link's own). */
    Scheduler receiverScheduler() {
        return sim;
    }

    /** Tells {@code w} of every frame put on the link, with its arrival time. */
    public void watch(ArrivalWatch w) {
        this.watch = w;
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
        lostWhileDown = lost;
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

    /**
     * Puts a frame on the link now, whose last bit leaves the transmitter at {@code departPs} (&ge; now, and no
     * earlier than that of the frame put on before): it arrives at {@code departPs} + delay. The caller checks
     * {@link #isDown()}.
     */
    public void carry(Packet p, long departPs) {
        if (from != null) {
            from.handOff(sim, departPs + delayPs, this, p);
            return;
        }
        arrive(p, departPs + delayPs);
    }

    /** A frame handed off from the other partition ({@link #cut}): it arrives at {@code atPs}. */
    @Override
    public void deliver(long atPs, Object payload) {
        if (!down) {
            arrive((Packet) payload, atPs);
        } else {
            lostWhileDown.accept((Packet) payload);
        }
    }

    /** What is done with a frame handed off to a link that went down before it was delivered. */
    private java.util.function.Consumer<Packet> lostWhileDown = p -> { };

    /** Puts frame {@code p}, arriving at {@code at}, at the tail of the ring. */
    private void arrive(Packet p, long at) {
        if (watch != null) {
            watch.onTheWay(p, at);
        }
        if (count == ring.length) {
            grow();
        }
        int tail = (head + count) & (ring.length - 1);
        ring[tail] = p;
        if (arrivalPs == null && at - sim.now() >= STAMP_LIMIT_PS) {
            keepTimes();
        }
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

    /** Puts a frame whose last bit left the transmitter now on the link ({@link #carry(Packet, long)}). */
    public void carry(Packet p) {
        carry(p, sim.now());
    }

    /** Whether the arrival times of frames in flight are kept in an array (true) or in the frames. */
    boolean keepsTimes() {
        return arrivalPs != null;
    }

    /**
     * Moves the arrival times of the frames in flight from the frames to an array, kept from now on. Each of them
     * arrives at or after now (the head's event is pending) and less than 2^31 ps after it (it was put on before
     * now, less than that before its arrival), so its time is now plus the 32-bit difference.
     */
    private void keepTimes() {
        long now = sim.now();
        long[] a = new long[ring.length];
        for (int i = 0; i < count; i++) {
            int j = (head + i) & (ring.length - 1);
            a[j] = now + ((ring[j].ingressPort - (int) now) & 0xFFFF_FFFFL);
        }
        arrivalPs = a;
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
            long now = sim.now(); // p's arrival; the next one's is less than 2^31 ps later (see the class)
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
