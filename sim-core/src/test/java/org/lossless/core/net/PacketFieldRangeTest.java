package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/**
 * The narrow fields of a {@link Packet} hold the extremes of the model's ranges: the largest frame (MTU 9,000
 * with RETH: 9,000 + 62 + 16 = 9,078 B, 9,098 B on the wire), the top UDP source port 65,535, a PFC frame naming
 * all eight priorities (its class-enable vector shares the UDP source port's 16 bits), the four one-bit flags, DSCP 63 and the unmarked -1, priority 7.
 */
class PacketFieldRangeTest {
    @Test
    void largestFrameAndTopUdpPortReadBackUnsigned() {
        Packet p = new Packet();
        int frame = WireFormat.ROCEV2.dataFrame(9000, true);
        assertEquals(9078, frame);
        p.frameBytes = (char) frame;
        p.wireBytes = (char) WireFormat.ROCEV2.wire(frame);
        p.udpSrcPort = (char) 65_535;
        assertEquals(9078, p.frameBytes);
        assertEquals(9098, p.wireBytes);
        assertEquals(65_535, p.udpSrcPort);
        assertEquals(9078L * 3, 3L * p.frameBytes, "arithmetic on the field is unsigned int arithmetic");
    }

    @Test
    void pfcFrameNamingEveryPriorityListsEightOfThem() {
        Packet p = new Packet();
        p.type = PacketType.PFC;
        p.pfcClassEnable(0xFF);
        int count = 0;
        for (int m = p.pfcClassEnable(); m != 0; m &= m - 1) { // how EgressPort and PauseState walk it
            count++;
        }
        assertEquals(8, count);
        assertEquals(255, p.pfcClassEnable());
        p.pfcClassEnable((char) 0xFF08); // the wire's 16 bits, reserved upper octet set: read back unsigned
        assertEquals(0xFF08, p.pfcClassEnable());
    }

    @Test
    void theFourFlagsAreIndependent() {
        Packet p = new Packet();
        assertFalse(p.ecnCapable() || p.ce() || p.last() || p.ackRequest(), "all clear by default");
        p.ce(true);
        p.ackRequest(true);
        assertEquals("false true false true", p.ecnCapable() + " " + p.ce() + " " + p.last() + " " + p.ackRequest());
        p.ecnCapable(true);
        p.ce(false);
        p.last(true);
        assertEquals("true false true true", p.ecnCapable() + " " + p.ce() + " " + p.last() + " " + p.ackRequest());
        p.ackRequest(false);
        p.ecnCapable(false);
        assertEquals("false false true false", p.ecnCapable() + " " + p.ce() + " " + p.last() + " " + p.ackRequest());
        p.reset();
        assertFalse(p.ecnCapable() || p.ce() || p.last() || p.ackRequest(), "reset clears them");
    }

    @Test
    void dscpPriorityAndGroupKeepTheirRanges() {
        Packet p = new Packet();
        assertEquals(-1, p.dscp, "unmarked by default");
        assertEquals(-1, p.ingressPg);
        assertEquals(-1, p.intHops);
        p.dscp = 63;
        p.priority = 7;
        p.ingressPg = 7;
        p.intHops = 300;
        assertEquals(63, p.dscp);
        assertEquals(7, p.priority);
        assertEquals(7, p.ingressPg);
        assertEquals(300, p.intHops);
    }
}
