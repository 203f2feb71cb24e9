package org.lossless.topology.types;

import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;

/**
 * {@code ring}: switches sw0..sw(n-1) in a ring (sw i linked to sw i+1 mod n), with
 * {@code hostsPerSwitch} hosts on each, numbered switch by switch. Shortest-path routing on a ring
 * makes the cyclic buffer dependencies PFC deadlock studies need (every switch forwards to its
 * neighbour, around the ring); with an even n the opposite switch is reached both ways (2 ECMP paths).
 *
 * @param switches       switches in the ring (&gt;= 3)
 * @param hostsPerSwitch hosts on each switch ({@code hosts_per_switch}, &gt;= 1)
 * @param hostLink       host links
 * @param fabricLink     ring links
 */
public record RingSpec(int switches, int hostsPerSwitch, LinkSpec hostLink, LinkSpec fabricLink)
        implements TopologySpec {
    public static final String TYPE = "ring";

    public RingSpec {
        Checks.atLeast(TYPE, "switches", switches, 3);
        Checks.atLeast(TYPE, "hosts_per_switch", hostsPerSwitch, 1);
        Checks.hostLimit(TYPE, (long) switches * hostsPerSwitch);
        Checks.present(TYPE, "host_link", hostLink);
        Checks.present(TYPE, "fabric_link", fabricLink);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public long hostCount() {
        return (long) switches * hostsPerSwitch;
    }

    @Override
    public Topology build() {
        Topology.Builder b = Topology.builder(TYPE);
        int hosts = switches * hostsPerSwitch;
        for (int h = 0; h < hosts; h++) {
            b.addHost("h" + h);
        }
        for (int i = 0; i < switches; i++) {
            b.addSwitch("sw" + i, 1);
        }
        for (int h = 0; h < hosts; h++) {
            b.connect(h, hosts + h / hostsPerSwitch, hostLink);
        }
        for (int i = 0; i < switches; i++) {
            b.connect(hosts + i, hosts + (i + 1) % switches, fabricLink);
        }
        return b.build();
    }
}
