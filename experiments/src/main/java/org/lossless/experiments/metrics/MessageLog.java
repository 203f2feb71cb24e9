package org.lossless.experiments.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageKind;
import org.lossless.workloads.traffic.MessageTag;

/**
 * What the result files need of every posted message, in primitive columns by message id, so the run can let go
 * of a message's objects ({@link Message}, its {@link MessageTag}, the driver's record) once it has completed,
 * instead of holding them all until the files are written: the compact buffer the rows of {@code flows.csv} and
 * {@code flows_summary.csv} are made from, in message id order ({@link FlowStream} as they become final, or
 * {@link FlowResultList} at the end), so the files are the same bytes as when the rows came from the objects,
 * whatever the threads.
 *
 * <p>Memory: about 88 B per message held (seven longs, seven ints, four bytes) in pages of {@link #PAGE} entries (no
 * copy of the whole as it grows), against about 180 B for the objects it replaces ({@code Message} 72 B, the
 * driver's record 48 B, {@code MessageTag} 40 B, its dependency array and list slots). Workload and operation names
 * are kept once each. The NIC's per-QP {@code Flow} objects (retransmissions, CNPs, bytes received) are let go
 * once finished at both ends ({@link #released}: their counters are added here, 24 B against the Flow's ~120 B);
 * those still open are read from the NIC's flow table.
 *
 * <p>Streamed results ({@link #stream}): once a message's row is final ({@link #complete}: both its completions
 * reported and its QP parts released), the log hands the ids on in id order, through a reorder buffer that is the
 * log itself: the entries from the first message not final yet to the last posted stay; a page whose messages were
 * all handed on is dropped. A message that never completes holds itself and every later entry until the end of the
 * run ({@link #finish}).
 *
 * <p>Written by one thread (the traffic programs' driver); read after the run.
 */
public final class MessageLog {
    /** Entries per page (a power of two). */
    static final int PAGE = 1 << 14;
    private static final int SHIFT = Integer.numberOfTrailingZeros(PAGE);
    private static final Verb[] VERBS = Verb.values();
    private static final MessageKind[] KINDS = MessageKind.values();
    /**
     * Longs per entry: bytes, post, delivered, acknowledged (ps; -1 before), and the counters of its released QP
     * parts ({@link #released}): retransmitted packets, retransmitted bytes, CNPs.
     */
    private static final int L = 7;
    /** Ints per entry: connection, iteration, step, channel, operation name (-1: none), workload name, first part. */
    private static final int I = 7;
    /** Bytes per entry: verb, kind, parts, final (1: the row no longer changes). */
    private static final int B = 4;

    private final List<Connection> connections;
    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> nameIds = new HashMap<>();
    private final List<long[]> longs = new ArrayList<>();
    private final List<int[]> ints = new ArrayList<>();
    private final List<byte[]> bytes = new ArrayList<>();
    private int size;
    /** Where rows go as they become final; null: the log keeps every entry to the end. */
    private Rows rows;
    /** Messages handed on to {@link #rows}: ids {@code 0 .. emitted - 1}. */
    private int emitted;

    /** Receives the id of each message whose row is final, once, in id order (streamed results). */
    @FunctionalInterface
    public interface Rows {
        /** Message {@code id}'s row is final (or the run is over); its entry is still readable during the call. */
        void row(int id);
    }

    /** {@code connections}: the run's connections by id (the log reads their hosts and options from it). */
    public MessageLog(List<Connection> connections) {
        this.connections = connections;
    }

    /**
     * Logs a message as it is posted: its id must be the next ({@link #size()}); its QP parts are the NIC flows
     * {@code firstPart .. firstPart + parts - 1}.
     */
    public void add(Message m, int firstPart, int parts) {
        if (m.id() != size) {
            throw new IllegalArgumentException("message ids must be dense: expected " + size + ", got " + m.id());
        }
        if (parts < 1 || parts > Byte.MAX_VALUE) {
            throw new IllegalArgumentException("message " + m.id() + ": " + parts + " parts, not 1.." + Byte.MAX_VALUE);
        }
        int page = size >>> SHIFT;
        if (page == longs.size()) {
            longs.add(new long[PAGE * L]);
            ints.add(new int[PAGE * I]);
            bytes.add(new byte[PAGE * B]);
        }
        int o = size & (PAGE - 1);
        long[] l = longs.get(page);
        l[o * L] = m.bytes();
        l[o * L + 1] = m.postPs();
        l[o * L + 2] = m.deliveredPs();
        l[o * L + 3] = m.ackedPs();
        MessageTag t = m.tag();
        int[] n = ints.get(page);
        n[o * I] = m.connection().id();
        n[o * I + 1] = t.iteration();
        n[o * I + 2] = t.step();
        n[o * I + 3] = t.channel();
        n[o * I + 4] = t.operation() == null ? -1 : name(t.operation());
        n[o * I + 5] = name(m.workload());
        n[o * I + 6] = firstPart;
        byte[] b = bytes.get(page);
        b[o * B] = (byte) m.op().ordinal();
        b[o * B + 1] = (byte) t.kind().ordinal();
        b[o * B + 2] = (byte) parts;
        size++;
    }

    /**
     * Hands each message's id to {@code rows} once its row is final ({@link #complete}), in id order, and drops the
     * pages of entries handed on. Call before the first message is added.
     */
    public void stream(Rows rows) {
        if (size > 0) {
            throw new IllegalStateException("stream before the first message");
        }
        this.rows = rows;
    }

