/**
 * The simulation kernel: DSOL 4.3.2 in integer picoseconds, made fast enough for packet-level
 * models through DSOL's own extension points.
 *
 * <ul>
 * <li>{@link org.lossless.core.kernel.SimEvent}: reusable event with primitive {@code long}
 * picosecond time; models keep one per recurring action and re-arm it.</li>
 * <li>{@link org.lossless.core.kernel.Scheduler}: what models see (now, schedule, cancel).</li>
 * <li>{@link org.lossless.core.kernel.LongHeapEventList}: DSOL event list; its events are held in a
 * {@code CalendarQueue} (1.024 ns buckets over a 4.2 us window that slides with the clock, each bucket one cache
 * line of event references, sorted when the clock reaches it; a 4-ary {@code EventHeap} beyond the window):
 * O(1) scheduling for the near events of a packet model, the same order as a heap.</li>
 * <li>{@link org.lossless.core.kernel.FastDevsSimulator}: DSOL {@code DevsSimulator<Long>} with a
 * batched, lock-light run loop; same event order as stock DSOL.</li>
 * <li>{@link org.lossless.core.kernel.SimModel} and {@link org.lossless.core.kernel.ModelBuilder}:
 * a DSOL model built by a callback in {@code constructModel()}.</li>
 * <li>{@link org.lossless.core.kernel.Kernel}: the three together behind a small API; each
 * {@code runUntil} is one DSOL replication.</li>
 * <li>{@link org.lossless.core.kernel.DsolLogging}: keeps DSOL quiet (WARN and up, on stderr).</li>
 * <li>{@link org.lossless.core.kernel.QuietLogback}: logback's configuration in code (libraries warn only, on
 * stderr), found as a logback {@code Configurator} service: no XML is parsed at start-up.</li>
 * <li>{@code KernelReplication}: a replication in a naming context of its own (no JVM-wide JNDI lookup).</li>
 * </ul>
 *
 * <p>Time is always {@code long} picoseconds. At equal time, events run by DSOL priority (higher
 * first), then in the order they were scheduled (FIFO), which makes runs deterministic.
 *
 * <p>DSOL runs replications on a non-daemon worker thread. The kernel ends it with every run, but a
 * command-line {@code main} must still end with {@code System.exit(code)} on every path.
 */
package org.lossless.core.kernel;
