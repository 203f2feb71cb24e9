/**
 * NCCL-shaped collectives as {@link org.lossless.workloads.traffic.TrafficProgram}s: ring, double binary
 * tree and halving-doubling all-reduce, all-gather, reduce-scatter, all-to-all and broadcast, with
 * channels, chunk and slice pipelining, the Simple / LL128 / LL protocols, NCCL's per-step software
 * latencies, GPU servers with NVLink and PXN, iterations and gaps.
 *
 * <p>A {@link org.lossless.workloads.collective.CollectiveJob} says what to run; planners turn it into a
 * static dependency graph ({@code Plan}: ops, transfers, lanes) once, except rings, whose graph {@code RingView}
 * computes from ids as the job advances (memory follows ranks and channels, not slices); the
 * {@link org.lossless.workloads.collective.CollectiveProgram} runs that graph each iteration, holding the state of the
 * steps in flight only ({@code PlanState}), against
 * whatever {@link org.lossless.workloads.traffic.TrafficContext} drives it (the packet engine, or the
 * network-free recording context). docs/workloads.md describes every modelling choice.
 *
 * <p>What a job leaves to {@code auto} the {@link org.lossless.workloads.collective.Tuner} fills when it starts:
 * by default each candidate's call runs once in a {@code DryRun} (the program itself against fluid NIC queues
 * and path latencies) and the fastest wins; {@code tuner: nccl} uses NCCL's cost model ({@code NcclModel}).
 *
 * <p>Invariants: times in picoseconds, sizes in bytes; a transfer is posted only after its producing op
 * was issued; a lane never has more than its window of messages between grant and consumption.
 *
 * <p>Their scenario keys are read by {@code CollectiveReader} and {@code PlacementReader} in {@link org.lossless.workloads.spec}.
 */
package org.lossless.workloads.collective;
