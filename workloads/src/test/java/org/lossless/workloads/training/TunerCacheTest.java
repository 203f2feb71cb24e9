package org.lossless.workloads.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;
import org.lossless.core.random.Xoshiro256StarStar;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.collective.RingOrder;
import org.lossless.workloads.collective.Tuner;
import org.lossless.workloads.traffic.Connection;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;
import org.lossless.workloads.traffic.MessageTag;
import org.lossless.nic.Verb;
import org.lossless.workloads.traffic.TrafficContext;

class TunerCacheTest {
    /** A fabric for the tuner's dry runs: 8 hosts on a 100 Gb/s star; nothing is ever sent through it. */
    private static final TrafficContext FABRIC = new TrafficContext() {
        private final Topology star = StarTopology.build(8, Runs.RATE, Runs.LAT);

        @Override
        public long nowPs() {
            return 0;
        }

        @Override
        public Topology topology() {
            return star;
        }

        @Override
        public long hostRateBps(int host) {
            return Runs.RATE;
        }

        @Override
        public int mtu() {
            return 4096;
        }

        @Override
        public Connection connect(int srcHost, int dstHost, ConnectionOptions options) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Message post(Connection c, long bytes, Verb op, MessageTag tag, long atPs) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void wakeAt(long timePs) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void cancelTimer() {
        }

        @Override
        public Xoshiro256StarStar stream(String name) {
            return new Xoshiro256StarStar(1);
        }
    };

    private static CollectiveJob call(long bytes, long startPs) {
        CommSettings auto = new CommSettings(2, null, null, ConnectionOptions.of(3), -1, -1, -1, RingOrder.RAIL, true,
                GpuServers.ONE_PER_HOST);
        return CallJobs.collective("c", Collective.ALLREDUCE, new int[] {0, 1, 2, 3}, bytes, null, auto, startPs);
    }

    @Test
    void aCallGetsTheTunersOwnChoiceAndTheSameCallLaterReusesIt() {
        TunerCache cache = new TunerCache();
        Tuner.Choice direct = Tuner.choose(call(1 << 20, 0), FABRIC);
        CollectiveJob first = cache.resolve(call(1 << 20, 0), FABRIC);
        assertEquals(direct.algorithm(), first.algorithm());
        assertEquals(direct.protocol(), first.protocol());
        CollectiveJob later = cache.resolve(call(1 << 20, 5_000_000), FABRIC);
        assertSame(first.algorithm(), later.algorithm());
        assertEquals(5_000_000, later.startPs(), "everything but the choice is the call's own");
        assertEquals(1, cache.size());
        Tuner.Choice small = Tuner.choose(call(4096, 0), FABRIC);
        CollectiveJob other = cache.resolve(call(4096, 0), FABRIC);
        assertEquals(small.protocol(), other.protocol());
        assertEquals(2, cache.size(), "another size is another call");
    }
}
