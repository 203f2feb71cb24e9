package org.lossless.topology.types;

import org.lossless.topology.Topology;

/** The validated configuration of one topology type; {@link #build()} makes the graph. */
public sealed interface TopologySpec
        permits StarSpec, DumbbellSpec, ParkingLotSpec, RingSpec, LeafSpineSpec, FatTreeSpec, RailOptimizedSpec,
        HpccFileSpec {
    /** Largest number of hosts a spec may ask for (guards against typos such as k: 800). */
    long MAX_HOSTS = 1_000_000;

    /** The scenario type name ({@code fat-tree}, {@code leaf-spine}, ...). */
    String type();

    /** Number of hosts the topology will have. */
    long hostCount();

    /** Builds the topology graph. */
    Topology build();
}
