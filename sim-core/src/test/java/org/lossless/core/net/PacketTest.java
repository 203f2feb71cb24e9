package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A frame's one-line description (debugging and test messages). */
class PacketTest {
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
        p.ce = true;
        p.type = PacketType.ACK;
        assertEquals("ACK[flow=7 1->2 psn=5 prio=3 frame=1086B CE]", p.toString());
    }
}
