/**
 * SimAI/AICB workload files ({@code type: simai}): the text format AICB writes for SimAI, parsed strictly
 * ({@link org.lossless.workloads.simai.SimaiFile}) and run as per-rank graphs of the training executor
 * ({@link org.lossless.workloads.simai.SimaiSource}). docs/workloads.md, "Traces", gives the mapping.
 */
package org.lossless.workloads.simai;
