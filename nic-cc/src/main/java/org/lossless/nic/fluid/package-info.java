/**
 * The CoNEXT'16 DCQCN fluid model (reference dcqcn.md §5), a validation oracle rather than a
 * runtime model: {@link org.lossless.nic.fluid.FluidSolver} integrates the delay-differential
 * equations with Commons Math fixed-step integrators and a history ring for the delayed terms,
 * {@link org.lossless.nic.fluid.FluidFixedPoint} solves the fixed-point condition,
 * {@link org.lossless.nic.fluid.FluidCsvWriter} writes {@code fluid.csv}, and
 * {@link org.lossless.nic.fluid.FluidRun} is what {@code lossless fluid} calls.
 */
package org.lossless.nic.fluid;
