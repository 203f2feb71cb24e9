package org.lossless.switchmodel.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void sizes() {
        assertEquals(1500, Units.size("1500", "k"));
        assertEquals(1500, Units.size("1500B", "k"));
        assertEquals(5000, Units.size("5KB", "k"));
        assertEquals(32_000_000, Units.size("32MB", "k"));
        assertEquals(4096, Units.size("4KiB", "k"));
        assertEquals(32L << 20, Units.size("32MiB", "k"));
        assertEquals(2500, Units.size("2.5KB", "k"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.size("1.5B", "switch.x"));
        assertEquals("switch.x: '1.5B': must be a whole number of bytes (got 1.5)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Units.size("5kb", "k"));
        assertThrows(IllegalArgumentException.class, () -> Units.size("-5", "k"));
    }

    @Test
    void timesRatesLengths() {
        assertEquals(800, Units.timePs("800ps", "k"));
        assertEquals(1_000_000, Units.timePs("1us", "k"));
        assertEquals(2_500_000_000L, Units.timePs("2.5ms", "k"));
        assertEquals(0, Units.timePs("0", "k"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.timePs("5", "t"));
        assertTrue(e.getMessage().contains("only allowed for 0"), e.getMessage());
        assertEquals(100_000_000_000L, Units.rateBps("100Gbps", "k"));
        assertEquals(1_600_000_000_000L, Units.rateBps("1.6Tbps", "k"));
        assertEquals(40_000_000, Units.rateBps("40Mbps", "k"));
        assertThrows(IllegalArgumentException.class, () -> Units.rateBps("100G", "k"));
        assertEquals(100.0, Units.meters("100m", "k"));
        assertEquals(2500.0, Units.meters("2.5km", "k"));
        assertThrows(IllegalArgumentException.class, () -> Units.meters("100", "k"));
        assertEquals(1 / 256.0, Units.fraction("1/256", "k"));
        assertEquals(0.2, Units.fraction("0.2", "k"));
        assertEquals(0.05, Units.fraction("5%", "k"), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> Units.fraction("x", "k"));
    }

    @Test
    void formatting() {
        assertEquals("32MiB", Units.formatSize(32L << 20));
        assertEquals("5KB", Units.formatSize(5000));
        assertEquals("4KiB", Units.formatSize(4096));
        assertEquals("1500B", Units.formatSize(1500));
        assertEquals("0B", Units.formatSize(0));
        assertEquals("10875072B", Units.formatSize(10_875_072));
    }

    @Test
    void watchdogDefaults() {
        WatchdogSettings w = new WatchdogSettings(null, 400_000_000_000L, null, null, null).resolved();
        assertEquals(true, w.enabled());
        assertEquals(800_000_000_000L, w.restorationTimePs(), "pfcwd start: restoration = 2 x detection");
        assertEquals("drop", w.action());
        assertEquals(200_000_000_000L, w.pollIntervalPs());
        assertEquals(200_000_000_000L, new WatchdogSettings(null, null, null, null, null).resolved().restorationTimePs());
        assertThrows(IllegalArgumentException.class, () -> new WatchdogSettings(true, null, null, "ignore", null));
    }
}
