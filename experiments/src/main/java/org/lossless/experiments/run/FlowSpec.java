package org.lossless.experiments.run;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.flows.ListedFlow;
import org.lossless.workloads.spec.WorkloadConfig;

/**
 * A flow of a hand-built engine input (tests, benchmarks: {@link Traffic#of}): the scenario's own flow record
 * ({@code WorkloadConfig.FlowSpec}, which holds and checks every field, with the words a flow list's reader relies
 * on) with the name of the workload it belongs to, posted as it is by the {@link StaticFlows} program of that
 * workload. A scenario's flows never become one: their workload's record goes to its own program.
 *
 * @param workload name of the workload that generated it (e.g. {@code flows}, {@code incast})
 * @param flow     the flow: hosts, size, start, priority, QPs ({@code workloads.traffic.QpSplit}), connection (flows
 *                 naming one connection share its QPs and are sent in order; null: a connection of its own), DSCP
 */
public record FlowSpec(String workload, WorkloadConfig.FlowSpec flow) implements ListedFlow {
    /** Most QPs one flow may use (scenario key {@code qps}). */
    public static final int MAX_QPS = WorkloadConfig.FlowSpec.MAX_QPS;

    public FlowSpec {
        java.util.Objects.requireNonNull(workload, "workload");
        java.util.Objects.requireNonNull(flow, "flow");
    }

    /**
     * A flow with DSCP {@code dscp}, 0..63, or -1 for the default of its priority (class selector 8·priority).
     * {@code sizeBytes} is made a {@link MessageSize} here (its one check): these forms are for hand-built inputs.
     */
    public FlowSpec(String workload, int src, int dst, long sizeBytes, long startPs, int priority, int qps,
                    String connection, int dscp) {
        this(workload, dscp == -1
                ? new WorkloadConfig.FlowSpec(src, dst, MessageSize.of(sizeBytes), startPs, priority, qps, connection)
                : new WorkloadConfig.FlowSpec(src, dst, MessageSize.of(sizeBytes), startPs, priority, qps, connection,
                        dscp));
    }

    /** A flow with the default DSCP of its priority. */
    public FlowSpec(String workload, int src, int dst, long sizeBytes, long startPs, int priority, int qps,
                    String connection) {
        this(workload, new WorkloadConfig.FlowSpec(src, dst, MessageSize.of(sizeBytes), startPs, priority, qps,
                connection));
    }

    /** A flow on a connection of its own with {@code qps} queue pairs. */
    public FlowSpec(String workload, int src, int dst, long sizeBytes, long startPs, int priority, int qps) {
        this(workload, src, dst, sizeBytes, startPs, priority, qps, null);
    }

    /** A flow on one queue pair of its own. */
    public FlowSpec(String workload, int src, int dst, long sizeBytes, long startPs, int priority) {
        this(workload, src, dst, sizeBytes, startPs, priority, 1);
    }

    @Override
    public int src() {
        return flow.src();
    }

    @Override
    public int dst() {
        return flow.dst();
    }

    @Override
    public MessageSize size() {
        return flow.size();
    }

    @Override
    public long startPs() {
        return flow.startPs();
    }

    @Override
    public int priority() {
        return flow.priority();
    }

    @Override
    public int qps() {
        return flow.qps();
    }

    @Override
    public String connection() {
        return flow.connection();
    }

    /** DSCP of its packets, 0..63 (the class selector of its priority unless given). */
    @Override
    public int dscp() {
        return flow.dscp();
    }
}
