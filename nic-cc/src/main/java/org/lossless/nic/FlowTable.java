package org.lossless.nic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * All flows (messages on one QP) and queue pairs of a run, each indexed by its dense id: flow i is at index
 * i, QP j at index j (packets carry the QP id, so a NIC finds the QP of every frame in O(1)).
 */
public final class FlowTable {
    private final List<Flow> flows = new ArrayList<>();
    private final List<QueuePair> qps = new ArrayList<>();
    private int finished;

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
        return finished;
    }

    void markFinished() {
        finished++;
    }

    /** The id the next QP gets. */
    int nextQpId() {
        return qps.size();
    }

    void addQp(QueuePair qp) {
        if (qp.id != qps.size()) {
            throw new IllegalArgumentException("QP ids must be dense: expected " + qps.size() + ", got " + qp.id);
        }
        qps.add(qp);
    }

    /** The QP with id {@code id}. */
    public QueuePair qp(int id) {
        return qps.get(id);
    }

    /** QPs opened so far. */
    public int qpCount() {
        return qps.size();
    }
}
