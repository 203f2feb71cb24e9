/**
 * The HPCC-parity validation run (docs/validation.md, V-09): files in the HPCC simulator's formats for the HPCC
 * paper's fat-tree, open-loop CDF traffic and the simulator's DCQCN config ({@link HpccSetup}), and the per
 * flow-size decile analysis of a run's flows.csv ({@link DecileReport}). Driven by
 * {@code benchmarks/hpcc-parity.sh}; not part of the default test suite (a run takes minutes).
 */
package org.lossless.benchmarks.hpcc;
