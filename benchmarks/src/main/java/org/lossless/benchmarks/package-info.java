/**
 * Speed benchmarks: plain {@code main} programs that print events/s and wall time per scenario.
 * Run them with {@code benchmarks/run.sh NAME}; results are recorded in {@code benchmarks/README.md}.
 */
package org.lossless.benchmarks;
