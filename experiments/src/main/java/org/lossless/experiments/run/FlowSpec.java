package org.lossless.experiments.run;

/**
 * A flow as a workload asks for it (before it runs).
 *
 * @param workload name of the workload that generated it (e.g. {@code flows}, {@code incast})
 */
public record FlowSpec(String workload, int src, int dst, long sizeBytes, long startPs, int priority) {
}
