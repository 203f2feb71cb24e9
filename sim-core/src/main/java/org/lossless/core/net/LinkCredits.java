package org.lossless.core.net;

import java.util.Arrays;

import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;

/**
 * Credit-based flow control (CBFC, the Ultra Ethernet link layer's per-class credits) at one end of a cable, kept by
 * its {@link EgressPort}. Two roles, one object per port:
 * <ul>
 * <li><b>Transmitter.</b> For each class (priority) under CBFC the port holds a credit in <b>bytes of frame</b> (the
 *     Ethernet frame as the receiver buffers it, {@link Packet#frameBytes}; preamble and inter-frame gap are not
 *     buffered and cost no credit). It starts at the receiver's grant ({@link #grant}). A frame of the class may start
 *     only when the credit covers its size ({@link #blocked}); starting it spends that much ({@link #spend}). A
 *     class refused for want of credit is <em>stalled</em> until credit covering the frame it wanted comes back: the
 *     stall time and the number of stalls are counted per class.</li>
 * <li><b>Receiver.</b> When the node frees the buffer a frame that arrived on this cable held (a switch when the frame
 *     leaves its egress, a NIC when it takes the frame), it calls {@link #returnCredit}: once a class has freed at
 *     least {@code updateBytes} (half the largest frame: every full data frame), a credit update frame
 *     ({@link PacketType#LINK_CREDIT}, 64 B, 84 B on the wire) goes back on this port ahead of queued data (after the
 *     frame on the wire); fewer freed bytes (small frames such as ACKs) go back together at most
 *     {@link #FLUSH_PS} after the first of them. Bytes freed while an update of the class still waits for the wire
 *     are added to it, so a port has at most one waiting update per class and credit frames never swamp the link
 *     (one per data frame, one per {@code updateBytes} of small frames).</li>
 * </ul>
 * When an update arrives ({@link #received}) its credit becomes usable {@code processingPs} later (the receiver's and
 * transmitter's handling of the update, lumped at the transmitter): a FIFO of due credits with one reused event per
 * port (the delay is fixed, so updates come due in arrival order). No allocation per frame but the credit frames.
 *
 * <p>So the credit loop of one frame is: its line time, the cable, the receiver's holding time, the wait for the
 * reverse wire (at most one frame), the credit frame's line time, the cable back and the processing delay. A class
 * with credit C moves at most C bytes per loop.
 */
public final class LinkCredits {
    /** A credit update frame: a minimum Ethernet frame. */
    public static final int FRAME_BYTES = 64;
    /** The credit update frame on the wire: 64 B + preamble/SFD (8 B) + inter-frame gap (12 B). */
    public static final int WIRE_BYTES = 84;
    /**
     * Freed bytes below {@code updateBytes} wait at most this long for more before their update is sent, ps: 1 us,
     * an assumption (the Ultra Ethernet specification leaves the update policy to the implementation).
     */
    public static final long FLUSH_PS = 1_000_000;

    private final Scheduler sim;
    private final EgressPort port;
    private final PacketPool pool;
    /** The classes under CBFC, bit p = priority p. */
    private final int mask;
    private final long processingPs;
    private final int updateBytes;
    /** Bytes freed per class not yet in an update (below {@link #updateBytes}), waiting for {@link #flush}. */
    private final long[] pending = new long[PortCounters.PRIORITIES];
    private final Flush flush = new Flush();
    private final long[] granted = new long[PortCounters.PRIORITIES];
    private final long[] credit = new long[PortCounters.PRIORITIES];
    /** When the current stall of a class began, ps, or -1 when it is not stalled. */
    private final long[] stallStartPs = new long[PortCounters.PRIORITIES];
    /** The frame size the stalled class waits for credit for, bytes. */
    private final int[] stallNeed = new int[PortCounters.PRIORITIES];
    private final long[] stallPs = new long[PortCounters.PRIORITIES];
    /** Stalls (of positive length) of each class, counted when they end or at {@link #closeAccounting}. */
    private final long[] stalls = new long[PortCounters.PRIORITIES];
    /** The running stall of a class was already counted by {@link #closeAccounting}. */
    private final boolean[] closedRunning = new boolean[PortCounters.PRIORITIES];
    /** The least credit each class had after a frame started, bytes (its grant until then). */
    private final long[] minCredit = new long[PortCounters.PRIORITIES];
    /** The credit update of each class waiting in the port's control queue (not yet on the wire), or null. */
    private final Packet[] waiting = new Packet[PortCounters.PRIORITIES];
    private long framesSent;
    private long framesReceived;
    private long[] due = new long[16];
    private int[] dueClass = new int[16];
    private long[] dueBytes = new long[16];
    private int head;
    private int count;
    private final Apply apply = new Apply();

