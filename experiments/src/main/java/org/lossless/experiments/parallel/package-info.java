/**
 * How a fabric is cut for the parallel engine ({@link org.lossless.core.kernel.ParallelEngine}): partitions of whole
 * switches with the hosts behind them, balanced by expected load, and the lookahead the cut links give.
 */
package org.lossless.experiments.parallel;
