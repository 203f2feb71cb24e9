package org.lossless.nic;

/** Told when flows complete; workloads use it to start dependent flows. */
public interface FlowListener {
    /** The destination now holds the last byte of {@code flow}. */
    void flowFinished(Flow flow, long nowPs);
}
