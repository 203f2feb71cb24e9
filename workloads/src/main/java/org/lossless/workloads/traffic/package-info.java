/**
 * The seam between traffic generators and the packet engine.
 *
 * <p>A workload is a {@link org.lossless.workloads.traffic.TrafficProgram}: it opens persistent
 * connections (RC queue pairs), posts messages on them, and reacts to their completions and to one
 * timer of its own. The engine implements {@link org.lossless.workloads.traffic.TrafficContext} (through
 * {@link org.lossless.workloads.traffic.NicPostingContext}, which makes each post into the program's
 * {@link org.lossless.workloads.traffic.Message} here, splits it over the connection's queue pairs
 * ({@link org.lossless.workloads.traffic.QpSplit}) into nic-cc flows it puts into the run's flow table, and tells the
 * engine of it after; the ideal run's context takes the message whole, {@link org.lossless.workloads.traffic.PostingContext})
 * and drives the program; it knows nothing of collectives, storage or CDF traffic. The same program run
 * against a {@link org.lossless.workloads.traffic.RecordingContext} (no network) yields the message
 * DAG that {@code lossless export flows} writes, without a second implementation. A program's name and context
 * come from {@link org.lossless.workloads.traffic.BaseProgram}: a program with its own list of pending times
 * behind that one timer extends {@link org.lossless.workloads.traffic.OneTimerProgram}, one whose timers are an
 * agenda {@code support.AgendaProgram}.
 *
 * <p>Invariants: times are picoseconds; messages on one connection are delivered in post order; a
 * program has at most one pending timer; message ids are dense per run (the {@code flow_id} column).
 */
package org.lossless.workloads.traffic;
