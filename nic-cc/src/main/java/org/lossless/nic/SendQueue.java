package org.lossless.nic;

import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The entries of a {@link QueuePair}'s send queue, in post order, each a range of PSNs: the packets of a message (an
 * RDMA WRITE, a SEND, or the response of an RDMA READ when this is the responder's direction), or the one request
 * packet of an RDMA READ posted here. Entry i holds PSNs {@code first[i] .. ends[i]-1} and payload bytes
 * {@code offset[i] .. endOffsets[i]-1} of the QP's stream.
 *
 * <p>Its own object, apart from the sender's state ({@link QueuePair}) and the receiver's ({@link QpReceiver}): both
 * ends read it for every packet, and only a post writes it (once per message), so the line the two partitions of a
 * connection share is one that neither writes per packet (benchmarks/README.md, "Step 12b"). The indices into it are
 * the ends' own.
 */
final class SendQueue {
    /** The QP whose entries these are (an entry is a READ request of it when the Flow's request QP is it). */
    private final QueuePair owner;
    private final int mtu;
    private Flow[] entries = new Flow[2];
    /**
     * The operation of each entry's message (a copy of its {@link Flow#verb}): the sender reads it for every
     * packet, and on a large fabric the Flow, made long before, is a cache miss where this array, made with the
     * QP, often is not.
     */
    private Verb[] verbs = new Verb[2];
    private long[] first = new long[2];
    private long[] offset = new long[2];
    /** Each entry's end, fixed at its post: the receiver reads no count or end PSN a post moves. */
    private long[] ends = new long[2];
    private long[] endOffsets = new long[2];
    /** Entries held. */
    int count;
    /** Entries dropped from the front ({@link #dropFirst}): entry {@code i} here is the {@code dropped + i}-th posted. */
    long dropped;
    /**
     * Whether an RDMA READ request was ever posted here: without one no entry is a request, and the per-packet
     * question {@link #isRequest} needs no look at the entry's {@link Flow} (a cold object on a large fabric).
     */
    private boolean hasRequests;
    /**
     * Finished messages' entries are not dropped at a post (a post may run beside the receiver:
     * {@link FlowTable#keepQpEntries()}); the table drops them between windows once the queue asked
     * ({@link #askCompaction}).
     */
    boolean keepsEntries;
    /** The table that drops them ({@link #keepsEntries}). */
    FlowTable table;
    /** Asked and not yet compacted: set by the sender's partition, cleared between windows. */
    private boolean asked;

    SendQueue(QueuePair owner, int mtu) {
        this.owner = owner;
        this.mtu = mtu;
    }

    /** Asks the table to drop {@code qp}'s finished entries between windows (once until it has). */
    void askCompaction(QueuePair qp) {
        if (!asked) {
            asked = true;
            table.wantCompaction(qp);
        }
    }

    /** The table compacted it (between windows). */
    void compacted() {
        asked = false;
    }

    boolean full() {
        return count == entries.length;
    }

    /** Doubles the arrays, made whole before they are seen: another thread may read them ({@link #keepsEntries}). */
    void grow() {
        Flow[] e = Arrays.copyOf(entries, count * 2);
        Verb[] v = Arrays.copyOf(verbs, count * 2);
        long[] f0 = Arrays.copyOf(first, count * 2);
        long[] o0 = Arrays.copyOf(offset, count * 2);
        long[] e0 = Arrays.copyOf(ends, count * 2);
        long[] eo = Arrays.copyOf(endOffsets, count * 2);
        VarHandle.storeStoreFence(); // as the JVM does for final fields: old arrays or complete copies
        entries = e;
        verbs = v;
        first = f0;
        offset = o0;
        ends = e0;
        endOffsets = eo;
    }

    /**
     * Appends an entry of {@code packets} PSNs from {@code psn} and {@code bytes} payload bytes from {@code byteOffset};
     * {@code request}: the one request packet of an RDMA READ posted on this QP.
     */
    void add(Flow f, long psn, long packets, long byteOffset, long bytes, boolean request) {
        hasRequests |= request;
        entries[count] = f;
        verbs[count] = f.verb;
        first[count] = psn;
        offset[count] = byteOffset;
        ends[count] = psn + packets;
        endOffsets[count] = byteOffset + bytes;
        count++;
    }

    /** Removes the first {@code n} entries (no index of either end points at them; the ends shift theirs). */
    void dropFirst(int n) {
        int keep = count - n;
        System.arraycopy(entries, n, entries, 0, keep);
        System.arraycopy(verbs, n, verbs, 0, keep);
        System.arraycopy(first, n, first, 0, keep);
        System.arraycopy(offset, n, offset, 0, keep);
        System.arraycopy(ends, n, ends, 0, keep);
        System.arraycopy(endOffsets, n, endOffsets, 0, keep);
        Arrays.fill(entries, keep, count, null);
        Arrays.fill(verbs, keep, count, null);
        count = keep;
        dropped += n;
    }

    /** Arrays' length (a full queue grows or drops). */
    int capacity() {
        return entries.length;
    }

    Flow entry(int i) {
        return entries[i];
    }

    Verb verb(int i) {
        return verbs[i];
    }

    long first(int i) {
        return first[i];
    }

    long offset(int i) {
        return offset[i];
    }

    long end(int i) {
        return ends[i];
    }

    long bytes(int i) {
        return endOffsets[i] - offset[i];
    }

    /** Whether entry {@code i} is the request of an RDMA READ posted on this QP. */
    boolean isRequest(int i) {
        return hasRequests && entries[i].requestQp == owner;
    }

    /** Payload bytes of packet {@code psn} of entry {@code i}. */
    int payload(int i, long psn) {
        if (isRequest(i)) {
            return 0;
        }
        return (int) Math.min(mtu, bytes(i) - (psn - first[i]) * mtu);
    }

    /** Payload bytes of PSNs 0..psn, for a PSN inside entry {@code i}. */
    long bytesThrough(int i, long psn) {
        return isRequest(i) ? offset[i] : offset[i] + Math.min(bytes(i), (psn - first[i] + 1) * mtu);
    }

    /** The entry holding {@code psn} (0 &lt;= psn &lt; the end PSN): binary search over the entries' first PSNs. */
    int entryOf(long psn) {
        int lo = 0;
        int hi = count - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (first[mid] <= psn) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }
}
