package org.lossless.topology.types;

import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;

/**
 * {@code leaf-spine}: a 2-tier Clos. Every leaf has {@code hostsPerLeaf} hosts and
 * {@code parallelLinks} cables to every spine. Hosts are numbered leaf by leaf; switches are
 * leaf0.. (tier 1) then spine0.. (tier 2).
 *
 * @param leaves        leaf switches ({@code leaves}, &gt;= 1)
 * @param spines        spine switches ({@code spines}, &gt;= 1)
 * @param hostsPerLeaf  hosts on each leaf ({@code hosts_per_leaf}, &gt;= 1)
 * @param parallelLinks cables between each leaf and each spine ({@code parallel_links}, &gt;= 1)
 * @param hostLink      host links
 * @param fabricLink    leaf-spine links
 */
public record LeafSpineSpec(int leaves, int spines, int hostsPerLeaf, int parallelLinks, LinkSpec hostLink,
        LinkSpec fabricLink) implements TopologySpec {
    public static final String TYPE = "leaf-spine";

    public LeafSpineSpec {
        Checks.atLeast(TYPE, "leaves", leaves, 1);
        Checks.atLeast(TYPE, "spines", spines, 1);
        Checks.atLeast(TYPE, "hosts_per_leaf", hostsPerLeaf, 1);
        Checks.atLeast(TYPE, "parallel_links", parallelLinks, 1);
        Checks.hostLimit(TYPE, (long) leaves * hostsPerLeaf);
        if ((long) leaves * spines * parallelLinks > 10L * TopologySpec.MAX_HOSTS) {
            throw new IllegalArgumentException(TYPE + ": leaves x spines x parallel_links = "
                    + (long) leaves * spines * parallelLinks + " fabric links is more than supported");
        }
        Checks.present(TYPE, "host_link", hostLink);
        Checks.present(TYPE, "fabric_link", fabricLink);
    }

    /** Without parallel links. */
    public LeafSpineSpec(int leaves, int spines, int hostsPerLeaf, LinkSpec hostLink, LinkSpec fabricLink) {
        this(leaves, spines, hostsPerLeaf, 1, hostLink, fabricLink);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public long hostCount() {
        return (long) leaves * hostsPerLeaf;
    }

    @Override
    public Topology build() {
        Topology.Builder b = Topology.builder(TYPE);
        int hosts = leaves * hostsPerLeaf;
        for (int h = 0; h < hosts; h++) {
            b.addHost("h" + h);
        }
        int firstLeaf = b.nodeCount();
        for (int l = 0; l < leaves; l++) {
            b.addSwitch("leaf" + l, 1);
        }
        int firstSpine = b.nodeCount();
        for (int s = 0; s < spines; s++) {
            b.addSwitch("spine" + s, 2);
        }
        for (int h = 0; h < hosts; h++) {
            b.connect(h, firstLeaf + h / hostsPerLeaf, hostLink);
        }
        for (int l = 0; l < leaves; l++) {
            for (int s = 0; s < spines; s++) {
                for (int m = 0; m < parallelLinks; m++) {
                    b.connect(firstLeaf + l, firstSpine + s, fabricLink);
                }
            }
        }
        return b.build();
    }
}
