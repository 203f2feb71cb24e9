/**
 * Small pieces the traffic generators share: {@link org.lossless.workloads.support.ActionAgenda} (many timers
 * behind a program's one), {@link org.lossless.workloads.support.LatencySample} (nearest-rank
 * percentiles), {@link org.lossless.workloads.support.Connections} (persistent connections opened on
 * first use), {@link org.lossless.workloads.support.OperationTally} (per-operation figures of a job) and
 * {@link org.lossless.workloads.support.AgendaProgram} (the skeleton of a program whose timers are an agenda).
 */
package org.lossless.workloads.support;
