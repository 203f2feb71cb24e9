/**
 * Exact nearest-rank percentiles over more values than the heap should hold: a run's message slowdowns and
 * latencies ({@code FlowFigures}, summary.json) and its step messages' FCTs and slowdowns ({@code StepSummary},
 * flows_summary.csv). {@link org.lossless.experiments.results.ranks.PercentileValues} keeps every
 * {@link org.lossless.experiments.results.ranks.Series} of the run as long keys
 * ({@link org.lossless.experiments.results.ranks.Keys}: a double's key orders like {@code Arrays.sort(double[])}),
 * in memory up to a budget and in files of the result directory past it
 * ({@link org.lossless.core.spill.LongSpill}, 64 files by series, deleted on close); the selection at the end
 * gathers and sorts what fits the budget and selects by radix what does not, so the figures are the same bytes
 * whatever the budget, and a run under it never touches the disk.
 */
package org.lossless.experiments.results.ranks;
