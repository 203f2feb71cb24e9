package org.lossless.workloads.collective;

import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;

/** Test helper: the fabric a tuner sees (topology, NIC rates, MTU); posting is not allowed. */
record Fabric(Topology topology, long rateBps, int mtu) implements TrafficContext {
    /** A star of {@code hosts} at {@code rateBps} with {@code delayPs} links. */
    static Fabric star(int hosts, long rateBps, long delayPs, int mtu) {
        return new Fabric(StarTopology.build(hosts, rateBps, delayPs), rateBps, mtu);
    }

    @Override
    public long nowPs() {
        return 0;
    }

    @Override
    public long hostRateBps(int host) {
        return rateBps;
    }

    @Override
    public Connection connect(int srcHost, int dstHost, ConnectionOptions options) {
        throw new UnsupportedOperationException("the tuner only looks at the fabric");
    }

    @Override
    public Message post(Connection c, long bytes, Verb op, MessageTag tag, long atPs) {
        throw new UnsupportedOperationException("the tuner only looks at the fabric");
    }

    @Override
    public void wakeAt(long timePs) {
        throw new UnsupportedOperationException("the tuner only looks at the fabric");
    }

    @Override
    public void cancelTimer() {
        throw new UnsupportedOperationException("the tuner only looks at the fabric");
    }

    @Override
    public Xoshiro256StarStar stream(String name) {
        throw new UnsupportedOperationException("the tuner only looks at the fabric");
    }
}
