package org.lossless.verbs.plan;

import org.lossless.workloads.spec.WorkloadConfig;

/**
 * Turns one kind of workload into processes of the plan. {@link FlowsContributor} replays {@code flows} and
 * {@code hpcc-flows} with perftest, {@link CollectiveContributor} collective jobs with nccl-tests,
 * {@link StorageContributor} NVMe-oF jobs with fio ({@link ReplayPlanner#DEFAULT_CONTRIBUTORS}). A workload no contributor handles is listed
 * in the plan as not replayed.
 */
public interface PlanContributor {
    /** True when this contributor replays {@code w}. */
    boolean handles(WorkloadConfig w);

    /**
     * Adds the processes (and approximations) that replay {@code w}.
     *
     * @param firstFlowId the scenario flow id of the workload's first flow (flow ids count 0, 1, ... over the
     *                    workloads in order, as in flows.csv)
     */
    void contribute(WorkloadConfig w, long firstFlowId, PlanContext ctx);

    /** Scenario flows the workload generates (so later workloads know their first flow id). */
    long flowCount(WorkloadConfig w);
}
