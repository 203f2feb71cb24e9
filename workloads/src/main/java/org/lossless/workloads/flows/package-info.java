/**
 * Static message lists as {@link org.lossless.workloads.traffic.TrafficProgram}s: {@code type: flows} and
 * the flows of an HPCC flow file ({@code type: hpcc-flows}), both {@link org.lossless.workloads.flows.FlowsProgram}.
 *
 * <p>Their scenario keys are read by {@code FlowsReader} and {@code HpccFlowsReader} in {@link org.lossless.workloads.spec}.
 */
package org.lossless.workloads.flows;
