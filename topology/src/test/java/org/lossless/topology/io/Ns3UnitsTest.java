package org.lossless.topology.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class Ns3UnitsTest {
    @Test
    void rates() {
        assertEquals(100_000_000_000L, Ns3Units.parseRate("100Gbps"));
        assertEquals(2_500_000_000L, Ns3Units.parseRate("2.5Gb/s"));
        assertEquals(80_000_000L, Ns3Units.parseRate("10MBps"));
        assertEquals(1_024L, Ns3Units.parseRate("1Kib/s"));
        assertEquals(40_000L, Ns3Units.parseRate("40kbps"));
        assertThrows(IllegalArgumentException.class, () -> Ns3Units.parseRate("100"));
        assertThrows(IllegalArgumentException.class, () -> Ns3Units.parseRate("Gbps"));
        assertThrows(IllegalArgumentException.class, () -> Ns3Units.parseRate("1.2.3Gbps"));
        assertEquals("100Gbps", Ns3Units.formatRate(100_000_000_000L));
        assertEquals("2500Mbps", Ns3Units.formatRate(2_500_000_000L));
        assertEquals("1200kbps", Ns3Units.formatRate(1_200_000L));
        assertEquals("7bps", Ns3Units.formatRate(7));
    }

    @Test
    void times() {
        assertEquals(1_000_000L, Ns3Units.parseTimePs("1000ns"));
        assertEquals(1_000_000L, Ns3Units.parseTimePs("0.001ms"));
        assertEquals(1_000_000L, Ns3Units.parseTimePs("1us"));
        assertEquals(1_000_000L, Ns3Units.parseTimePs("1e-6"));
        assertEquals(2_000_000_000_000L, Ns3Units.parseTimePs("2s"));
        assertEquals(60_000_000_000_000L, Ns3Units.parseTimePs("1min"));
        assertEquals(1L, Ns3Units.parseTimePs("500fs"));
        assertThrows(IllegalArgumentException.class, () -> Ns3Units.parseTimePs("ns"));
        assertThrows(IllegalArgumentException.class, () -> Ns3Units.parseTimePs("5 parsecs"));
        assertThrows(IllegalArgumentException.class, () -> Ns3Units.parseTimePs("-5ns"));
        assertEquals("1000ns", Ns3Units.formatTimeNs(1_000_000));
        assertEquals("2ns", Ns3Units.formatTimeNs(1_500));
        assertEquals("0ns", Ns3Units.formatTimeNs(0));
    }
}
