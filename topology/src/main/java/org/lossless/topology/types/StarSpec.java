package org.lossless.topology.types;

import org.lossless.topology.LinkSpec;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;

/**
 * {@code star}: {@code hosts} hosts on one switch {@code sw0}.
 *
 * @param hosts    number of hosts (&gt;= 2)
 * @param hostLink host-to-switch link
 */
public record StarSpec(int hosts, LinkSpec hostLink) implements TopologySpec {
    public static final String TYPE = "star";

    public StarSpec {
        Checks.atLeast(TYPE, "hosts", hosts, 2);
        Checks.hostLimit(TYPE, hosts);
        Checks.present(TYPE, "host_link", hostLink);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public long hostCount() {
        return hosts;
    }

    @Override
    public Topology build() {
        return StarTopology.build(hosts, hostLink.rateBps(), hostLink.delayPs());
    }
}
