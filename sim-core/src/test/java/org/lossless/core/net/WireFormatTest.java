package org.lossless.core.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * RoCEv2 frame sizes and line times by hand: 62 B of headers and trailers around a data payload (Ethernet 14,
 * IPv4 20, UDP 8, BTH 12, ICRC 4, FCS 4), 16 B more for a RETH, 4 B for an AETH, padding to the 64 B
 * minimum, 20 B of preamble, SFD and gap on the wire; times in ps rounded up.
 */
class WireFormatTest {
    private static final long G100 = 100_000_000_000L;

    @Test
    void dataFrames() {
        assertEquals(1_086, WireFormat.dataFrameBytes(1_024, false));
        assertEquals(1_102, WireFormat.dataFrameBytes(1_024, true), "a WRITE's first packet carries a RETH");
        assertEquals(64, WireFormat.dataFrameBytes(0, false), "62 B padded to 64");
        assertEquals(64, WireFormat.dataFrameBytes(2, false));
        assertEquals(65, WireFormat.dataFrameBytes(3, false));
        assertEquals(78, WireFormat.dataFrameBytes(0, true));
    }

    @Test
    void readResponseFrames() {
        assertEquals(1_090, WireFormat.readResponseFrameBytes(1_024, true), "first, last or only: with AETH");
        assertEquals(1_086, WireFormat.readResponseFrameBytes(1_024, false), "middle: none");
        assertEquals(66, WireFormat.readResponseFrameBytes(0, true));
        assertEquals(64, WireFormat.readResponseFrameBytes(1, false));
    }

    @Test
    void wireBytesAddPreambleSfdAndGapToAtLeastTheMinimumFrame() {
        assertEquals(84, WireFormat.wireBytes(64));
        assertEquals(84, WireFormat.wireBytes(10));
        assertEquals(1_106, WireFormat.wireBytes(1_086));
        assertEquals(82, WireFormat.DATA_WIRE_OVERHEAD);
        assertEquals(66, WireFormat.ACK_FRAME);
        assertEquals(78, WireFormat.CNP_FRAME);
        assertEquals(78, WireFormat.READ_REQUEST_FRAME);
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
