/**
 * Figures about a topology: counts and capacities per tier, oversubscription and bisection bandwidth
 * ({@link org.lossless.topology.analysis.TopologySummary}), computed with an exact max-flow ({@link
 * org.lossless.topology.analysis.MaxFlow}).
 */
package org.lossless.topology.analysis;
