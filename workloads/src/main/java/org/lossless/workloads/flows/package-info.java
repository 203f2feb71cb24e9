/**
 * Static message lists as {@link org.lossless.workloads.traffic.TrafficProgram}s: {@code type: flows} and
 * the flows of an HPCC flow file ({@code type: hpcc-flows}), both {@link org.lossless.workloads.flows.FlowsProgram},
 * which posts each {@link org.lossless.workloads.flows.ListedFlow} as the record holding it was read (no copy).
 *
 * <p>Their scenario keys are read by {@code FlowsReader} and {@code HpccFlowsReader} in {@link org.lossless.workloads.spec},
 * whose {@code WorkloadConfig.Flows} and {@code HpccFlows} make the program.
 */
package org.lossless.workloads.flows;
