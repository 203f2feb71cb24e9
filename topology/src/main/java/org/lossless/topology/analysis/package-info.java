/**
 * Figures about a topology: counts and capacities per tier, oversubscription and bisection bandwidth
 * ({@link org.lossless.topology.analysis.TopologySummary}), computed with an exact max-flow ({@link
 * org.lossless.topology.analysis.MaxFlow}); on a fabric of GPU servers, the servers, GPUs and NICs below the
 * switches of each tier ({@link org.lossless.topology.analysis.ServerTiers}).
 */
package org.lossless.topology.analysis;
