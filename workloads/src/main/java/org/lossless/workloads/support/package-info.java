/**
 * Small pieces the traffic generators share: {@link org.lossless.workloads.support.Agenda} (many timers
 * behind a program's one), {@link org.lossless.workloads.support.LatencySample} (nearest-rank
 * percentiles), {@link org.lossless.workloads.support.Connections} (persistent connections opened on
 * first use) and {@link org.lossless.workloads.support.OperationTally} (per-operation figures of a job).
 */
package org.lossless.workloads.support;
