package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.PacketType;
import org.lossless.core.net.PauseSender;

/**
 * What a caller of {@link HostNic} may and may not do (posting rules, UDP source ports), and what the NIC counts
 * when its cable fails. Two NICs back to back at 100 Gb/s, 1 us of cable, MTU 1000.
 */
class HostNicApiTest {
    private static final long RATE = 100_000_000_000L;
    private static final long US = 1_000_000L;

    private static BackToBack pair() {
        return new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
    }

    private static String refused(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Test
    void aMessageGoesOnlyOnAQpOfItsSourceTowardsItsDestinationAndOnlyOnce() {
        BackToBack b = pair();
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        // a QP of another NIC
        assertTrue(refused(() -> b.nic[1].post(qp, b.flow(1, 0, 1000, Verb.WRITE))).startsWith("h1: flow 0 (1 -> 0)"));
        // a message from another host
        refused(() -> b.nic[0].post(qp, b.flow(1, 0, 1000, Verb.WRITE)));
        // a message to another host than the QP's
        refused(() -> b.nic[0].post(qp, b.flow(0, 2, 1000, Verb.WRITE)));
        Flow ok = b.flow(0, 1, 1000, Verb.WRITE);
        b.nic[0].post(qp, ok);
        assertTrue(refused(() -> b.nic[0].post(qp, ok)).endsWith(": already posted"));
        assertTrue(refused(() -> b.nic[0].post(qp, b.flow(1, 0, 1000, Verb.READ))).contains("post it with postRead"));
        assertTrue(refused(() -> b.nic[1].startFlow(b.flow(0, 1, 1000, Verb.WRITE))).contains("starts at host 0, not 1"));
        b.kernel.runUntil(10 * US);
        assertEquals(1, b.sent(0, PacketType.DATA).size(), "only the accepted message was sent");
    }

    @Test
    void aReadNeedsItsRequestQpHereAndAResponseQpFromTheResponderThatCarriesResponses() {
        BackToBack b = pair();
        QueuePair request = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        QueuePair response = b.nic[1].openQp(0, 3, HostNic.udpSourcePort(0), null, true);
        QueuePair plain = b.nic[1].openQp(0, 3, HostNic.udpSourcePort(1), null, false);
        QueuePair wrongWay = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(2), null, true);
        assertTrue(refused(() -> b.nic[0].postRead(request, response, b.flow(1, 0, 1000, Verb.WRITE)))
                .contains("is not a READ"));
        assertTrue(refused(() -> b.nic[0].postRead(request, plain, b.flow(1, 0, 1000, Verb.READ)))
                .contains("carry READ responses"));
        // the response QP runs 0 -> 1: neither from the responder nor to this host
        refused(() -> b.nic[0].postRead(request, wrongWay, b.flow(1, 0, 1000, Verb.READ)));
        // a response QP from host 1 to host 0, but the READ's responder is host 2
        refused(() -> b.nic[0].postRead(request, response, b.flow(2, 0, 1000, Verb.READ)));
        // a request QP towards another host than the responder (the response QP is right)
        QueuePair elsewhere = b.nic[0].openQp(2, 3, HostNic.udpSourcePort(3), null);
        refused(() -> b.nic[0].postRead(elsewhere, response, b.flow(1, 0, 1000, Verb.READ)));
        // the requester must be this NIC
        refused(() -> b.nic[1].postRead(request, response, b.flow(1, 0, 1000, Verb.READ)));
        b.kernel.runUntil(10 * US);
        assertEquals(List.of(), b.frames);
    }

    @Test
    void theQpsOfOneConnectionTakeConsecutivePortsWrappingInsideTheDynamicRange() {
        int base = HostNic.udpSourcePort(7);
        assertTrue(base >= 49_152 && base <= 65_535);
        assertEquals(base, HostNic.udpSourcePort(7, 0));
        assertEquals(base + 1 > 65_535 ? 49_152 : base + 1, HostNic.udpSourcePort(7, 1));
        // QP 16,383 (the last allowed) is the port just before QP 0's, cyclically
        assertEquals(base == 49_152 ? 65_535 : base - 1, HostNic.udpSourcePort(7, 16_383));
        // a connection whose QP 0 sits at the top of the range: QP 1 wraps to the bottom
        int top = -1;
        for (int id = 0; id < 1_000_000 && top < 0; id++) {
            if (HostNic.udpSourcePort(id) == 65_535) {
                top = id;
            }
        }
        assertTrue(top >= 0);
        assertEquals(49_152, HostNic.udpSourcePort(top, 1));
        assertEquals(49_153, HostNic.udpSourcePort(top, 2));
        refused(() -> HostNic.udpSourcePort(7, -1));
        refused(() -> HostNic.udpSourcePort(7, 16_384));
    }

