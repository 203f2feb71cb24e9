/**
 * Fabric graphs: hosts, switches and full-duplex links ({@link org.lossless.topology.Topology}),
 * builders for each topology type, and per-destination routing tables with equal-cost next hops.
 * Pure data: nothing here schedules events.
 */
package org.lossless.topology;