    /**
     * @param mask         classes under CBFC (bit p for priority p, non-zero)
     * @param processingPs time from a credit update's arrival until its credit can be spent, ps (&ge; 0)
     * @param updateBytes  freed bytes of a class that make an update at once (half the largest frame), bytes (&gt; 0)
     */
    LinkCredits(Scheduler sim, EgressPort port, PacketPool pool, int mask, long processingPs, int updateBytes) {
        if (mask <= 0 || mask > 0xFF) {
            throw new IllegalArgumentException("CBFC class mask must be in 1..255, got " + mask);
        }
        if (processingPs < 0) {
            throw new IllegalArgumentException("CBFC credit processing delay must be >= 0 ps, got " + processingPs);
        }
        this.sim = sim;
        this.port = port;
        this.pool = pool;
        this.mask = mask;
        if (updateBytes <= 0) {
            throw new IllegalArgumentException("CBFC update size must be > 0 bytes, got " + updateBytes);
        }
        this.processingPs = processingPs;
        this.updateBytes = updateBytes;
        Arrays.fill(stallStartPs, -1);
    }

    /** The classes under CBFC (bit p = priority p). */
    public int mask() {
        return mask;
    }

    /** Credit-update handling delay, ps. */
    public long processingPs() {
        return processingPs;
    }

