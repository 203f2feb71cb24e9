package org.lossless.nic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** All flows of a run, indexed by id (ids are dense: flow i is at index i). */
public final class FlowTable {
    private final List<Flow> flows = new ArrayList<>();
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
}
