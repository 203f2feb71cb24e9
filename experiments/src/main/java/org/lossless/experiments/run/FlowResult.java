package org.lossless.experiments.run;

/**
 * One row of {@code flows.csv}.
 *
 * <p>A flow spread over several queue pairs ({@code qps}, {@link QpSplit}) is one row: the figures below
 * cover all its QPs.
 *
 * @param finishPs    when the destination held the last byte (of its last QP to finish), ps; -1 if unfinished
 * @param idealFctPs  completion time alone in the empty network, ps
 * @param retransmits data packets the source sent again (go-back-N after a NACK or a retransmission timeout),
 *                    summed over its QPs
 * @param cnps        CNPs (or CNP flags on ACKs) the flow's sending QPs received, summed; 0 without congestion control
 */
public record FlowResult(long flowId, String workload, int src, int dst, int priority, long sizeBytes,
                         long startPs, long finishPs, long idealFctPs, long retransmits, long cnps) {
    public FlowResult {
        if (retransmits < 0 || cnps < 0) {
            throw new IllegalArgumentException("flow " + flowId + ": retransmits and cnps must be >= 0");
        }
    }

    /** A flow without retransmissions or CNPs. */
    public FlowResult(long flowId, String workload, int src, int dst, int priority, long sizeBytes, long startPs,
                      long finishPs, long idealFctPs) {
        this(flowId, workload, src, dst, priority, sizeBytes, startPs, finishPs, idealFctPs, 0, 0);
    }

    public boolean finished() {
        return finishPs >= 0;
    }

    /** Flow completion time, ps, or -1 if unfinished. */
    public long fctPs() {
        return finished() ? finishPs - startPs : -1;
    }

    /** fct / ideal, or NaN if unfinished. */
    public double slowdown() {
        return finished() ? (double) fctPs() / idealFctPs : Double.NaN;
    }
}
