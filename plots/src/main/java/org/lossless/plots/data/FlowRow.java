package org.lossless.plots.data;

/**
 * One row of {@code flows.csv}. Optional columns read as -1 (integers) or NaN (slowdown) when absent.
 *
 * @param finishPs       when the destination held the last byte, ps; -1 if unfinished
 * @param slowdown       fct / ideal fct; NaN if unfinished
 * @param cnps           CNPs the sender received; -1 if the file has no such column
 * @param bytesDelivered bytes the destination holds; -1 if the file has no such column
 * @param data           a data message (payload), not a protocol message ({@code kind} {@code control}); true when
 *                       the file has no {@code kind} column (results written before it existed)
 */
public record FlowRow(long flowId, String workload, int src, int dst, int priority, long sizeBytes, long startPs,
                      long finishPs, long fctPs, long idealFctPs, double slowdown, long cnps, long bytesDelivered,
                      boolean data) {
    public boolean finished() {
        return finishPs >= 0;
    }
}
