package org.lossless.nic.cc;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.lossless.core.settings.Bounds;
import org.lossless.core.settings.Key;
import org.lossless.core.settings.Kind;
import org.lossless.core.settings.Section;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.nic.dcqcn.DcqcnSchema;
import org.lossless.nic.nscc.NsccParams;

/**
 * The ranges the schemas declare ({@link Bounds}, which the docs' type columns show) are the ranges the parameter
 * records (and the keys' parsers) enforce: for every key with bounds, each finite end is accepted when closed (or a
 * hair inside when open) and refused a hair outside, with a message naming the key. Keys whose range also depends
 * on another key get that other key set out of the way (listed below by hand).
 */
class SchemaRangesTest {
    private static final long LINE = 100_000_000_000L;
    /** key -&gt; the other key's setting that lets the key reach its own bound. */
    private static final Map<String, Map<String, String>> COMPANIONS = Map.of(
            "nic.timely.t_high", Map.of("t_low", "0"),
            "nic.timely.hai", Map.of("ai", "1bps"),
            "nic.swift.fs_max_cwnd", Map.of("fs_min_cwnd", "0.0000000001"),
            "nic.swift.max_cwnd", Map.of("min_cwnd", "0.0000000001"),
            "nic.dcqcn.rate_decrease_offset", Map.of("rate_decrease_period", "1s"),
            "nic.dcqcn.min_rate", Map.of("max_rate", "1Tbps"));

    @Test
    void everyCongestionControlsRangesAreItsRecordsChecks() {
        int checked = 0;
        for (CcSpec<?> spec : CcSpecs.ALL) {
            checked += check(spec.section(), m -> spec.parse(m));
        }
        checked += check(NsccParams.SECTION, NsccParams::of);
        assertTrue(checked >= 30, "ends checked: " + checked);
    }

    @Test
    void dcqcnsRangesAreItsRecordsChecks() {
        // the timer_driven profile: rate_decrease_period and its offset apply
        int checked = check(DcqcnSchema.DCQCN, m -> DcqcnParams.profile("mlx5", LINE, m));
        assertTrue(checked >= 20, "ends checked: " + checked);
    }

    private static int check(Section s, Consumer<Map<String, String>> build) {
        int n = 0;
        for (Key k : s.keys()) {
            Bounds b = k.bounds();
            if (b == null) {
                continue;
            }
            String path = s.path() + "." + k.name();
            if (Double.isFinite(b.lo())) {
                n += end(s, k, build, path, b.lo(), b.loOpen(), -1);
            }
            if (Double.isFinite(b.hi())) {
                n += end(s, k, build, path, b.hi(), b.hiOpen(), +1);
            }
        }
        return n;
    }

    /** @param out -1 for the lower end (outside is below), +1 for the upper */
    private static int end(Section s, Key k, Consumer<Map<String, String>> build, String path, double edge,
                           boolean open, int out) {
        double inside = open ? step(k, edge, -out) : edge;
        double outside = open ? edge : step(k, edge, out);
        int n = 0;
        if (text(k, inside) != null) {
            assertDoesNotThrow(() -> build.accept(with(path, k, text(k, inside))), path + " = " + text(k, inside));
            n++;
        }
        String bad = text(k, outside);
        if (bad != null) { // a negative time, size or rate has no text: the unit parsers refuse the sign
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> build.accept(with(path, k, bad)), path + " = " + bad);
            assertTrue(e.getMessage().startsWith(path), e.getMessage());
            n++;
        }
        return n;
    }

    private static Map<String, String> with(String path, Key k, String v) {
        Map<String, String> m = new LinkedHashMap<>(COMPANIONS.getOrDefault(path, Map.of()));
        m.put(k.name(), v);
        return m;
    }

    /** The next value of the key's kind from {@code v} in direction {@code dir}. */
    private static double step(Key k, double v, int dir) {
        return k.kind() == Kind.NUMBER ? v + dir * 1e-9 : v + dir;
    }

    private static String text(Key k, double v) {
        return switch (k.kind()) {
            case NUMBER -> org.lossless.core.units.Units.formatFraction(v);
            case INT -> Long.toString((long) v);
            case TIME -> v < 0 ? null : (long) v + "ps";
            case RATE -> v < 0 ? null : (long) v + "bps";
            case SIZE -> v < 0 ? null : (long) v + "B";
            default -> throw new IllegalStateException(k.name());
        };
    }
}
