/**
 * The parametric {@code training} job: a transformer's sizes and a 3D (+ expert) parallel split turned into per-rank
 * graphs for the training executor, with what Megatron-LM and DeepSpeed put on the wire: tensor-parallel all-reduces
 * (or reduce-scatter + all-gather) per layer, pipeline transfers on the 1F1B or GPipe schedule, gradient buckets
 * reduced over the data-parallel group as the backward pass produces them (ZeRO 1-3 adding all-gathers), and MoE
 * all-to-all dispatch and combine over the expert group.
 *
 * <p>{@link org.lossless.workloads.training.parametric.TrainingConfig} holds the validated keys;
 * {@link org.lossless.workloads.training.parametric.ParametricSource} generates the graphs, one iteration at a time.
 * Invariants: times in picoseconds, sizes in bytes; every rank of a group makes the same calls in the same order.
 * docs/workloads.md, "Training iterations", describes every modelling choice.
 */
package org.lossless.workloads.training.parametric;
