/**
 * The kernel benchmark: a hold model (every executed event schedules one new event at a random delay)
 * run on Lossless's kernel and on stock DSOL, reporting events per second of CPU time for 1,000 and
 * 100,000 pending events. Run with {@code benchmarks/run-kernel.sh}; results in {@code benchmarks/README.md}.
 */
package org.lossless.benchmarks;
