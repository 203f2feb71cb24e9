package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Frame sizes and line times by hand. RoCEv2: 62 B of headers and trailers around a data payload (Ethernet 14,
 * IPv4 20, UDP 8, BTH 12, ICRC 4, FCS 4), 16 B more for a RETH, 4 B for an AETH, padding to the 64 B
 * minimum, 20 B of preamble, SFD and gap on the wire; times in ps rounded up. HPCC's simulator (its source:
 * PppHeader 14, Ipv4Header 20, UdpHeader 8, SeqTsHeader 6 without INT; qbbHeader 12; PauseHeader 9; RdmaHw pads an
 * ACK to 60 B; a link serializes GetSize() bytes, nothing more).
 */
class WireFormatTest {
    private static final long G100 = 100_000_000_000L;

    @Test
    void dataFrames() {
        assertEquals(1_086, WireFormat.ROCEV2.dataFrame(1_024, false));
        assertEquals(1_102, WireFormat.ROCEV2.dataFrame(1_024, true), "a WRITE's first packet carries a RETH");
        assertEquals(64, WireFormat.ROCEV2.dataFrame(0, false), "62 B padded to 64");
        assertEquals(64, WireFormat.ROCEV2.dataFrame(2, false));
        assertEquals(65, WireFormat.ROCEV2.dataFrame(3, false));
        assertEquals(78, WireFormat.ROCEV2.dataFrame(0, true));
    }

    @Test
    void readResponseFrames() {
        assertEquals(1_090, WireFormat.ROCEV2.readResponseFrame(1_024, true), "first, last or only: with AETH");
        assertEquals(1_086, WireFormat.ROCEV2.readResponseFrame(1_024, false), "middle: none");
        assertEquals(66, WireFormat.ROCEV2.readResponseFrame(0, true));
        assertEquals(64, WireFormat.ROCEV2.readResponseFrame(1, false));
    }

    @Test
    void wireBytesAddPreambleSfdAndGapToAtLeastTheMinimumFrame() {
        assertEquals(84, WireFormat.ROCEV2.wire(64));
        assertEquals(84, WireFormat.ROCEV2.wire(10));
        assertEquals(1_106, WireFormat.ROCEV2.wire(1_086));
        assertEquals(82, WireFormat.ROCEV2.dataWireOverhead());
        assertEquals(66, WireFormat.ROCEV2.ackFrame());
        assertEquals(78, WireFormat.ROCEV2.cnpFrame());
        assertEquals(78, WireFormat.ROCEV2.readRequestFrame());
        assertEquals(84, WireFormat.ROCEV2.wire(WireFormat.ROCEV2.pfcFrame()), "672 bit times");
    }

    @Test
    void anAckIsPaddedAfterItsCongestionControlHeader() {
        assertEquals(66, WireFormat.ROCEV2.controlFrame(WireFormat.ROCEV2.ackFrame()));
        assertEquals(108, WireFormat.ROCEV2.controlFrame(WireFormat.ROCEV2.ackFrame() + 42), "with HPCC's INT");
        assertEquals(86, WireFormat.ROCEV2.ackWire());
    }

    @Test
    void hpccsPacketFormat() {
        WireFormat h = WireFormat.HPCC2019;
        assertEquals(1_048, h.dataFrame(1_000, true), "no RETH");
        assertEquals(1_048, h.wire(1_048), "no preamble, SFD or gap");
        assertEquals(49, h.dataFrame(1, false), "no padding of data");
        assertEquals(49, h.wire(49));
        assertEquals(1_048, h.readResponseFrame(1_000, true), "no AETH");
        assertEquals(48, h.readRequestFrame());
        assertEquals(48, h.dataWireOverhead());
        assertEquals(60, h.controlFrame(h.ackFrame()), "46 B padded to 60");
        assertEquals(60, h.ackWire());
        assertEquals(88, h.controlFrame(h.ackFrame() + 42), "with INT: 14 + 20 + 12 + 42, no padding");
        assertEquals(60, h.controlFrame(h.cnpFrame()));
        assertEquals(43, h.wire(h.pfcFrame()));
        assertEquals(83_840, WireFormat.serializationPs(h.fullPacketWire(1_000), G100), "1,048 B at 100 Gb/s");
    }

    @Test
    void rowsByName() {
        assertEquals(WireFormat.ROCEV2, WireFormat.of("rocev2"));
        assertEquals(WireFormat.HPCC2019, WireFormat.of("hpcc2019"));
        assertEquals(java.util.List.of("rocev2", "hpcc2019"), WireFormat.NAMES);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> WireFormat.of("roce"));
    }

    @Test
    void theSmallestFrameOnTheWire() {
        assertEquals(84, WireFormat.ROCEV2.smallestWire(), "64-byte minimum frame + 8 preamble and SFD + 12 gap");
        assertEquals(43, WireFormat.HPCC2019.smallestWire(), "HPCC's PAUSE: 14 + 20 + 9, no preamble or gap");
    }

    @Test
    void serializationTimes() {
        assertEquals(88_480, WireFormat.serializationPs(1_106, G100), "8,848 bits at 100 Gb/s");
        assertEquals(26_880, WireFormat.serializationPs(84, 25_000_000_000L), "672 bits at 25 Gb/s");
        assertEquals(333_333_333_334L, WireFormat.bitsToPs(1, 3), "1/3 s rounded up");
    }

    @Test
    void longTransfersAreExactAndRoundedUp() {
        // above 9,000,000 bits the product bits x 10^12 would overflow a long
        assertEquals(80_000_000_000L, WireFormat.bitsToPs(8_000_000_000L, G100), "1 GB at 100 Gb/s: 0.08 s exactly");
        assertEquals(2_666_666_666_667L, WireFormat.bitsToPs(8_000_000_000L, 3_000_000_000L), "8/3 s rounded up");
        assertEquals(90_000_010L, WireFormat.bitsToPs(9_000_001L, G100));
    }
}
