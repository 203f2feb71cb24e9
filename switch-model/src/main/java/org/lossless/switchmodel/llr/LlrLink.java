package org.lossless.switchmodel.llr;

import java.util.function.Consumer;

import nl.tudelft.simulation.jstats.streams.StreamInterface;
import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketReceiver;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.WireFormat;

/**
 * The receiving end of one link direction with injected frame errors and, optionally, link-level retry (LLR,
 * Ultra Ethernet). It stands between the {@link org.lossless.core.net.Link} and the node that receives.
 *
 * <p>Errors: each frame (data or control, not PFC) is corrupted with probability {@code frameErrorRate} (a draw
 * from the link's own stream), or, for tests, when it is the n-th frame of the link ({@link #corruptFrame}).
 * Without LLR a corrupted frame is lost (counted, handed to {@code lost}).
 *
 * <p>LLR: the receiver detects the bad frame when its last bit arrives at T and sends a link-level NACK at once
 * (a 64 B control frame: its line time, then the cable delay back); the transmitter replays from its replay buffer
 * the bad frame and every frame it sent after it, which the receiver discarded meanwhile (go-back-N at the link
 * layer), back to back from the NACK's arrival. So the bad frame arrives again at
 * T + NACK line time + 2 x delay + its own line time: one link RTT plus serialization after its first arrival, and
 * every later frame arrives no earlier than its predecessor plus its own line time (the wire carries the replay
 * first). Frames are delivered in order, never lost. The replay buffer must hold what the transmitter sends in one
 * link RTT plus a frame ({@link #replayBufferBytes}).
 *
 * <p>Simplified: the replay is charged to the receiving side's timing, not to the transmitter's port (whose
 * queue drains as if the replay took no wire time: its buffer occupancy is underestimated by up to one link RTT of
 * frames during a recovery); the NACK does not wait for a frame on the reverse wire; an error in a replayed frame
 * or in the NACK is not modelled (a replayed frame is never corrupted). No allocation per frame.
 */
public final class LlrLink extends SimEvent implements PacketReceiver {
    private static final long serialVersionUID = 1L;
    /** Line bytes of the link-level NACK: a 64 B frame plus preamble, SFD and IFG. */
    public static final int NACK_WIRE_BYTES = 84;
    private final transient Scheduler sim;
    private final transient PacketReceiver downstream;
    private final transient Consumer<Packet> lost;
    private final transient StreamInterface stream;
    private final long delayPs;
    private final long rateBps;
    private final double frameErrorRate;
    private final boolean llr;
    private long corruptFrame = -1;
    private long frames;
    /** Frames held for in-order delivery after a recovery, with their delivery times. */
    private Packet[] held = new Packet[16];
    private long[] at = new long[16];
    private int[] port = new int[16];
    private int head;
    private int count;
    /** Delivery time of the last frame held, ps. */
    private long lastPs;
    private long corrupted;
    private long replayed;
    private long maxRecoveryPs;

    /**
     * @param delayPs        the link's one-way delay, ps
     * @param rateBps        the link's rate, bps
     * @param frameErrorRate probability that a frame is corrupted, 0..1
     * @param llr            whether the link retries (else a corrupted frame is lost)
     * @param lost           takes a frame lost to an error (counts and recycles it)
     */
    public LlrLink(Scheduler sim, PacketReceiver downstream, long delayPs, long rateBps, double frameErrorRate,
                   boolean llr, StreamInterface stream, Consumer<Packet> lost) {
        if (!(frameErrorRate >= 0 && frameErrorRate <= 1)) {
            throw new IllegalArgumentException("frame error rate must be 0..1, got " + frameErrorRate);
        }
        this.sim = sim;
        this.downstream = downstream;
        this.delayPs = delayPs;
        this.rateBps = rateBps;
        this.frameErrorRate = frameErrorRate;
        this.llr = llr;
        this.stream = stream;
        this.lost = lost;
    }

    /** Corrupts the {@code n}-th frame (0-based) this link carries, whatever the error rate (tests). */
    public void corruptFrame(long n) {
        this.corruptFrame = n;
    }

    /** Bytes the transmitter's replay buffer needs: one link RTT plus a NACK and a frame of {@code maxFrameWire}. */
    public static long replayBufferBytes(long delayPs, long rateBps, int maxFrameWire) {
        return (long) Math.ceil((2.0 * delayPs * rateBps / 8e12)) + NACK_WIRE_BYTES + 2L * maxFrameWire;
    }

    @Override
    public void receive(Packet p, int inPort) {
        long now = sim.now();
        long n = frames++;
        boolean bad = p.type != PacketType.PFC && (n == corruptFrame
                || frameErrorRate > 0 && stream.nextDouble() < frameErrorRate);
        long ser = WireFormat.serializationPs(p.wireBytes, rateBps);
        if (count == 0 && !bad && now >= lastPs + ser) {
            downstream.receive(p, inPort);
            return;
        }
        if (bad && count == 0) {
            corrupted++;
            if (!llr) {
                lost.accept(p);
                return;
            }
            // NACK back, then the bad frame again: one link RTT plus the NACK's and the frame's line time
            long again = now + WireFormat.serializationPs(NACK_WIRE_BYTES, rateBps) + 2 * delayPs + ser;
            maxRecoveryPs = Math.max(maxRecoveryPs, again - now);
            hold(p, inPort, again);
            return;
        }
        if (bad) {
            corrupted++;   // a frame discarded during a recovery is replayed anyway: the error changes nothing
        }
        hold(p, inPort, Math.max(now, lastPs + ser));
    }

    private void hold(Packet p, int inPort, long t) {
        if (count == held.length) {
            grow();
        }
        int tail = (head + count) & (held.length - 1);
        held[tail] = p;
        at[tail] = t;
        port[tail] = inPort;
        count++;
        lastPs = t;
        replayed++;
        if (count == 1) {
            sim.schedule(this, t);
        }
    }

    private void grow() {
        int n = held.length * 2;
        Packet[] h = new Packet[n];
        long[] a = new long[n];
        int[] q = new int[n];
        for (int i = 0; i < count; i++) {
            int j = (head + i) & (held.length - 1);
            h[i] = held[j];
            a[i] = at[j];
            q[i] = port[j];
        }
        held = h;
        at = a;
        port = q;
        head = 0;
    }

    @Override
    protected void fire() {
        Packet p = held[head];
        int inPort = port[head];
        held[head] = null;
        head = (head + 1) & (held.length - 1);
        count--;
        if (count > 0) {
            sim.schedule(this, at[head]);
        }
        downstream.receive(p, inPort);
    }

    /** Frames corrupted on this link. */
    public long corrupted() {
        return corrupted;
    }

    /** Frames delivered late because of a recovery (the bad one and those after it). */
    public long replayed() {
        return replayed;
    }

    /** Longest time from a bad frame's first arrival to its good one, ps (0 without a recovery). */
    public long maxRecoveryPs() {
        return maxRecoveryPs;
    }
}
