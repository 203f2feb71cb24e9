package org.lossless.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.PacketType;

/**
 * WRITE, SEND and READ on the wire, two NICs back to back (100 Gb/s, 1 us, MTU 1000, an ACK per packet).
 * Frame bytes (Ethernet header to FCS): headers 62 B (Ethernet 14, IPv4 20, UDP 8, BTH 12, ICRC 4, FCS 4),
 * RETH 16 B, AETH 4 B, minimum frame 64 B.
 */
class WireFramesTest {
    static final long RATE = 100_000_000_000L;
    static final long US = 1_000_000L;

    private static List<Integer> dataFrames(Verb verb, long bytes) {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair qp = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        b.nic[0].post(qp, b.flow(0, 1, bytes, verb));
        b.kernel.runUntil(10 * US);
        return b.sent(0, PacketType.DATA).stream().map(BackToBack.Frame::frameBytes).toList();
    }

    @Test
    void writeCarriesARethOnItsFirstPacketSendNone() {
        assertEquals(List.of(1078, 1062, 562), dataFrames(Verb.WRITE, 2500));
        assertEquals(List.of(1062, 1062, 562), dataFrames(Verb.SEND, 2500));
        // 1 + 62 = 63 B is padded to the 64 B Ethernet minimum; a 1-byte WRITE is 1 + 62 + 16 = 79 B
        assertEquals(List.of(64), dataFrames(Verb.SEND, 1));
        assertEquals(List.of(79), dataFrames(Verb.WRITE, 1));
    }

    @Test
    void readSendsARequestAndTheResponderReturnsTheDataOnItsOwnQp() {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair request = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        QueuePair response = b.nic[1].openQp(0, 3, HostNic.udpSourcePort(0), null, true);
        Flow read = b.flow(1, 0, 2500, Verb.READ);
        b.nic[0].postRead(request, response, read);
        b.kernel.runUntil(10 * US);

        // requester: one 78 B request (98 B on the wire: 7,840 ps) at time 0
        assertEquals(List.of(new BackToBack.Frame(0, PacketType.DATA, request.id, 0, 78, 0, 7_840)),
                b.sent(0, PacketType.DATA));
        // responder: it arrives at 1,007,840; the response leaves at once at line rate, AETH on the first and
        // the last packet: 1066 B (86,880 ps), 1062 B (86,560 ps), 566 B (46,880 ps)
        assertEquals(List.of(
                new BackToBack.Frame(1, PacketType.DATA, response.id, 0, 1066, 1_007_840, 1_094_720),
                new BackToBack.Frame(1, PacketType.DATA, response.id, 1, 1062, 1_094_720, 1_181_280),
                new BackToBack.Frame(1, PacketType.DATA, response.id, 2, 566, 1_181_280, 1_228_160)),
                b.sent(1, PacketType.DATA));
        // the response acknowledges the request: the responder sends no ACK; the requester ACKs the last
        // response packet only (66 B, 6,880 ps), which reaches the responder 1 us later
        assertEquals(List.of(), b.sent(1, PacketType.ACK));
        assertEquals(List.of(new BackToBack.Frame(0, PacketType.ACK, response.id, 2, 66, 2_228_160, 2_235_040)),
                b.sent(0, PacketType.ACK));
        assertEquals(List.of("delivered 0 @2228160", "acked 0 @3235040"), b.log);
        assertEquals(2500, read.receivedBytes());
        assertTrue(request.fullyAcked() && !request.inUnacked, "the request is acknowledged by its response");
        assertTrue(response.fullyAcked() && !response.inUnacked);
    }

    @Test
    void readsAndWritesOnOneQpKeepPostOrder() {
        BackToBack b = new BackToBack(NicConfig.builder().mtu(1000).ackEvery(1).build(), RATE, US);
        QueuePair fwd = b.nic[0].openQp(1, 3, HostNic.udpSourcePort(0), null);
        QueuePair back = b.nic[1].openQp(0, 3, HostNic.udpSourcePort(0), null, true);
        b.nic[0].post(fwd, b.flow(0, 1, 1500, Verb.WRITE));
        b.nic[0].postRead(fwd, back, b.flow(1, 0, 1000, Verb.READ));
        b.nic[0].post(fwd, b.flow(0, 1, 100, Verb.SEND));
        b.kernel.runUntil(10 * US);
        // the request takes PSN 2 between the WRITE's two packets and the SEND
        assertEquals(List.of(1078, 562, 78, 162), b.sent(0, PacketType.DATA).stream()
                .map(BackToBack.Frame::frameBytes).toList());
        assertEquals(List.of(0L, 1L, 2L, 3L), b.sent(0, PacketType.DATA).stream().map(BackToBack.Frame::psn).toList());
        // a one-packet response carries one AETH: 1000 + 62 + 4
        assertEquals(List.of(1066), b.sent(1, PacketType.DATA).stream().map(BackToBack.Frame::frameBytes).toList());
        assertTrue(fwd.fullyAcked() && back.fullyAcked());
    }
}
