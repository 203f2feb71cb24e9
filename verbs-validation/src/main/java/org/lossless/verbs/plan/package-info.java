/**
 * {@code lossless replay plan}: a scenario and a hosts file become the exact commands to run on each lab
 * host and when. {@link org.lossless.verbs.plan.ReplayPlanner} maps each workload through a
 * {@link org.lossless.verbs.plan.PlanContributor}: perftest for flows, nccl-tests under mpirun for collective
 * jobs, fio for NVMe-oF jobs; SONiC switches of the hosts file get counter snapshots. What the tools cannot
 * express is listed with the approximation used. The plan is pure data
 * ({@link org.lossless.verbs.plan.HardwarePlan}), written by {@link org.lossless.verbs.plan.PlanWriter}.
 */
package org.lossless.verbs.plan;
