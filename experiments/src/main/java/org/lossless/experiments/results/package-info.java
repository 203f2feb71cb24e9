/**
 * Result files (CONTRACT.md §4) written from a {@link org.lossless.experiments.run.RunResult} and the
 * {@link org.lossless.experiments.scenario.Scenario}: {@link org.lossless.experiments.results.ResultsWriter}
 * (atomic directory), {@link org.lossless.experiments.results.ResultFiles} (CSV text),
 * {@link org.lossless.experiments.results.Summary} (summary.json, nearest-rank percentiles).
 * Same scenario and seed, same bytes (except {@code wall_seconds}).
 */
package org.lossless.experiments.results;
