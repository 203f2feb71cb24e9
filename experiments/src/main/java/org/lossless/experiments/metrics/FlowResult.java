package org.lossless.experiments.metrics;

/**
 * One row of {@code flows.csv}.
 *
 * <p>One row per message a workload posted. A message spread over several queue pairs ({@code qps},
 * {@link org.lossless.experiments.run.FlowSpec#qps()}) is one row: the figures below cover all its QPs.
 * {@code src} and {@code dst} are the hosts that send and receive its payload (for an RDMA READ: the responder and the requester).
 *
 * @param finishPs    when the destination held the last byte (of its last QP to finish), ps; -1 if unfinished
 * @param idealFctPs  completion time alone in the empty network, ps
 * @param retransmits data packets the source sent again (after a NACK or a retransmission timeout, go-back-N
 *                    or IRN), summed over its QPs
 * @param cnps        CNPs (or CNP flags on ACKs) the flow's sending QPs received while it was their oldest
 *                    unacknowledged message, summed; 0 without congestion control
 * @param label       connection, operation and job tag ({@link MessageLabel#NONE} when unknown)
 * @param bytesDelivered payload bytes the destination holds in order at the end of the run (all its QPs): the
 *                    size for a finished flow, what arrived so far for an unfinished one
 * @param senderDonePs when the requester saw the message complete (a WRITE's or SEND's last ACK reached the sender,
 *                    of its last QP; a READ's data arrived), ps; -1 while not ({@link Completion#SENDER})
 * @param senderIdealFctPs the sender's completion alone in the empty network: {@code idealFctPs} plus the ACK
 *                    generation delay and the ACK's way back (a READ: {@code idealFctPs}), ps
 * @param retransmittedBytes payload bytes of the {@code retransmits} packets, summed over its QPs
 *
 * <p>{@code idealFctPs}, {@link #fctPs()} and {@link #slowdown()} are the receiver's; {@link #fctPs(Completion)}
 * and {@link #slowdown(Completion)} give either.
 */
public record FlowResult(long flowId, String workload, int src, int dst, int priority, long sizeBytes,
                         long startPs, long finishPs, long idealFctPs, long retransmits, long cnps, MessageLabel label,
                         long bytesDelivered, long senderDonePs, long senderIdealFctPs,
                         long retransmittedBytes) {
    public FlowResult {
        if (retransmits < 0 || cnps < 0 || retransmittedBytes < 0) {
            throw new IllegalArgumentException("flow " + flowId + ": retransmits, retransmitted bytes and cnps must be >= 0");
        }
        java.util.Objects.requireNonNull(label, "label");
        if (bytesDelivered < 0 || bytesDelivered > sizeBytes) {
            throw new IllegalArgumentException("flow " + flowId + ": bytes delivered must be 0.." + sizeBytes
                    + ", got " + bytesDelivered);
        }
    }

    /** Without retransmitted bytes (0): stand-in engines and tests. */
    public FlowResult(long flowId, String workload, int src, int dst, int priority, long sizeBytes,
                      long startPs, long finishPs, long idealFctPs, long retransmits, long cnps, MessageLabel label,
                      long bytesDelivered, long senderDonePs, long senderIdealFctPs) {
        this(flowId, workload, src, dst, priority, sizeBytes, startPs, finishPs, idealFctPs, retransmits, cnps, label,
                bytesDelivered, senderDonePs, senderIdealFctPs, 0);
    }

    /**
     * Without delivery counters and the sender's completion (stand-in engines and tests): a finished flow
     * delivered its size, an unfinished one is counted 0 (no counter known); no sender completion (-1: not
     * known, so such a flow never counts as complete on the sender's basis), its ideal taken as the receiver's.
     */
    public FlowResult(long flowId, String workload, int src, int dst, int priority, long sizeBytes, long startPs,
                      long finishPs, long idealFctPs, long retransmits, long cnps, MessageLabel label) {
        this(flowId, workload, src, dst, priority, sizeBytes, startPs, finishPs, idealFctPs, retransmits, cnps, label,
                finishPs >= 0 ? sizeBytes : 0, -1, idealFctPs, 0);
    }

    /** Without a label (and without delivery counters). */
    public FlowResult(long flowId, String workload, int src, int dst, int priority, long sizeBytes, long startPs,
                      long finishPs, long idealFctPs, long retransmits, long cnps) {
        this(flowId, workload, src, dst, priority, sizeBytes, startPs, finishPs, idealFctPs, retransmits, cnps,
                MessageLabel.NONE);
    }

    /** A flow without retransmissions or CNPs. */
    public FlowResult(long flowId, String workload, int src, int dst, int priority, long sizeBytes, long startPs,
                      long finishPs, long idealFctPs) {
        this(flowId, workload, src, dst, priority, sizeBytes, startPs, finishPs, idealFctPs, 0, 0);
    }

    public boolean finished() {
        return finishPs >= 0;
    }

    /** Whether this is a data message (payload), not a protocol message ({@link MessageLabel#kind()}). */
    public boolean data() {
        return label.data();
    }

    /** Flow completion time, ps, or -1 if unfinished. */
    public long fctPs() {
        return finished() ? finishPs - startPs : -1;
    }

    /**
     * The slowdown so far of a flow cut at {@code endPs}: {@code (endPs - start) / ideal}, a lower bound of
     * its slowdown had the run gone on; the slowdown of a finished flow; NaN for a flow that had not started
     * by {@code endPs} (it has no slowdown yet).
     */
    public double censoredSlowdown(long endPs) {
        return censoredSlowdown(endPs, Completion.RECEIVER);
    }

    /** {@link #censoredSlowdown(long)} on completion {@code c}: its slowdown, or its slowdown so far at {@code endPs}. */
    public double censoredSlowdown(long endPs, Completion c) {
        if (completed(c)) {
            return slowdown(c);
        }
        return endPs > startPs ? (double) (endPs - startPs) / idealFctPs(c) : Double.NaN;
    }

    /** fct / ideal, or NaN if unfinished. */
    public double slowdown() {
        return finished() ? (double) fctPs() / idealFctPs : Double.NaN;
    }

    /** Whether the message reached completion {@code c}. */
    public boolean completed(Completion c) {
        return (c == Completion.SENDER ? senderDonePs : finishPs) >= 0;
    }

    /** Time from post to completion {@code c}, ps, or -1 before it. */
    public long fctPs(Completion c) {
        long end = c == Completion.SENDER ? senderDonePs : finishPs;
        return end >= 0 ? end - startPs : -1;
    }

    /** The ideal of completion {@code c}, ps. */
    public long idealFctPs(Completion c) {
        return c == Completion.SENDER ? senderIdealFctPs : idealFctPs;
    }

    /** {@code fctPs(c) / idealFctPs(c)}, or NaN before completion {@code c}. */
    public double slowdown(Completion c) {
        return completed(c) ? (double) fctPs(c) / idealFctPs(c) : Double.NaN;
    }
}