    @Test
    void framesLostOnAFailedCableCountAsDropsOfTheirPriority() {
        // packets 0..4 start at 0, 87,840, 174,400, ... (1098 B then 1082 B on the wire): at 200 ns packets 0 and
        // 1 are on the cable and packet 2 is being sent; the failure loses all three (1078 + 1062 + 1062 frame bytes)
        BackToBack b = pair();
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, 5000, Verb.WRITE));
        b.at(200_000, () -> b.nic[0].port().fail());
        b.kernel.runUntil(10 * US);
        assertEquals(3, b.nic[0].port().counters().drops(3));
        assertEquals(1078 + 1062 + 1062, b.nic[0].port().counters().dropBytes(3));
        assertEquals(List.of(), b.log);
    }

    @Test
    void aLostPfcFrameIsNoDrop() {
        // a receive buffer that pauses at its first frame (xoff 1 B): the XOFF leaves at 0 and is on the cable
        // when it fails at 500 ns; it is recycled but not counted. The drain ends at 1 us: XON and ACK wait for
        // the cable, which is back at 5 us
        RxBufferConfig rx = new RxBufferConfig(5000, 10_000_000_000L, 1, 0, 1 << 3, List.of(), 0);
        ReceiverRig r = new ReceiverRig(NicConfig.builder().mtu(1000).ackEvery(1).build().withRxBuffer(rx), RATE, US);
        r.nic.enableRxBuffer(new RxBufferConfig.Thresholds(1, 0), 65_535, PauseSender.NO_REFRESH);
        QueuePair qp = r.qp(1000);
        r.dataAt(0, qp, 0, 1250, false);
        r.at(500_000, () -> r.port.fail());
        r.at(5 * US, () -> r.port.restore());
        r.kernel.runUntil(10 * US);
        assertEquals(List.of(0L, 5 * US), r.starts(PacketType.PFC));
        assertEquals(List.of(5 * US + 6_720), r.starts(PacketType.ACK));
        assertEquals(0, r.port.counters().drops(3));
        assertEquals(0, r.port.counters().dropBytes(3));
        assertEquals(0, r.pool.outstanding());
    }

    @Test
    void theNicComputesItsReceiveBufferFromItsOwnConfigurationAndLink() {
        // nic.rx_buffer for host 1 only (the rig's receiver), xoff and xon auto
        RxBufferConfig rx = new RxBufferConfig(200_000, 10_000_000_000L, RxBufferConfig.AUTO, RxBufferConfig.AUTO,
                1 << 3, List.of(1), 0);
        ReceiverRig r = new ReceiverRig(NicConfig.builder().mtu(1000).ackEvery(1).build().withRxBuffer(rx), RATE, US);
        r.sender.enableRxBuffer(RATE, US, 65_535, PauseSender.NO_REFRESH);
        assertEquals(0, r.sender.rxBufferBytes(), "host 0 is not in hosts: no buffer");
        r.nic.enableRxBuffer(RATE, US, 65_535, PauseSender.NO_REFRESH);
        assertEquals(200_000, r.nic.rxBufferBytes());
        // too small for the mlx5 headroom on this link: (301 + 2.16 x 200 m) x 100 Gb/s + 2.72 x 1078 B (the largest
        // frame at MTU 1000) = 76,232.16, rounded up; the size must exceed it plus one frame (xon auto)
        RxBufferConfig small = new RxBufferConfig(50_000, 10_000_000_000L, RxBufferConfig.AUTO, RxBufferConfig.AUTO,
                1 << 3, List.of(), 0);
        ReceiverRig s = new ReceiverRig(NicConfig.builder().mtu(1000).ackEvery(1).build().withRxBuffer(small), RATE, US);
        assertEquals("nic.rx_buffer.size: 50000 B is too small for xoff: auto: the mlx5 headroom at 100.0 Gb/s and 200 m "
                + "of cable is 76233 B, so the size must exceed 77311 B (or set xoff and xon)",
                refused(() -> s.nic.enableRxBuffer(RATE, US, 65_535, PauseSender.NO_REFRESH)));
    }
}
