package org.lossless.topology.io;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;

/**
 * ns-3 {@code DataRate} and {@code Time} strings, as the HPCC simulator reads them from its topology
 * file ({@code 100Gbps}, {@code 1000ns}, {@code 0.001ms}). Parsing mirrors ns-3: a decimal number
 * followed by a unit; a time without unit is in seconds; a rate is truncated to whole bit/s.
 */
public final class Ns3Units {
    private static final BigDecimal PS_PER_NS = BigDecimal.valueOf(1_000);
    /** ns-3 DataRate units and their multipliers in bit/s. */
    private static final Map<String, Long> RATE_UNITS = Map.ofEntries(
            Map.entry("bps", 1L), Map.entry("b/s", 1L), Map.entry("Bps", 8L), Map.entry("B/s", 8L),
            Map.entry("kbps", 1_000L), Map.entry("kb/s", 1_000L), Map.entry("Kbps", 1_000L),
            Map.entry("Kb/s", 1_000L), Map.entry("kBps", 8_000L), Map.entry("kB/s", 8_000L),
            Map.entry("KBps", 8_000L), Map.entry("KB/s", 8_000L), Map.entry("Kib/s", 1_024L),
            Map.entry("KiB/s", 8_192L), Map.entry("Mbps", 1_000_000L), Map.entry("Mb/s", 1_000_000L),
            Map.entry("MBps", 8_000_000L), Map.entry("MB/s", 8_000_000L), Map.entry("Mib/s", 1L << 20),
            Map.entry("MiB/s", 8L << 20), Map.entry("Gbps", 1_000_000_000L), Map.entry("Gb/s", 1_000_000_000L),
            Map.entry("GBps", 8_000_000_000L), Map.entry("GB/s", 8_000_000_000L), Map.entry("Gib/s", 1L << 30),
            Map.entry("GiB/s", 8L << 30));
    /** ns-3 Time units in picoseconds (fs handled as 1/1000). */
    private static final Map<String, BigDecimal> TIME_UNITS = Map.of(
            "y", BigDecimal.valueOf(365L * 86_400L).scaleByPowerOfTen(12),
            "d", BigDecimal.valueOf(86_400L).scaleByPowerOfTen(12),
            "h", BigDecimal.valueOf(3_600L).scaleByPowerOfTen(12),
            "min", BigDecimal.valueOf(60L).scaleByPowerOfTen(12),
            "s", BigDecimal.ONE.scaleByPowerOfTen(12),
            "ms", BigDecimal.ONE.scaleByPowerOfTen(9),
            "us", BigDecimal.ONE.scaleByPowerOfTen(6),
            "ns", BigDecimal.ONE.scaleByPowerOfTen(3),
            "ps", BigDecimal.ONE,
            "fs", BigDecimal.ONE.scaleByPowerOfTen(-3));

    private Ns3Units() {
    }

    /** Bit/s of an ns-3 DataRate string such as {@code 100Gbps} or {@code 2.5Gb/s}. */
    public static long parseRate(String s) {
        int split = firstNotOf(s, "0123456789.");
        Long unit = split > 0 ? RATE_UNITS.get(s.substring(split)) : null;
        if (unit == null) {
            throw new IllegalArgumentException("'" + s + "' is not an ns-3 data rate (a number and one of bps, kbps, "
                    + "Mbps, Gbps, Bps, KBps, MBps, GBps, Kib/s, Mib/s, Gib/s, ... e.g. 100Gbps)");
        }
        BigDecimal v = number(s, split, "data rate");
        return v.multiply(BigDecimal.valueOf(unit)).setScale(0, RoundingMode.DOWN).longValueExact();
    }

    /** Picoseconds of an ns-3 Time string such as {@code 1000ns}, {@code 0.001ms} or {@code 1e-6} (seconds). */
    public static long parseTimePs(String s) {
        int split = firstNotOf(s, "+-0123456789.eE");
        // "1e-6" is seconds; but "1e" could only be garbage: let BigDecimal decide on the numeric part.
        String unitText = split < 0 ? "s" : s.substring(split);
        BigDecimal unit = TIME_UNITS.get(unitText);
        if (unit == null || split == 0) {
            throw new IllegalArgumentException("'" + s + "' is not an ns-3 time (a number and one of s, ms, us, ns, "
                    + "ps, fs, min, h, d, y; no unit means seconds; e.g. 1000ns)");
        }
        BigDecimal v = number(s, split < 0 ? s.length() : split, "time");
        return v.multiply(unit).setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    /** The shortest exact ns-3 rate string: {@code 100Gbps}, {@code 2500Mbps}, {@code 1200kbps}, {@code 7bps}. */
    public static String formatRate(long bps) {
        if (bps % 1_000_000_000L == 0) {
            return bps / 1_000_000_000L + "Gbps";
        }
        if (bps % 1_000_000L == 0) {
            return bps / 1_000_000L + "Mbps";
        }
        if (bps % 1_000L == 0) {
            return bps / 1_000L + "kbps";
        }
        return bps + "bps";
    }

    /** ns-3 time string in whole nanoseconds ({@code 1000ns}), rounding half up. */
    public static String formatTimeNs(long ps) {
        return BigDecimal.valueOf(ps).divide(PS_PER_NS, 0, RoundingMode.HALF_UP) + "ns";
    }

    private static BigDecimal number(String s, int end, String what) {
        try {
            BigDecimal v = new BigDecimal(s.substring(0, end));
            if (v.signum() < 0) {
                throw new IllegalArgumentException("negative " + what + " '" + s + "'");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "': '" + s.substring(0, end) + "' is not a number");
        }
    }

    private static int firstNotOf(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) < 0) {
                return i;
            }
        }
        return -1;
    }
}
