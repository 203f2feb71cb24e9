package org.lossless.nic;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * All flows (messages on one QP) and queue pairs of a run, each indexed by its dense id: flow i is at index
 * i, QP j at index j (packets carry the QP id, so a NIC finds the QP of every frame in O(1)).
 */
public final class FlowTable {
    private final List<Flow> flows = new ArrayList<>();
    /**
     * QPs by id in {@code qps[0 .. qpCount-1]}: a plain array (not a list), since every frame a NIC receives looks its
     * QP up here and the list's own object is one more pointer to follow.
     */
    private QueuePair[] qps = new QueuePair[16];
    private int qpCount;
    /** Messages finished: counted by NIC events, which a parallel run runs on several threads. */
    private final java.util.concurrent.atomic.AtomicInteger finished = new java.util.concurrent.atomic.AtomicInteger();

    /** Adds a flow whose id must equal the current size. */
    public Flow add(Flow f) {
        if (f.id != flows.size()) {
            throw new IllegalArgumentException("flow ids must be dense: expected " + flows.size() + ", got " + f.id);
        }
        flows.add(f);
        return f;
    }

    public Flow get(int id) {
        return flows.get(id);
    }

    public int size() {
        return flows.size();
    }

    public List<Flow> all() {
        return Collections.unmodifiableList(flows);
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

    void addQp(QueuePair qp) {
        if (qp.id != qpCount) {
            throw new IllegalArgumentException("QP ids must be dense: expected " + qpCount + ", got " + qp.id);
        }
        if (qpCount == qps.length) {
            qps = Arrays.copyOf(qps, qpCount * 2);
        }
        qps[qpCount++] = qp;
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
