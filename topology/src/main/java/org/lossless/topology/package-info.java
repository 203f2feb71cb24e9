/**
 * Fabric graphs and routing. {@link org.lossless.topology.Topology} is the immutable graph (hosts,
 * switches, full-duplex {@link org.lossless.topology.Cable}s with {@link org.lossless.topology.Port}s);
 * {@link org.lossless.topology.Routes} holds per-destination-ToR tables of all equal-cost next hops,
 * recomputable around {@link org.lossless.topology.Failures}; {@link org.lossless.topology.EcmpHash} is
 * the per-switch seeded 5-tuple hash that picks among them. Subpackages: {@code types} (one spec
 * record and builder per topology type), {@code io} (HPCC files, Graphviz), {@code analysis} (summary,
 * bisection bandwidth). Pure data: nothing here schedules events.
 */
package org.lossless.topology;
