package org.lossless.switchmodel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.lossless.core.kernel.Kernel;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Link;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.PauseSender;
import org.lossless.switchmodel.ecn.EcnConfig;
import org.lossless.switchmodel.ecn.MarkPoint;
import org.lossless.switchmodel.mmu.MmuConfig;
import org.lossless.switchmodel.mmu.PgProfile;
import org.lossless.switchmodel.mmu.PoolConfig;
import org.lossless.switchmodel.mmu.QueueProfile;
import org.lossless.switchmodel.mmu.SharedBufferMmu;
import org.lossless.switchmodel.mmu.Threshold;
import org.lossless.switchmodel.pfc.PfcTiming;
import org.lossless.topology.EcmpHash;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;
import org.lossless.topology.types.StarSpec;

/**
 * Test bench for the wiring of {@link SwitchNode}: one switch of a 3-host star, every port 100 Gb/s on a
 * zero-delay cable, so a frame reaches its host when its last bit leaves the switch. Port i faces host i.
 * The MMU is built by hand with byte accounting: PG 3 lossless, reserved 0, static threshold 3000 B, headroom
 * 10,000 B, XON 1000 B below the threshold (at 2000 B); every other PG lossy; every queue lossless. Frames
 * come from the pool, so a test can check that every one was returned. PFC is XOFF/XON (no refresh).
 */
final class SwitchBench {
    static final long G100 = 100_000_000_000L;
    /** A 1000 B frame is 1020 B of line time at 100 Gb/s. */
    static final long FRAME_PS = 81_600;
    /** A PFC frame: 84 B of line time. */
    static final long PFC_PS = 6_720;

    /** One frame a host received: when, from which switch port, its type, priority, PSN, time field. */
    record Rx(long atPs, int port, PacketType type, int priority, long psn, int quanta) {
    }

    final Kernel kernel = new Kernel();
    final PacketPool pool = new PacketPool();
    final EgressPort[] ports = new EgressPort[3];
    final SharedBufferMmu mmu;
    final SwitchNode sw;
    final List<Rx> received = new ArrayList<>();
    /** Sees every frame a host receives, before it goes back to the pool (default: nothing). */
    java.util.function.Consumer<Packet> tap = p -> { };

    SwitchBench() {
        this(new EcnConfig(false, MarkPoint.DEQUEUE, null, Map.of()));
    }

    SwitchBench(EcnConfig ecn) {
        this(ecn, G100);
    }

    /** As {@link #SwitchBench(EcnConfig)} with port 2 (host 2) at {@code port2Bps} instead of 100 Gb/s. */
    SwitchBench(EcnConfig ecn, long port2Bps) {
        Topology t = new StarSpec(3, LinkSpec.ofLength(G100, 0)).build();
        int id = t.nodeId("sw0");
        String in = "in";
        mmu = new SharedBufferMmu(MmuConfig.builder(3).buffer(10_000_000)
                .pool(PoolConfig.ingress(in, 1_000_000)).pool(PoolConfig.egress("out", 1_000_000))
                .pgAllPorts(3, PgProfile.lossless("pg3", in, 0, Threshold.fixed(3000), 10_000, 1000))
                .pgDefault(PgProfile.lossy("lossy", in, 0, Threshold.fixed(1_000_000)))
                .queueDefault(new QueueProfile("q", "out", 0, Threshold.fixed(0), true)).build());
        for (int i = 0; i < 3; i++) {
            ports[i] = new EgressPort(kernel, i == 2 ? port2Bps : G100);
        }
        sw = new SwitchNode(id, "sw0", Routes.shortestPaths(t), new EcmpHash(1), ports, kernel, pool, mmu,
                PfcTiming.xoffXon(), ecn, kernel.streams().stream("ecn"));
        for (int i = 0; i < 3; i++) {
            int port = i;
            int host = t.hostNumber(t.ports(id).get(i).peer());
            if (host != i) {
                throw new IllegalStateException("the star numbers switch ports by host");
            }
            ports[i].connect(new Link(kernel, 0, (p, inPort) -> {
                int prio = p.priority;
                received.add(new Rx(kernel.now(), port, p.type, prio, p.psn, p.pfcQuanta(prio)));
                tap.accept(p);
                pool.release(p);
            }, 0), sw.queues(i));
        }
    }

    /** Runs {@code r} at {@code t}. */
    void at(long t, Runnable r) {
        kernel.schedule(new SimEvent() {
            @Override
            protected void fire() {
                r.run();
            }
        }, t);
    }

    /** A 1000 B data frame of priority {@code prio} from host {@code src} to {@code dst}, last bit in at {@code t}. */
    void data(long t, int src, int dst, int prio, long psn) {
        at(t, () -> {
            Packet p = pool.acquire();
            p.srcHost = src;
            p.dstHost = dst;
            p.priority = (byte) prio;
            p.frameBytes = 1000;
            p.wireBytes = 1020;
            p.ecnCapable(true);
            p.psn = psn;
            sw.receive(p, src);
        });
    }

    /** Host {@code host}'s PFC frame for {@code prio} ({@code quanta} 0 = XON) reaches the switch at {@code t}. */
    void pfcFromHost(long t, int host, int prio, int quanta) {
        at(t, () -> sw.receive(PauseSender.frame(pool, prio, quanta), host));
    }

    void run() {
        kernel.runUntil(Long.MAX_VALUE);
    }

    /** Frames of {@code type} that host {@code host} received. */
    List<Rx> at(int host, PacketType type) {
        return received.stream().filter(r -> r.port() == host && r.type() == type).toList();
    }
}
