package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Link;
import org.lossless.core.net.MessageSize;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketType;
import org.lossless.nic.dcqcn.DcqcnProfiles;

/**
 * The DSCP and priority a NIC puts on each frame: data from its QP, ACKs from the QP or {@code nic.ack_dscp},
 * CNPs from {@code nic.cnp_dscp}. Two NICs back to back; the cable from h0 to h1 marks every data packet CE, so
 * h1 (DCQCN) sends CNPs.
 */
class NicMarkingTest {
    private static final long RATE = 100_000_000_000L;

    record Seen(int from, PacketType type, int priority, int dscp) {
    }

    private static List<Seen> run(NicConfig config, int priority, int dscp) {
        Kernel kernel = new Kernel(1);
        PacketPool pool = new PacketPool();
        FlowTable flows = new FlowTable();
        List<Seen> seen = new ArrayList<>();
        HostNic[] nic = new HostNic[2];
        EgressPort[] port = new EgressPort[2];
        FlowListener quiet = new FlowListener() {
            @Override
            public void flowFinished(Flow flow, long nowPs) {
            }

            @Override
            public void flowAcked(Flow flow, long nowPs) {
            }
        };
        for (int h = 0; h < 2; h++) {
            nic[h] = new HostNic(h, "h" + h, kernel, pool, flows, config, quiet);
            port[h] = new EgressPort(kernel, RATE);
            nic[h].attach(port[h]);
            int from = h;
            port[h].probe((p, start, end) -> seen.add(new Seen(from, p.type, p.priority, p.dscp)));
        }
        port[0].connect(new Link(kernel, 1_000_000, (p, in) -> {
            p.ce(p.type == PacketType.DATA);
            nic[1].receive(p, in);
        }, 0), nic[0]);
        port[1].connect(new Link(kernel, 1_000_000, nic[0], 0), nic[1]);
        QueuePair qp = nic[0].openQp(1, priority, dscp, HostNic.udpSourcePort(0), null, false);
        assertEquals(dscp, qp.dscp());
        nic[0].post(qp, flows.add(new Flow(0, "t", 0, 1, MessageSize.of(10_000), 0, priority)));
        kernel.runUntil(Long.MAX_VALUE);
        return seen;
    }

    private static List<Seen> of(List<Seen> all, PacketType type) {
        return all.stream().filter(s -> s.type() == type).toList();
    }

    @Test
    void defaultsDataOnTheQpsDscpAcksOnTheSameCnpsOn48() {
        NicConfig c = NicConfig.builder().mtu(1000).ackEvery(1).build().withDcqcn(DcqcnProfiles.mlx5(RATE));
        assertEquals(NicConfig.SAME_AS_DATA, c.ackDscp());
        assertEquals(48, c.cnpDscp(), "class selector of the default CNP priority 6 (mlx5's cnp_dscp default)");
        List<Seen> s = run(c, 3, 26);
        assertFalse(of(s, PacketType.DATA).isEmpty());
        of(s, PacketType.DATA).forEach(d -> assertEquals(new Seen(0, PacketType.DATA, 3, 26), d));
        of(s, PacketType.ACK).forEach(a -> assertEquals(new Seen(1, PacketType.ACK, 3, 26), a));
        assertFalse(of(s, PacketType.CNP).isEmpty(), "CE-marked data makes h1 send CNPs");
        of(s, PacketType.CNP).forEach(n -> assertEquals(new Seen(1, PacketType.CNP, 6, 48), n));
    }

    @Test
    void ackAndCnpDscpsAsConfigured() {
        NicConfig c = NicConfig.builder().mtu(1000).ackEvery(1).rtoPs(NicConfig.DEFAULT_RTO_PS).ackPriority(7).cnpPriority(5).dcqcn(null).rxBuffer(null).window(NicConfig.NO_WINDOW).cc("none").pfcResponsePs(NicConfig.AUTO_PFC_RESPONSE).build().withDcqcn(DcqcnProfiles.mlx5(RATE)).withDscp(46, 40);
        List<Seen> s = run(c, 3, 26);
        of(s, PacketType.ACK).forEach(a -> assertEquals(new Seen(1, PacketType.ACK, 7, 46), a));
        of(s, PacketType.CNP).forEach(n -> assertEquals(new Seen(1, PacketType.CNP, 5, 40), n));
        assertFalse(of(s, PacketType.CNP).isEmpty());
        // with an ACK priority but no ACK DSCP the default is that priority's class selector
        assertEquals(56, NicConfig.builder().mtu(1000).ackEvery(1).rtoPs(NicConfig.DEFAULT_RTO_PS).ackPriority(7).cnpPriority(6).dcqcn(null).build().ackDscp());
    }

    @Test
    void aDscpOutOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> NicConfig.builder().mtu(1000).ackEvery(1).build().withDscp(64, 48));
        assertThrows(IllegalArgumentException.class, () -> NicConfig.builder().mtu(1000).ackEvery(1).build().withDscp(0, -1));
    }
}
