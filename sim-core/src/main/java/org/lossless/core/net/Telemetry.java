package org.lossless.core.net;

/**
 * In-band network telemetry (INT) as HPCC uses it: every switch egress that dequeues a data frame which
 * collects telemetry ({@link Packet#intHops} &ge; 0) appends one record of four values; the receiver copies
 * the records into the ACK; the sender reads them there.
 *
 * <p>Per hop, in {@link Packet#intData} at {@code hop * FIELDS}: the time of the dequeue (ps), the bytes the
 * egress port had put on the wire before this frame (wire bytes: frames plus preamble and inter-frame gap,
 * so a port busy all the time advances at exactly its line rate), the bytes queued at the port after the
 * dequeue (all priorities, frame bytes) and the port's line rate (bps). Exact values: the HPCC simulator
 * quantises time to 1 ns and bytes and queue lengths to 128 B and 80 B units; Lossless keeps them whole.
 *
 * <p>At most {@link #MAX_HOPS} records are kept (the HPCC simulator's header has 5 slots); hops beyond that
 * still count in {@link Packet#intHops}, so the sender can tell a truncated header (HPCC ignores those).
 * No allocation except the first time a pooled frame collects telemetry.
 */
public final class Telemetry {
    /** Records a frame keeps. */
    public static final int MAX_HOPS = 5;
    /** Longs per record: time, tx bytes, queue bytes, rate. */
    public static final int FIELDS = 4;

    private Telemetry() {
    }

    /** Makes {@code p} collect telemetry from here on (no record yet). */
    public static void start(Packet p) {
        if (p.intData == null) {
            p.intData = new long[MAX_HOPS * FIELDS];
        }
        p.intHops = 0;
    }

    /** Appends one hop's record to {@code p} (which collects telemetry). */
    public static void push(Packet p, long timePs, long txBytes, long queueBytes, long rateBps) {
        int hop = p.intHops;
        if (hop < MAX_HOPS) {
            long[] d = p.intData;
            int i = hop * FIELDS;
            d[i] = timePs;
            d[i + 1] = txBytes;
            d[i + 2] = queueBytes;
            d[i + 3] = rateBps;
        }
        p.intHops = (short) (hop + 1);
    }

    /** Copies the telemetry of {@code from} (records and hop count) into {@code to}, e.g. data into its ACK. */
    public static void copy(Packet from, Packet to) {
        if (from.intHops < 0) {
            to.intHops = -1;
            return;
        }
        if (to.intData == null) {
            to.intData = new long[MAX_HOPS * FIELDS];
        }
        System.arraycopy(from.intData, 0, to.intData, 0, Math.min(from.intHops, MAX_HOPS) * FIELDS);
        to.intHops = from.intHops;
    }
}
