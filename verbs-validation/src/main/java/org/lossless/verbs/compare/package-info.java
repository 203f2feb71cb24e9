/**
 * {@code lossless replay compare}: simulates the replayed scenario and sets every metric the measurement
 * has against the simulated one ({@link org.lossless.verbs.compare.MetricSet} gives both the same names),
 * with the error; written as a table, {@code comparison.json} and {@code comparison.csv}.
 */
package org.lossless.verbs.compare;
