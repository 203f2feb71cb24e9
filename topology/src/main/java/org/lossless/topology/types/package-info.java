/**
 * The built-in topology types: one validated configuration record per type (a {@link
 * org.lossless.topology.types.TopologySpec}, e.g. {@link org.lossless.topology.types.FatTreeSpec}) and
 * one builder class per type that turns it into a {@link org.lossless.topology.Topology}.
 *
 * <p>Conventions shared by all types: hosts come first in node-id order, so host number = node id
 * (h0, h1, ...), numbered in topology order (fat-tree: pod by pod, ToR by ToR); switches are named by
 * role and a global index ({@code tor3}, {@code agg2}, {@code core0}, {@code leaf1}, {@code spine0},
 * {@code rail2}, {@code sw0}); tiers are 1 for ToR/leaf/rail, 2 for aggregation/spine, 3 for core.
 * Validation messages name the scenario key ({@code hosts_per_leaf}) and say what is allowed.
 */
package org.lossless.topology.types;
