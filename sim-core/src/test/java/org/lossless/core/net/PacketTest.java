package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A frame's one-line description (debugging and test messages); the NACK field kept in the timestamp. */
class PacketTest {
    @Test
    void aNacksSackPsnRoundTripsThroughTheTimestampField() {
        Packet p = new Packet();
        p.type = PacketType.NACK;
        p.tsPs = 123_456;
        p.sackPsn(-1);
        assertEquals(-1L, p.sackPsn());
        p.sackPsn(5_000_000_000L); // past 32 bits: a full long, as the field it replaced
        assertEquals(5_000_000_000L, p.sackPsn());
        assertEquals(5_000_000_000L, p.tsPs, "the same 8 bytes");
    }

    @Test
    void toStringNamesTheFrame() {
        Packet p = new Packet();
        p.flowId = 7;
        p.srcHost = 1;
        p.dstHost = 2;
        p.psn = 5;
        p.priority = 3;
        p.frameBytes = 1_086;
        assertEquals("DATA[flow=7 1->2 psn=5 prio=3 frame=1086B]", p.toString());
        p.ce(true);
        p.type = PacketType.ACK;
        assertEquals("ACK[flow=7 1->2 psn=5 prio=3 frame=1086B CE]", p.toString());
    }
}
