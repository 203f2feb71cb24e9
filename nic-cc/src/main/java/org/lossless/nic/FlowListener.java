package org.lossless.nic;

/** Told when messages complete; the traffic layer uses it to report completions to workloads. */
public interface FlowListener {
    /** The destination now holds the last byte of {@code flow}. */
    void flowFinished(Flow flow, long nowPs);

    /**
     * The payload's sender saw the last ACK of {@code flow} (for a WRITE or SEND the requester's completion;
     * for a READ the responder's, which no application sees).
     */
    default void flowAcked(Flow flow, long nowPs) {
    }
}
