/**
 * What a run measures and reports: the records the result files are written from ({@link
 * org.lossless.experiments.metrics.RunResult} with its flows, ports, jobs, pause graph, lossless drops, watchdog
 * episodes, UET counters and ideals) and the recorders that stream the time series while the packet engine runs
 * ({@link org.lossless.experiments.metrics.TelemetrySampler}, {@link org.lossless.experiments.metrics.PfcLog}) or
 * measure its cost ({@link org.lossless.experiments.metrics.RunCost}).
 *
 * <p>This package depends on the model modules only (sim-core, switch-model, workloads): the engine
 * ({@code experiments.run}), the scenario reader and the result writer import it, never the other way round.
 * Nothing here changes what a run simulates.
 */
package org.lossless.experiments.metrics;
