package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.Kernel;
import org.lossless.core.net.EgressPort;
import org.lossless.core.net.Link;
import org.lossless.core.net.MessageSize;
import org.lossless.core.net.PacketPool;
import org.lossless.core.net.PacketType;

/**
 * IRN when an ACK is lost too (a lossy fabric is what IRN is for): a NACK then carries the cumulative
 * acknowledgement the lost ACK had, and the sender must treat it as one, clearing the SACK bits below it. Two
 * NICs back to back at 100 Gb/s, 1 us of cable, MTU 1000, cap 64 packets (64-bit rings).
 */
class IrnAckLossTest {
    private static final long RATE = 100_000_000_000L;
    private static final long US = 1_000_000L;

    @Test
    void aNacksCumulativeAckClearsTheSackBitsItPasses() {
        // data 2, 25 and 70 lost once; the ACK that the resent 2 triggers (it fills 2..24) lost. The next NACK (for
        // 25) acknowledges 0..24 in its stead. PSN 70 sits on the ring slot of 6, which was SACKed: unless the NACK
        // cleared it, 70 would pass as SACKed and never be resent
        Kernel kernel = new Kernel(1);
        PacketPool pool = new PacketPool();
        FlowTable flows = new FlowTable();
        FlowListener quiet = new FlowListener() {
            @Override
            public void flowFinished(Flow flow, long nowPs) {
            }

            @Override
            public void flowAcked(Flow flow, long nowPs) {
            }
        };
        NicConfig config = IrnTest.config(IrnTest.irn(64));
        HostNic[] nic = new HostNic[2];
        EgressPort[] port = new EgressPort[2];
        for (int h = 0; h < 2; h++) {
            nic[h] = new HostNic(h, "h" + h, kernel, pool, flows, config, quiet);
            port[h] = new EgressPort(kernel, RATE);
            nic[h].attach(port[h]);
        }
        Set<Long> lose = new java.util.HashSet<>(List.of(2L, 25L, 70L));
        List<Long> data = new ArrayList<>();
        boolean[] ackLost = {false};
        port[0].probe((p, start, end) -> {
            if (p.type == PacketType.DATA) {
                data.add(p.psn);
            }
        });
        port[0].connect(new Link(kernel, US, LossyPair.dropping(pool, nic[1],
                p -> p.type == PacketType.DATA && lose.remove(p.psn)), 0), nic[0]);
        port[1].connect(new Link(kernel, US, LossyPair.dropping(pool, nic[0], p -> {
            boolean drop = p.type == PacketType.ACK && p.psn > 1 && !ackLost[0];
            ackLost[0] |= drop;
            return drop;
        }), 0), nic[1]);
        Flow f = flows.add(new Flow(0, "t", 0, 1, MessageSize.of(100_000), 0, 3));
        nic[0].startFlow(f);
        kernel.runUntil(2_000 * US);
        assertTrue(ackLost[0]);
        assertTrue(f.finished() && f.ackedPs() > 0, "finished " + f.finished() + ", acked " + f.ackedPs());
        assertEquals(3, f.retransmittedPackets(), "2, 25 and 70, once each");
        assertEquals(103, data.size());
        assertEquals(0, f.timeouts(), "every loss was found by a NACK");
    }
}
