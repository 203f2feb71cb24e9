package org.lossless.switchmodel.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Link;
import org.lossless.core.net.Packet;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.PauseSender;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.settings.MmuFactory;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.PortSpec;
import org.lossless.switchmodel.settings.QosMapSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.EcmpHash;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;
import org.lossless.topology.types.StarSpec;

/**
 * The switch datapath with a non-identity classification: one switch of a 3-host star, 100 Gb/s, zero-delay
 * links, frames handed in on ports 0 and 1 for host 2. Maps: DSCP 10 → TC 1 → PG 0, queue 5; DSCP 34 → TC 4 →
 * PG 3, queue 4; DSCP 26 → TC 3 → PG 3, queue 3; PFC on TCs 3 and 4 (so PG 3 is lossless and its XOFF names
 * both); a static PFC threshold of 3000 B.
 */
class ClassifiedSwitchTest {
    private final Kernel kernel = new Kernel();
    private final List<Packet> atHost2 = new ArrayList<>();
    /** Frames the switch sent back towards host 0 (PFC frames). */
    private final List<Packet> atHost0 = new ArrayList<>();
    private final SwitchNode sw;

    ClassifiedSwitchTest() {
        long g100 = 100_000_000_000L;
        Topology t = new StarSpec(3, LinkSpec.ofLength(g100, 0)).build();
        int id = t.nodeId("sw0");
        SwitchSettings s = new SwitchSettings(null, null, null, null, new PfcSettings(true, List.of(3, 4), null, 3000L,
                null, null, null, null, null, null, null, null, null, null), null, null, null, null,
                new QosMapSettings(Map.of(10, 1, 34, 4, 26, 3), Map.of(1, 0, 3, 3, 4, 3), Map.of(1, 5, 3, 3, 4, 4)));
        EgressPort[] ports = new EgressPort[3];
        List<PortSpec> specs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ports[i] = new EgressPort(kernel, g100);
            specs.add(PortSpec.ofDelay(g100, 0));
        }
        sw = new SwitchNode(id, "sw0", Routes.shortestPaths(t), new EcmpHash(1), ports, kernel, new PacketPool(),
                MmuFactory.create(s, specs, 1100, g100), MmuFactory.pfcTiming(s), MmuFactory.ecnConfig(s, specs),
                kernel.streams().stream("ecn"));
        sw.classification(MmuFactory.qosMap(s));
        for (int i = 0; i < 3; i++) {
            int host = t.hostNumber(t.ports(id).get(i).peer());
            List<Packet> sink = host == 2 ? atHost2 : host == 0 ? atHost0 : new ArrayList<>();
            ports[i].connect(new Link(kernel, 0, (p, in) -> sink.add(copy(p)), 0), sw.queues(i));
        }
    }

    private static Packet copy(Packet p) {
        Packet c = new Packet();
        c.type = p.type;
        c.priority = p.priority;
        c.dscp = p.dscp;
        c.psn = p.psn;
        c.pfcClassEnable(p.pfcClassEnable());
        return c;
    }

    private void arrive(long at, int inPort, int nicPriority, int dscp, long psn) {
        kernel.schedule(new SimEvent() {
            @Override
            protected void fire() {
                Packet p = new Packet();
                p.srcHost = inPort;
                p.dstHost = 2;
                p.priority = (byte) nicPriority;
                p.dscp = (byte) dscp;
                p.frameBytes = 1000;
                p.wireBytes = 1020;
                p.psn = psn;
                sw.receive(p, inPort);
            }
        }, at);
    }

    @Test
    void theDscpPicksTheQueueAndTheFrameLeavesWithItsQueueAsPriority() {
        arrive(0, 0, 3, 10, 1); // NIC priority 3, but DSCP 10: TC 1, queue 5
        arrive(0, 1, 0, 26, 2); // NIC priority 0, DSCP 26: TC 3, queue 3
        kernel.runUntil(Long.MAX_VALUE);
        assertEquals(2, atHost2.size());
        // strict priority (the default): queue 5 before queue 3, although both arrived at once
        assertEquals(1, atHost2.get(0).psn);
        assertEquals(5, atHost2.get(0).priority);
        assertEquals(10, atHost2.get(0).dscp, "the DSCP is never rewritten");
        assertEquals(3, atHost2.get(1).priority);
        assertEquals(1, sw.port(2).counters().txPackets(5));
        assertEquals(1, sw.port(2).counters().txPackets(3));
        assertEquals(0, sw.port(2).counters().txPackets(0), "nothing in the NIC priorities' queues 0");
        assertEquals(0, sw.mmu().sharedBytes(0, 0) + sw.mmu().sharedBytes(1, 3), "all released");
    }

    @Test
    void ingressAccountingIsPerMappedPgAndItsXoffNamesEveryPfcClassOfThePg() {
        // host 2 pauses the switch's queue 4 (a PAUSE for priority 4), so DSCP 34 frames (TC 4, queue 4) pile up
        kernel.schedule(new SimEvent() {
            @Override
            protected void fire() {
                sw.receive(PauseSender.frame(new PacketPool(), 4, 65535), 2);
            }
        }, 0);
        for (int i = 0; i < 3; i++) {
            arrive(1_000_000L * (i + 1), 0, 4, 34, i);
        }
        kernel.runUntil(3_500_000L);
        assertEquals(0, atHost2.size(), "queue 4 is paused");
        assertEquals(3000, sw.mmu().sharedBytes(0, 3), "3 frames on (port 0, PG 3): TC 4 is accounted in PG 3");
        assertEquals(0, sw.mmu().sharedBytes(0, 4));
        assertEquals(3000, sw.mmu().egressQueueBytes(2, 4), "and queued in queue 4");
        // the third frame reached the static threshold 3000 B: XOFF for PG 3 names priorities 3 and 4
        List<Integer> pfc = new ArrayList<>();
        for (Packet p : atHost0) {
            if (p.type == PacketType.PFC) {
                pfc.add((int) p.pfcClassEnable());
            }
        }
        assertEquals(List.of(1 << 3, 1 << 4), pfc);
    }
}
