package org.lossless.topology.types;

import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;

/**
 * {@code dumbbell}: two switches {@code sw0} and {@code sw1} joined by one bottleneck link;
 * {@code leftHosts} hosts on sw0 (h0..), then {@code rightHosts} hosts on sw1.
 *
 * @param leftHosts      hosts on sw0 ({@code left_hosts}, &gt;= 1)
 * @param rightHosts     hosts on sw1 ({@code right_hosts}, &gt;= 1)
 * @param hostLink       host links
 * @param bottleneckLink the sw0-sw1 link ({@code fabric_link})
 */
public record DumbbellSpec(int leftHosts, int rightHosts, LinkSpec hostLink, LinkSpec bottleneckLink)
        implements TopologySpec {
    public static final String TYPE = "dumbbell";

    public DumbbellSpec {
        Checks.atLeast(TYPE, "left_hosts", leftHosts, 1);
        Checks.atLeast(TYPE, "right_hosts", rightHosts, 1);
        Checks.hostLimit(TYPE, (long) leftHosts + rightHosts);
        Checks.present(TYPE, "host_link", hostLink);
        Checks.present(TYPE, "fabric_link", bottleneckLink);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public long hostCount() {
        return (long) leftHosts + rightHosts;
    }

    @Override
    public Topology build() {
        Topology.Builder b = Topology.builder(TYPE);
        int n = leftHosts + rightHosts;
        for (int i = 0; i < n; i++) {
            b.addHost("h" + i);
        }
        int left = b.addSwitch("sw0", 1);
        int right = b.addSwitch("sw1", 1);
        for (int i = 0; i < n; i++) {
            b.connect(i, i < leftHosts ? left : right, hostLink);
        }
        b.connect(left, right, bottleneckLink);
        return b.build();
    }
}
