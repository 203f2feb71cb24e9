/**
 * Running one scenario: building the network model from a resolved scenario, driving the kernel, and filling
 * what the result files report ({@link org.lossless.experiments.metrics.RunResult}; the result records and the
 * recorders that stream the time series are in {@code experiments.metrics}). After the packet run, every job is
 * replayed alone without packets ({@link org.lossless.experiments.run.IdealRun}) for its ideal, as each message's
 * {@code ideal_fct} comes from {@link org.lossless.experiments.run.IdealFct}.
 */
package org.lossless.experiments.run;
