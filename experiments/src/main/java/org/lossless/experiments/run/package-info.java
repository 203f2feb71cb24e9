/**
 * Running one scenario: building the network model from a resolved scenario, driving the kernel, and filling
 * what the result files report ({@link org.lossless.experiments.metrics.RunResult}; the result records and the
 * recorders that stream the time series are in {@code experiments.metrics}). After the packet run, every job is
 * replayed alone without packets ({@link org.lossless.experiments.run.IdealRun}) for its ideal, as each message's
 * {@code ideal_fct} comes from {@link org.lossless.experiments.run.IdealFct}.
 *
 * <p>With {@code --threads} ({@link org.lossless.experiments.run.PacketEngine.Parallelism}) the model runs on the
 * partitioned engine: {@link org.lossless.experiments.run.RunPartitions} cuts the fabric and sets the window length,
 * {@link org.lossless.experiments.run.Completions} hands completions to the traffic programs between windows,
 * {@link org.lossless.experiments.run.PfcBuffers} tells the PFC observers in (time, node) order; the results are the
 * same for every number of threads.
 */
package org.lossless.experiments.run;
