package org.lossless.core.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class UnitsTest {
    static String error(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Test
    void sizes() {
        assertEquals(1500, Units.parseSize("1500"));
        assertEquals(1500, Units.parseSize("1500B"));
        assertEquals(5_000, Units.parseSize("5KB"));
        assertEquals(32_000_000, Units.parseSize("32MB"));
        assertEquals(1_000_000_000, Units.parseSize("1GB"));
        assertEquals(4_096, Units.parseSize("4KiB"));
        assertEquals(32L << 20, Units.parseSize("32MiB"));
        assertEquals(2_500, Units.parseSize("2.5KB"));
        assertEquals(0, Units.parseSize("0"));
    }

    @Test
    void times() {
        assertEquals(0, Units.parseTime("0"));
        assertEquals(800, Units.parseTime("800ps"));
        assertEquals(1_000, Units.parseTime("1ns"));
        assertEquals(1_000_000, Units.parseTime("1us"));
        assertEquals(55_000_000, Units.parseTime("55µs"));
        assertEquals(2_500_000_000L, Units.parseTime("2.5ms"));
        assertEquals(1_000_000_000_000L, Units.parseTime("1s"));
        assertEquals(1_000, Units.parseTime("1e3ps"));
    }

    @Test
    void rates() {
        assertEquals(100_000_000_000L, Units.parseRate("100Gbps"));
        assertEquals(40_000_000L, Units.parseRate("40Mbps"));
        assertEquals(1_600_000_000_000L, Units.parseRate("1.6Tbps"));
        assertEquals(0, Units.parseRate("0"));
    }

    @Test
    void fractions() {
        assertEquals(0.2, Units.parseFraction("0.2"));
        assertEquals(1.0 / 256, Units.parseFraction("1/256"));
        assertEquals(0.05, Units.parseFraction("5%"));
    }

    @Test
    void errorsSayWhatIsWrongAndWhatIsAllowed() {
        assertEquals("bad time '55': a bare number needs a unit (ps, ns, us, ms, s), e.g. 800ps, 55us, 2.5ms",
            error(() -> Units.parseTime("55")));
        assertEquals("bad rate '40Mb': unknown unit 'Mb' (allowed: bps, Kbps, Mbps, Gbps, Tbps)",
            error(() -> Units.parseRate("40Mb")));
        assertEquals("bad time '0.5ps': must be a whole number of picoseconds (got 0.5)",
            error(() -> Units.parseTime("0.5ps")));
        assertEquals("bad size '-1KB': must not be negative", error(() -> Units.parseSize("-1KB")));
        assertEquals("empty size value", error(() -> Units.parseSize(" ")));
        assertEquals("bad fraction '1/0': division by zero", error(() -> Units.parseFraction("1/0")));
        assertEquals("bad fraction 'half': expected a decimal (0.2), a ratio (1/256) or a percentage (5%)",
            error(() -> Units.parseFraction("half")));
    }

    @Test
    void formatRoundTrips() {
        assertEquals("55us", Units.formatTime(55_000_000));
        assertEquals("1500ps", Units.formatTime(1_500));
        assertEquals("0", Units.formatTime(0));
        assertEquals("40Mbps", Units.formatRate(40_000_000));
        assertEquals("100Gbps", Units.formatRate(100_000_000_000L));
        assertEquals("10MB", Units.formatSize(10_000_000));
        assertEquals("32MiB", Units.formatSize(32L << 20));
        assertEquals("2097088B", Units.formatSize(32767L * 64));
        assertEquals("0", Units.formatSize(0));
        for (long v : new long[] {1, 999, 1_000, 1_234_567, 32L << 20}) {
            assertEquals(v, Units.parseSize(Units.formatSize(v)));
            assertEquals(v, Units.parseTime(Units.formatTime(v)));
            assertEquals(v, Units.parseRate(Units.formatRate(v)));
        }
    }
}