    /**
     * Sets the credit the receiver at the other end grants class {@code prio} (its buffer reserved for this cable and
     * class), bytes: the transmitter's credit now and after a link restore.
     */
    public void grant(int prio, long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("CBFC credit must be > 0 bytes, got " + bytes);
        }
        granted[prio] = bytes;
        credit[prio] = bytes;
        minCredit[prio] = bytes;
    }

    /** The receiver's grant for {@code prio}, bytes (0 when the class is not under CBFC or not granted). */
    public long granted(int prio) {
        return granted[prio];
    }

    /** The credit held now for {@code prio}, bytes. */
    public long credit(int prio) {
        return credit[prio];
    }

    /**
     * Whether a frame of {@code bytes} of class {@code prio} (under CBFC) lacks credit now; a refusal starts a stall
     * (or continues the current one, now waiting for {@code bytes}).
     */
    public boolean blocked(int prio, int bytes) {
        if (credit[prio] >= bytes) {
            return false;
        }
        if (stallStartPs[prio] < 0) {
            stallStartPs[prio] = sim.now();
        }
        stallNeed[prio] = bytes;
        return true;
    }

    /** A frame of {@code bytes} of class {@code prio} (under CBFC) starts: its credit is spent. */
    void spend(int prio, int bytes) {
        long c = credit[prio] - bytes;
        if (c < 0) {
            // the gate let a frame through without credit: a bug in a packet source, never the user's settings
            throw new IllegalStateException("CBFC credit of priority " + prio + " went negative (" + c + " B)");
        }
        credit[prio] = c;
        if (c < minCredit[prio]) {
            minCredit[prio] = c;
        }
    }

    /**
     * The node freed {@code bytes} of buffer held by a frame of class {@code prio} that arrived on this port's cable:
     * the credit goes back to the transmitter at the other end (added to the update of the class still waiting for
     * the wire, if any, else in a new update frame).
     */
    public void returnCredit(int prio, int bytes) {
        Packet w = waiting[prio];
        if (w != null) {
            w.psn += bytes;
            return;
        }
        long freed = pending[prio] + bytes;
        if (freed < updateBytes) {
            pending[prio] = freed;
            if (!flush.isScheduled()) {
                sim.schedule(flush, sim.now() + FLUSH_PS);
            }
            return;
        }
        pending[prio] = 0;
        send(prio, freed);
    }

    private void send(int prio, long bytes) {
        Packet w = pool.acquire();
        w.type = PacketType.LINK_CREDIT;
        w.frameBytes = FRAME_BYTES;
        w.wireBytes = WIRE_BYTES;
        w.priority = (byte) prio;
        w.psn = bytes;
        waiting[prio] = w;
        port.sendUrgent(w);
    }

    /** The port starts sending credit update {@code f}: later freed bytes need a new update. */
    void sent(Packet f) {
        waiting[f.priority] = null;
        framesSent++;
    }

    /**
     * A credit update {@code f} arrived on this port's cable: its credit counts after the processing delay. The caller
     * releases the frame.
     */
    public void received(Packet f) {
        framesReceived++;
        int prio = f.priority;
        if ((mask >>> prio & 1) == 0) {
            return; // not a class this end runs CBFC on (mismatched settings cannot arise from one scenario)
        }
        if (processingPs == 0) {
            add(prio, f.psn);
            return;
        }
        if (count == due.length) {
            grow();
        }
        int tail = (head + count) % due.length;
        due[tail] = sim.now() + processingPs;
        dueClass[tail] = prio;
        dueBytes[tail] = f.psn;
        count++;
        if (!apply.isScheduled()) {
            sim.schedule(apply, due[tail]);
        }
    }

    private void add(int prio, long bytes) {
        long c = credit[prio] + bytes;
        credit[prio] = c;
        long start = stallStartPs[prio];
        if (start >= 0 && c >= stallNeed[prio]) {
            long t = sim.now() - start;
            if (t > 0) { // a refusal answered at the same instant is no stall
                stallPs[prio] += t;
                if (!closedRunning[prio]) {
                    stalls[prio]++;
                }
            }
            closedRunning[prio] = false;
            stallStartPs[prio] = -1;
        }
        port.kick();
    }

    private void grow() {
        int n = due.length;
        long[] d = new long[n * 2];
        int[] k = new int[n * 2];
        long[] b = new long[n * 2];
        for (int i = 0; i < count; i++) {
            int j = (head + i) % n;
            d[i] = due[j];
            k[i] = dueClass[j];
            b[i] = dueBytes[j];
        }
        due = d;
        dueClass = k;
        dueBytes = b;
        head = 0;
    }

    /** The link failed: waiting updates were lost with the port's control queue, credits in handling are dropped. */
    void linkFailed() {
        Arrays.fill(waiting, null);
        Arrays.fill(pending, 0);
        if (flush.isScheduled()) {
            sim.cancel(flush);
        }
        count = 0;
        head = 0;
        if (apply.isScheduled()) {
            sim.cancel(apply);
        }
    }

    /**
     * The link came back: every class starts again with its full grant (as at link bring-up; credit lost with frames
     * in flight would otherwise be gone for good). A simplification: frames the receiver still holds from before the
     * failure return credit on top.
     */
    void linkRestored() {
        System.arraycopy(granted, 0, credit, 0, credit.length);
        closeAccounting();
    }

    /** Adds the stalls still running to the stall time (the end of a run); they go on from now. */
    public void closeAccounting() {
        long now = sim.now();
        for (int p = 0; p < PortCounters.PRIORITIES; p++) {
            if (stallStartPs[p] >= 0 && now > stallStartPs[p]) {
                stallPs[p] += now - stallStartPs[p];
                stallStartPs[p] = now;
                if (!closedRunning[p]) {
                    stalls[p]++; // counted now, not again when it ends
                    closedRunning[p] = true;
                }
            }
        }
    }

    /** Time class {@code prio} had a frame to send but not its credit, ps (call {@link #closeAccounting} first). */
    public long stallPs(int prio) {
        return stallPs[prio];
    }

    /** Times class {@code prio} ran out of credit with a frame to send. */
    public long stalls(int prio) {
        return stalls[prio];
    }

    /** The least credit class {@code prio} had left after starting a frame, bytes. */
    public long minCredit(int prio) {
        return minCredit[prio];
    }

    /** Credit update frames this port started sending. */
    public long framesSent() {
        return framesSent;
    }

    /** Credit update frames that arrived on this port's cable. */
    public long framesReceived() {
        return framesReceived;
    }

    /** Sends the freed bytes that waited {@link #FLUSH_PS} (or joins them to a waiting update). */
    private final class Flush extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            for (int prio = 0; prio < PortCounters.PRIORITIES; prio++) {
                long b = pending[prio];
                if (b == 0) {
                    continue;
                }
                pending[prio] = 0;
                if (waiting[prio] != null) {
                    waiting[prio].psn += b;
                } else {
                    send(prio, b);
                }
            }
        }
    }

    /** Applies the credits whose processing is over and re-arms for the next. */
    private final class Apply extends SimEvent {
        private static final long serialVersionUID = 1L;

        @Override
        protected void fire() {
            long now = sim.now();
            while (count > 0 && due[head] <= now) {
                int prio = dueClass[head];
                long bytes = dueBytes[head];
                head = (head + 1) % due.length;
                count--;
                add(prio, bytes);
            }
            if (count > 0) {
                sim.schedule(this, due[head]);
            }
        }
    }
}
