/**
 * The simulation kernel: reusable events with primitive {@code long} picosecond time, the
 * {@link org.lossless.core.kernel.Scheduler} the models schedule on, and the DSOL-backed run loop.
 *
 * <p>Time is always {@code long} picoseconds. Events with equal time run in the order they were
 * scheduled (FIFO on a sequence number), which makes runs deterministic.
 */
package org.lossless.core.kernel;
