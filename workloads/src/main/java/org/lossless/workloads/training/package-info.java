/**
 * Training jobs as graphs: one executor for every front end.
 *
 * <p>A front end (the parametric {@code training} generator in {@code parametric}, trace readers later) is a
 * {@link org.lossless.workloads.training.TrainingSource}: per rank and iteration a
 * {@link org.lossless.workloads.training.RankGraph} of compute nodes (a duration on the GPU) and communication nodes
 * (a collective over a {@link org.lossless.workloads.training.Communicator}, or a send / receive with one peer), with
 * dependencies and streams. The {@link org.lossless.workloads.training.TrainingProgram} walks the graphs on the
 * traffic-program seam: a compute node is a timer; a communication node waits for its partners and then runs as one
 * call of the collective engine ({@code workloads.collective}), so every transfer still waits for its inputs and the
 * packet engine carries its messages. The executor's own bookkeeping gives each iteration's breakdown (compute,
 * exposed communication per kind, bubble), per-kind busbw, the critical path and the timeline.
 *
 * <p>A trace reader plugs in as a {@code TrainingSource}: give each rank's nodes to a
 * {@link org.lossless.workloads.training.RankGraphBuilder} in a topological order (compute durations; collectives
 * with their {@link org.lossless.workloads.training.Communicator} index, nccl-tests size and
 * {@link org.lossless.workloads.training.CommKind}, {@code OTHER} when the trace does not say; sends and receives
 * with the peer rank), list the communicators, and run {@code new TrainingProgram(new TrainingJob(name, "chakra",
 * source, hostOfRank, comm, iterations, start, null, true))} from a {@code ProgramWorkload}; results, breakdown and
 * timeline follow without more code. A reader should check that every member makes the same calls on a
 * communicator in the same order (and sends meet receives) before the run: the executor fails on a mismatched
 * call and reports a stall when calls never complete.
 *
 * <p>Invariants: times in picoseconds, sizes in bytes; a rank's nodes are numbered in a topological order; a stream
 * runs one node at a time in node order; the k-th call of a rank on a communicator (or towards a peer) meets the
 * k-th of every partner. docs/workloads.md describes every modelling choice.
 */
package org.lossless.workloads.training;
