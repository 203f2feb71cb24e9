package org.lossless.experiments.run;

/**
 * One row of {@code flows.csv}.
 *
 * @param finishPs   when the destination held the last byte, ps; -1 if unfinished
 * @param idealFctPs completion time alone in the empty network, ps
 */
public record FlowResult(long flowId, String workload, int src, int dst, int priority, long sizeBytes,
                         long startPs, long finishPs, long idealFctPs) {
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