    /**
     * Message {@code id}'s row is final: both its completions are reported and its counters will not change. When
     * streaming, it and the final messages after it are handed on in id order; an earlier message not final yet
     * holds them back.
     */
    public void complete(long id) {
        if (rows == null) {
            return;
        }
        bytes.get((int) (id >>> SHIFT))[(int) (id & (PAGE - 1)) * B + 3] = 1;
        while (emitted < size && b(emitted, 3) == 1) {
            rows.row(emitted);
            emitted++;
            if ((emitted & (PAGE - 1)) == 0) {
                int page = (emitted - 1) >>> SHIFT;
                longs.set(page, null);
                ints.set(page, null);
                bytes.set(page, null);
            }
        }
    }

    /**
     * At the end of the run: hands on every message not handed on yet (not final, or behind one that is not), in
     * id order; returns how many were handed on during the run.
     */
    public int finish() {
        int during = emitted;
        if (rows != null) {
            for (; emitted < size; emitted++) {
                rows.row(emitted);
            }
        }
        return during;
    }

    /** Messages whose entries are held (posted and not handed on): the reorder buffer's length. */
    public int held() {
        return size - emitted;
    }

    /** Records message {@code id}'s delivery (the receiver holds the last byte) at {@code ps}. */
    public void delivered(long id, long ps) {
        longs.get((int) (id >>> SHIFT))[(int) (id & (PAGE - 1)) * L + 2] = ps;
    }

    /** Records message {@code id}'s completion at the requester at {@code ps}. */
    public void acked(long id, long ps) {
        longs.get((int) (id >>> SHIFT))[(int) (id & (PAGE - 1)) * L + 3] = ps;
    }

    /**
     * Adds the final counters of one of message {@code id}'s QP parts, which the NIC's flow table lets go of (it is
     * finished at the receiver and acknowledged at the sender, so they no longer change).
     */
    public void released(long id, long retransmits, long retransmittedBytes, long cnps) {
        long[] l = longs.get((int) (id >>> SHIFT));
        int o = (int) (id & (PAGE - 1)) * L;
        l[o + 4] += retransmits;
        l[o + 5] += retransmittedBytes;
        l[o + 6] += cnps;
    }

    /** Whether message {@code i}'s entry was handed on and dropped (streamed: its row is written). */
    private boolean dropped(int i) {
        return longs.get(i >>> SHIFT) == null;
    }

    /** Data packets sent again, summed over message {@code i}'s released parts. */
    public long releasedRetransmits(int i) {
        return l(i, 4);
    }

    /** Payload bytes of those packets, summed over message {@code i}'s released parts. */
    public long releasedRetransmittedBytes(int i) {
        return l(i, 5);
    }

    /** CNPs counted, summed over message {@code i}'s released parts (0 once its row was streamed and dropped). */
    public long releasedCnps(int i) {
        return dropped(i) ? 0 : l(i, 6);
    }

    /** Messages logged. */
    public int size() {
        return size;
    }

    private int name(String s) {
        Integer id = nameIds.get(s);
        if (id == null) {
            id = names.size();
            names.add(s);
            nameIds.put(s, id);
        }
        return id;
    }

    private long l(int i, int k) {
        return longs.get(i >>> SHIFT)[(i & (PAGE - 1)) * L + k];
    }

    private int n(int i, int k) {
        return ints.get(i >>> SHIFT)[(i & (PAGE - 1)) * I + k];
    }

    private byte b(int i, int k) {
        return bytes.get(i >>> SHIFT)[(i & (PAGE - 1)) * B + k];
    }

    public long bytes(int i) {
        return l(i, 0);
    }

    public long postPs(int i) {
        return l(i, 1);
    }

    /** When the receiver held the last byte, ps; -1 if not (yet). */
    public long deliveredPs(int i) {
        return l(i, 2);
    }

    /** When the requester saw the completion, ps; -1 if not (yet). */
    public long ackedPs(int i) {
        return l(i, 3);
    }

    public Verb op(int i) {
        return VERBS[b(i, 0)];
    }

    public Connection connection(int i) {
        return connections.get(n(i, 0));
    }

    public String workload(int i) {
        return names.get(n(i, 5));
    }

    /** The first of message {@code i}'s NIC flows (QP parts) (0 once its row was streamed and dropped). */
    public int firstPart(int i) {
        return dropped(i) ? 0 : n(i, 6);
    }

    /**
     * How many NIC flows (QP parts) message {@code i} is spread over; 0 once its row was streamed and its entry
     * dropped (its parts were all released: none is held, so it has no rate).
     */
    public int parts(int i) {
        return dropped(i) ? 0 : b(i, 2);
    }

    /** Host that sends the payload ({@link Message#dataSrc()}). */
    public int dataSrc(int i) {
        Connection c = connection(i);
        return op(i) == Verb.READ ? c.dstHost() : c.srcHost();
    }

    /** Host that receives the payload ({@link Message#dataDst()}). */
    public int dataDst(int i) {
        Connection c = connection(i);
        return op(i) == Verb.READ ? c.srcHost() : c.dstHost();
    }

    /** Message {@code i}'s label, as {@link MessageLabel#of(Message)} gives it. */
    public MessageLabel label(int i) {
        int op = n(i, 4);
        return new MessageLabel(n(i, 0), op(i).key(), n(i, 1), n(i, 2), n(i, 3), op < 0 ? null : names.get(op),
                KINDS[b(i, 1)]);
    }
}
