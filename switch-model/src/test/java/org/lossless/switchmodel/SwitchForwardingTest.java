package org.lossless.switchmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Link;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.switchmodel.settings.MmuFactory;
import org.lossless.switchmodel.settings.PortSpec;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.EcmpHash;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;
import org.lossless.topology.types.StarSpec;

/**
 * Forwarding latency and cut-through of one switch, by hand. Three-host star; frames come in on ports 0 and 1
 * and leave on port 2 towards host 2, whose link has no delay, so a delivery time is the end of the egress
 * transmission. A 1000 B frame is 1020 B of line time: 81,600 ps at 100 Gb/s, 326,400 ps at 25 Gb/s. Frames
 * arrive (last bit in) at T0 = 1 us.
 */
class SwitchForwardingTest {
    private static final long G100 = 100_000_000_000L;
    private static final long T0 = 1_000_000;
    private static final long SER = 81_600;

    private final Kernel kernel = new Kernel();
    private final List<Long> delivered = new ArrayList<>();
    private SwitchNode sw;

    private void build(long ingressRate, long latencyPs, boolean cut) {
        Topology t = new StarSpec(3, LinkSpec.ofLength(G100, 0)).build();
        int id = t.nodeId("sw0");
        EgressPort[] ports = new EgressPort[3];
        List<PortSpec> specs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ports[i] = new EgressPort(kernel, i < 2 ? ingressRate : G100);
            specs.add(PortSpec.ofDelay(ports[i].rateBps(), 0));
        }
        PacketPool pool = new PacketPool();
        SwitchSettings s = SwitchSettings.defaults();
        sw = new SwitchNode(id, "sw0", Routes.shortestPaths(t), new EcmpHash(1), ports, kernel, pool,
                MmuFactory.create(s, specs, 1000, G100), MmuFactory.pfcTiming(s), MmuFactory.ecnConfig(s, specs),
                kernel.streams().stream("ecn"));
        sw.forwarding(latencyPs, cut);
        for (int i = 0; i < 3; i++) {
            int peer = t.ports(id).get(i).peer();
            int host = t.hostNumber(peer);
            ports[i].connect(new Link(kernel, 0, (p, in) -> {
                if (host == 2) {
                    delivered.add(kernel.now());
                }
            }, 0), sw.queues(i));
        }
    }

    private void arrive(long at, int inPort) {
        kernel.schedule(new SimEvent() {
            @Override
            protected void fire() {
                Packet p = new Packet();
                p.srcHost = inPort;
                p.dstHost = 2;
                p.priority = 3;
                p.frameBytes = 1000;
                p.wireBytes = 1020;
                sw.receive(p, portTowards(inPort));
            }
        }, at);
    }

    /** Port index of the switch towards host {@code h} (the star numbers them by host). */
    private int portTowards(int h) {
        return h;
    }

    private List<Long> run() {
        kernel.runUntil(Long.MAX_VALUE);
        return delivered;
    }

    @Nested
    class StoreAndForward {
        @Test
        void noLatencyLeavesAtTheLastBitIn() {
            build(G100, 0, false);
            arrive(T0, 0);
            assertEquals(List.of(T0 + SER), run());
        }

        @Test
        void latencyDelaysTheFirstBitOut() {
            build(G100, 500_000, false);
            arrive(T0, 0);
            assertEquals(List.of(T0 + 500_000 + SER), run());
        }

        @Test
        void aLaterFrameWaitsForTheWireNotOnlyForItsLatency() {
            // first: ready T0 + 500,000, done T0 + 581,600; second (T0 + 10,000): ready T0 + 510,000, port busy
            build(G100, 500_000, false);
            arrive(T0, 0);
            arrive(T0 + 10_000, 1);
            assertEquals(List.of(T0 + 500_000 + SER, T0 + 500_000 + 2 * SER), run());
        }

        @Test
        void framesFarApartEachTakeTheLatency() {
            build(G100, 500_000, false);
            arrive(T0, 0);
            arrive(T0 + 2_000_000, 1);
            assertEquals(List.of(T0 + 500_000 + SER, T0 + 2_500_000 + SER), run());
        }
    }

    @Nested
    class CutThrough {
        @Test
        void anIdleEgressSendsLatencyAfterTheFirstBitIn() {
            // first bit in at T0 - 81,600; first bit out 500,000 later; last bit out at T0 + 500,000
            build(G100, 500_000, true);
            arrive(T0, 0);
            assertEquals(List.of(T0 + 500_000), run());
        }

        @Test
        void aLatencyShorterThanTheFrameStillEndsAfterTheLastBitIn() {
            // 50 ns: first bit out at T0 - 31,600, last bit out at T0 + 50,000
            build(G100, 50_000, true);
            arrive(T0, 0);
            assertEquals(List.of(T0 + 50_000), run());
        }

        @Test
        void aBusyEgressStoresAndForwards() {
            // both arrive at T0; the first cuts through (done T0 + 500,000), the second is ready at
            // T0 + 500,000 and follows: T0 + 581,600
            build(G100, 500_000, true);
            arrive(T0, 0);
            arrive(T0, 1);
            assertEquals(List.of(T0 + 500_000, T0 + 500_000 + SER), run());
        }

        @Test
        void aSlowIngressToAFastEgressStoresAndForwards() {
            // 25 Gb/s in, 100 Gb/s out: no cut-through (the egress would run out of bits)
            build(25_000_000_000L, 500_000, true);
            arrive(T0, 0);
            assertEquals(List.of(T0 + 500_000 + SER), run());
        }
    }

    @Test
    void negativeLatencyIsRefused() {
        build(G100, 0, false);
        assertThrows(IllegalArgumentException.class, () -> sw.forwarding(-1, false));
    }
}
