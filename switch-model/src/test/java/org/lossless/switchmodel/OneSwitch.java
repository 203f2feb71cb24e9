package org.lossless.switchmodel;

import java.util.ArrayList;
import java.util.List;

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
 * Test bench: one switch of a 3-host star. Frames are handed to the switch on port 0 or 1 (last bit in) at
 * chosen times and leave on port 2 towards host 2, whose link has no delay: a delivery time is the end of the
 * egress transmission. Port 2 runs at 100 Gb/s; ports 0 and 1 at {@code ingressRate}.
 */
final class OneSwitch {
    final Kernel kernel = new Kernel();
    final List<Long> delivered = new ArrayList<>();
    final List<Packet> frames = new ArrayList<>();
    final SwitchNode sw;

    OneSwitch(long ingressRate, SwitchSettings s) {
        long g100 = 100_000_000_000L;
        Topology t = new StarSpec(3, LinkSpec.ofLength(g100, 0)).build();
        int id = t.nodeId("sw0");
        EgressPort[] ports = new EgressPort[3];
        List<PortSpec> specs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ports[i] = new EgressPort(kernel, i < 2 ? ingressRate : g100);
            specs.add(PortSpec.ofDelay(ports[i].rateBps(), 0));
        }
        sw = new SwitchNode(id, "sw0", Routes.shortestPaths(t), new EcmpHash(1), ports, kernel, new PacketPool(),
                MmuFactory.create(s, specs, 1000, g100), MmuFactory.pfcTiming(s), MmuFactory.ecnConfig(s, specs),
                kernel.streams().stream("ecn"));
        for (int i = 0; i < 3; i++) {
            int host = t.hostNumber(t.ports(id).get(i).peer());
            ports[i].connect(new Link(kernel, 0, (p, in) -> {
                if (host == 2) {
                    delivered.add(kernel.now());
                    frames.add(p);
                }
            }, 0), sw.queues(i));
        }
    }

    /** A 1000 B data frame (1020 B of line time), ECN-capable, numbered by its PSN, for host 2. */
    void arrive(long at, int inPort, long psn) {
        kernel.schedule(new SimEvent() {
            @Override
            protected void fire() {
                Packet p = new Packet();
                p.srcHost = inPort;
                p.dstHost = 2;
                p.priority = 3;
                p.frameBytes = 1000;
                p.wireBytes = 1020;
                p.ecnCapable(true);
                p.psn = psn;
                sw.receive(p, inPort); // the star numbers the switch's ports by host
            }
        }, at);
    }

    List<Long> run() {
        kernel.runUntil(Long.MAX_VALUE);
        return delivered;
    }

    /** PSNs of the delivered frames that carry CE, in delivery order. */
    List<Long> marked() {
        return frames.stream().filter(p -> p.ce()).map(p -> p.psn).toList();
    }
}
