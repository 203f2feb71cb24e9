package org.lossless.plots.data;

/**
 * One row of {@code flows_summary.csv}: the messages of one job, step kind and rank that {@code flows.csv} does
 * not list ({@code metrics.flows: data}, the default, or {@code summary}), aggregated. Optional columns read as
 * -1 (integers) or NaN (slowdowns) when absent or empty (no completed message).
 *
 * @param workload  the job ({@code workload} of flows.csv)
 * @param operation a collective's {@code data} or {@code cts}, a storage job's operation, empty for plain flows
 * @param data      payload ({@code kind} {@code data}), not protocol messages ({@code control})
 * @param src       the rank's host (the host that sends)
 * @param messages  messages aggregated in the row
 * @param completed of them, those that reached {@code metrics.completion}
 * @param cnps      CNPs their senders received, summed
 * @param slowdownP99 nearest-rank p99 slowdown of the completed messages; NaN without one
 */
public record FlowSummaryRow(String workload, String operation, boolean data, int src, long messages, long completed,
                             long bytes, long cnps, long fctP50Ps, long fctP99Ps, long fctMaxPs, double slowdownP50,
                             double slowdownP99, double slowdownMax) {
}
