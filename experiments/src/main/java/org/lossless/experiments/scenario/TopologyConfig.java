package org.lossless.experiments.scenario;

import java.util.List;

/**
 * The {@code topology} section: one record per topology type, each with its own keys. To add a type,
 * add a record here, a reader branch in {@link TopologyReader} and a writer branch in {@link ResolvedYaml},
 * and move its name from {@link #PLANNED} to {@link #SUPPORTED}.
 */
public sealed interface TopologyConfig permits TopologyConfig.Star {
    /** Types this version reads. */
    List<String> SUPPORTED = List.of("star");
    /** Types named by the contract that are not implemented yet. */
    List<String> PLANNED = List.of("dumbbell", "parking-lot", "leaf-spine", "fat-tree", "rail-optimized", "hpcc-file",
            "ring");

    /** The type name as in the scenario file. */
    String type();

    /** Hosts, numbered 0..hostCount()-1 in topology order. */
    int hostCount();

    /** Links between a host and its switch. */
    LinkConfig hostLink();

    /** Links between switches (unused by a single-switch star, kept for multi-tier types). */
    LinkConfig fabricLink();

    /**
     * {@code star}: {@code hosts} hosts on one switch {@code sw0}; host i is on switch port i.
     *
     * @param hosts      number of hosts, &gt;= 2
     * @param hostLink   host-switch links
     * @param fabricLink switch-switch links (none in a star; written out for uniformity)
     */
    record Star(int hosts, LinkConfig hostLink, LinkConfig fabricLink) implements TopologyConfig {
        public Star {
            if (hosts < 2) {
                throw new IllegalArgumentException("a star needs at least 2 hosts, got " + hosts);
            }
            java.util.Objects.requireNonNull(hostLink, "hostLink");
            java.util.Objects.requireNonNull(fabricLink, "fabricLink");
        }

        @Override
        public String type() {
            return "star";
        }

        @Override
        public int hostCount() {
            return hosts;
        }
    }
}
