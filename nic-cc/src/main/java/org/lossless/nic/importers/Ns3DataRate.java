package org.lossless.nic.importers;

import java.math.BigDecimal;

/**
 * ns-3 {@code DataRate} strings as the HPCC simulator's config uses them ({@code 20Mb/s},
 * {@code 1000Mb/s}, {@code 100Gbps}, {@code 1.5GB/s}): a number then a unit of bits ({@code b})
 * or bytes ({@code B}) with an optional k/K/M/G prefix (powers of 1000) or Ki/Mi/Gi (powers of
 * 1024), spelt {@code ps} or {@code /s}.
 */
final class Ns3DataRate {
    private Ns3DataRate() {
    }

    /** Bits per second, rounded to the nearest bit. */
    static long parse(String text) {
        String s = text.trim();
        int i = 0;
        while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) {
            i++;
        }
        if (i == 0) {
            throw bad(text);
        }
        BigDecimal number;
        try {
            number = new BigDecimal(s.substring(0, i));
        } catch (NumberFormatException e) {
            throw bad(text);
        }
        String unit = s.substring(i).trim();
        String base;
        if (unit.endsWith("ps")) {
            base = unit.substring(0, unit.length() - 2);
        } else if (unit.endsWith("/s")) {
            base = unit.substring(0, unit.length() - 2);
        } else {
            throw bad(text);
        }
        if (base.isEmpty()) {
            throw bad(text);
        }
        char bitOrByte = base.charAt(base.length() - 1);
        if (bitOrByte != 'b' && bitOrByte != 'B') {
            throw bad(text);
        }
        String prefix = base.substring(0, base.length() - 1);
        BigDecimal factor = switch (prefix) {
            case "" -> BigDecimal.ONE;
            case "k", "K" -> BigDecimal.valueOf(1_000L);
            case "M" -> BigDecimal.valueOf(1_000_000L);
            case "G" -> BigDecimal.valueOf(1_000_000_000L);
            case "Ki" -> BigDecimal.valueOf(1L << 10);
            case "Mi" -> BigDecimal.valueOf(1L << 20);
            case "Gi" -> BigDecimal.valueOf(1L << 30);
            default -> throw bad(text);
        };
        if (bitOrByte == 'B') {
            factor = factor.multiply(BigDecimal.valueOf(8));
        }
        return number.multiply(factor).setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
    }

    private static IllegalArgumentException bad(String text) {
        return new IllegalArgumentException("bad data rate '" + text + "' (ns-3 DataRate, e.g. 20Mb/s, 100Gbps, 1GB/s)");
    }
}
