/**
 * The simulation kernel: a small event loop of its own in integer picoseconds (SSJ style: one event list, one clock,
 * no framework between the loop and the events), with DSOL kept for what it does well, the named random streams.
 *
 * <ul>
 * <li>{@link org.lossless.core.kernel.SimEvent}: reusable event with primitive {@code long} picosecond time; models
 * keep one per recurring action and re-arm it.</li>
 * <li>{@link org.lossless.core.kernel.Scheduler}: what models see (now, schedule, cancel, and
 * {@link org.lossless.core.kernel.Scheduler#source(int)}: the view of one event source, which keys the tie-break).</li>
 * <li>{@link org.lossless.core.kernel.EventLoop}: one event list and its clock; its events are held in a
 * {@code CalendarQueue} (1.024 ns buckets over a 4.2 us window that slides with the clock, each bucket one cache
 * line of event references, sorted when the clock reaches it; a 4-ary {@code EventHeap} beyond the window): O(1)
 * scheduling for the near events of a packet model.</li>
 * <li>{@link org.lossless.core.kernel.Engine}: a scheduler with run control; {@link org.lossless.core.kernel.Kernel}
 * is the sequential engine, {@link org.lossless.core.kernel.ParallelEngine} the partitioned one.</li>
 * <li>{@link org.lossless.core.kernel.ModelBuilder}: builds a model when the first run starts.</li>
 * <li>{@link org.lossless.core.kernel.DsolLogging}: keeps DSOL and djutils quiet (WARN and up, on stderr).</li>
 * <li>{@link org.lossless.core.kernel.QuietLogback}: logback's configuration in code (libraries warn only, on
 * stderr), found as a logback {@code Configurator} service: no XML is parsed at start-up.</li>
 * </ul>
 *
 * <p>Time is always {@code long} picoseconds. At equal time, events run by their tie key: the id of the source they
 * were first scheduled through (0, the run's global events, first), then the order in which that source keyed them.
 * The key depends only on what each source did, so runs are deterministic and a partitioned run breaks ties exactly
 * as a sequential one.
 *
 * <p>Events run on the thread that calls {@code runUntil}; the kernel starts no thread.
 */
package org.lossless.core.kernel;
