/**
 * Datacenter traffic: {@link org.lossless.workloads.datacenter.CdfProgram} (Poisson arrivals with sizes
 * from a {@link org.lossless.workloads.datacenter.FlowSizeCdf}, uniform or matrix destinations, an optional
 * {@link org.lossless.workloads.datacenter.IncastOverlay}), {@link
 * org.lossless.workloads.datacenter.IncastProgram} and {@link
 * org.lossless.workloads.datacenter.PermutationProgram}, each with a config record validated in its
 * constructor, and {@link org.lossless.workloads.datacenter.HpccFlows} to export posted messages as an HPCC
 * flow file.
 *
 * <p>Invariants: every random draw comes from a named stream of the program (per host where a host's
 * traffic should not depend on the others'); times are picoseconds; sizes bytes.
 *
 * <p>Their scenario keys are read by {@code CdfReader}, {@code IncastReader} and {@code PermutationReader} in {@link org.lossless.workloads.spec}.
 */
package org.lossless.workloads.datacenter;
