package org.lossless.experiments.run;

/**
 * A flow as a workload asks for it (before it runs).
 *
 * @param workload name of the workload that generated it (e.g. {@code flows}, {@code incast})
 * @param qps      RC queue pairs the message is spread over, 1..{@link #MAX_QPS} ({@link QpSplit})
 */
public record FlowSpec(String workload, int src, int dst, long sizeBytes, long startPs, int priority, int qps) {
    /** Most QPs one flow may use (scenario key {@code qps}). */
    public static final int MAX_QPS = 64;

    public FlowSpec {
        if (qps < 1 || qps > MAX_QPS) {
            throw new IllegalArgumentException("qps must be 1.." + MAX_QPS + ", got " + qps);
        }
    }

    /** A flow on one queue pair. */
    public FlowSpec(String workload, int src, int dst, long sizeBytes, long startPs, int priority) {
        this(workload, src, dst, sizeBytes, startPs, priority, 1);
    }
}
