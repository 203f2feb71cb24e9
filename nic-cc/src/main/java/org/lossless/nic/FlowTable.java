package org.lossless.nic;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * All flows (messages on one QP) and queue pairs of a run, each indexed by its dense id: flow i is at index
 * i, QP j at index j (packets carry the QP id, so a NIC finds the QP of every frame in O(1)).
 *
 * <p>Flows live in pages of {@link #PAGE} slots. The owner of the flows may {@link #release} one it no longer needs
 * (the traffic driver does once the flow is finished at the receiver and acknowledged at the sender, after copying
 * its counters): its slot is cleared, and a page whose slots are all released is dropped, so the table's memory
 * follows the flows in flight (plus one page per page with a flow still open) rather than every flow of the run.
 * The NICs never look flows up here (frames carry the QP id; a QP holds its own messages), so a released flow is
 * not needed by them. Without releases the table keeps every flow, as tests and instruments expect.
 */
public final class FlowTable {
    /** QPs keep their finished messages' entries ({@link #keepQpEntries()}). */
    private boolean keepQpEntries;
    /**
     * QPs that asked to be compacted ({@link #compactQueues}); added to by NIC events on several threads, a few times per
     * QP at most between two windows (not per frame), so a lock-free queue's allocation per request is no cost.
     */
    private final java.util.concurrent.ConcurrentLinkedQueue<QueuePair> compactions =
            new java.util.concurrent.ConcurrentLinkedQueue<>();
    /** Flow slots per page (a power of two). */
    static final int PAGE = 1 << 12;
    private static final int SHIFT = Integer.numberOfTrailingZeros(PAGE);
    /** Pages of flows by id; null once all of a full page's flows were released. */
    private final List<Flow[]> pages = new ArrayList<>();
    /** Flows of each page not released yet. */
    private int[] live = new int[16];
    private int size;
    private int released;
    /**
     * QPs by id in {@code qps[0 .. qpCount-1]}: a plain array (not a list), since every frame a NIC receives looks its
     * QP up here and the list's own object is one more pointer to follow.
     */
    private QueuePair[] qps = new QueuePair[16];
    /** Their receiving ends, by the same id. */
    private QpReceiver[] rxs = new QpReceiver[16];
    private int qpCount;
    /** Messages finished: counted by NIC events, which a parallel run runs on several threads. */
    private final java.util.concurrent.atomic.AtomicInteger finished = new java.util.concurrent.atomic.AtomicInteger();

    /** Adds a flow whose id must equal the current size. */
    public Flow add(Flow f) {
        if (f.id != size) {
            throw new IllegalArgumentException("flow ids must be dense: expected " + size + ", got " + f.id);
        }
        int page = size >>> SHIFT;
        if (page == pages.size()) {
            pages.add(new Flow[PAGE]);
            if (page == live.length) {
                live = Arrays.copyOf(live, page * 2);
            }
        }
        pages.get(page)[size & (PAGE - 1)] = f;
        live[page]++;
        size++;
        return f;
    }

    /** Flow {@code id}, or null once {@link #release released}. */
    public Flow get(int id) {
        if (id < 0 || id >= size) {
            throw new IndexOutOfBoundsException("no flow " + id + " of " + size);
        }
        Flow[] page = pages.get(id >>> SHIFT);
        return page == null ? null : page[id & (PAGE - 1)];
    }

    /**
     * Lets go of flow {@code id}: {@link #get} gives null for it from now on, and its page is dropped once all its
     * flows are released and no flow will be added to it. Releasing a flow twice is an error.
     */
    public void release(int id) {
        int p = id >>> SHIFT;
        Flow[] page = id >= 0 && id < size ? pages.get(p) : null;
        if (page == null || page[id & (PAGE - 1)] == null) {
            throw new IllegalArgumentException("flow " + id + " is not held (never added or already released)");
        }
        page[id & (PAGE - 1)] = null;
        released++;
        if (--live[p] == 0 && p < size >>> SHIFT) {
            pages.set(p, null);
        }
    }

    /** Flows added so far (released ones included): the id the next flow gets. */
    public int size() {
        return size;
    }

    /** Flows held: added and not released. */
    public int held() {
        return size - released;
    }

    /** Every flow by id, read-only; a released flow reads as null. */
    public List<Flow> all() {
        return new FlowView();
    }

    private final class FlowView extends AbstractList<Flow> implements RandomAccess {
        @Override
        public Flow get(int index) {
            return FlowTable.this.get(index);
        }

        @Override
        public int size() {
            return size;
        }
    }

    /** Flows whose destination holds the last byte. */
    public int finishedCount() {
        return finished.get();
    }

    void markFinished() {
        finished.incrementAndGet();
    }

    /** The id the next QP gets. */
    int nextQpId() {
        return qpCount;
    }

    /**
     * Every QP opened from now on keeps the entries of its finished messages instead of dropping them in place at a
     * post: for a run whose posts may run in the sender's partition while the receiver's partition runs on another
     * thread (a partitioned run whose programs' releases run ahead), where dropping would shift the receiver's index
     * and arrays under it. A QP whose queue is half full asks to be compacted, and {@link #compactQueues}, called
     * between windows, drops them: so it holds its messages in flight and those of about a window, not every message
     * it carried (and their flows) to the run's end, as it did before.
     */
    public void keepQpEntries() {
        keepQpEntries = true;
    }

    /** A QP of a table that keeps entries asked to be compacted (from its sender's partition, any thread). */
    void wantCompaction(QueuePair qp) {
        compactions.add(qp);
    }

    /**
     * Drops the finished entries of every QP that asked ({@link #keepQpEntries}). Only where no partition runs (between
     * windows, on one thread): it moves both ends' indices. What the QPs do next is the same, so results are too.
     */
    public void compactQueues() {
        for (QueuePair qp = compactions.poll(); qp != null; qp = compactions.poll()) {
            qp.compact();
        }
    }

    void addQp(QueuePair qp) {
        qp.q.keepsEntries = keepQpEntries;
        qp.q.table = keepQpEntries ? this : null;
        if (qp.id != qpCount) {
            throw new IllegalArgumentException("QP ids must be dense: expected " + qpCount + ", got " + qp.id);
        }
        if (qpCount == qps.length) {
            qps = Arrays.copyOf(qps, qpCount * 2);
        }
        if (qpCount == rxs.length) {
            rxs = Arrays.copyOf(rxs, qpCount * 2);
        }
        rxs[qpCount] = qp.rx;
        qps[qpCount++] = qp;
    }

    /**
     * The receiving end of QP {@code id} (0 &lt;= id &lt; {@link #qpCount()}): what a NIC receiving its data looks up,
     * so that the receiver's events read nothing of the sender's object ({@link QpReceiver}).
     */
    QpReceiver rx(int id) {
        if (id >= qpCount) {
            throw new IndexOutOfBoundsException("no QP " + id + " of " + qpCount);
        }
        return rxs[id];
    }

    /** The QP with id {@code id} (0 &lt;= id &lt; {@link #qpCount()}). */
    public QueuePair qp(int id) {
        if (id >= qpCount) {
            throw new IndexOutOfBoundsException("no QP " + id + " of " + qpCount);
        }
        return qps[id];
    }

    /** QPs opened so far. */
    public int qpCount() {
        return qpCount;
    }
}
