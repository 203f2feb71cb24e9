package org.lossless.core.kernel;

import java.util.List;

/** A reusable test event that appends its label to a trace when it fires. */
class TestEvent extends SimEvent {
    final String label;
    private final List<String> trace;

    TestEvent(String label, List<String> trace) {
        this.label = label;
        this.trace = trace;
    }

    @Override
    protected void fire() {
        trace.add(label);
    }

    @Override
    public String toString() {
        return label;
    }
}
