/**
 * Order statistics of result figures: {@link org.lossless.core.stats.Percentiles}, the one place the simulator's
 * percentile definitions live (each result file's rounding named there).
 */
package org.lossless.core.stats;
