/**
 * {@code lossless replay plan}: a scenario and a hosts file become the exact commands to run on each lab
 * host and when. {@link org.lossless.verbs.plan.ReplayPlanner} maps each workload through a
 * {@link org.lossless.verbs.plan.PlanContributor} (flows today; collectives and storage plug in the same
 * way); what the tools cannot express is listed with the approximation used. The plan is pure data
 * ({@link org.lossless.verbs.plan.HardwarePlan}), written by {@link org.lossless.verbs.plan.PlanWriter}.
 */
package org.lossless.verbs.plan;
