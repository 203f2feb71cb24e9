package org.lossless.experiments.sweep;

import org.lossless.core.units.Units;
import org.lossless.workloads.yaml.ScenarioException;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ranges in {@code --vary}: {@code START..END:STEP}, END included when it lies on the grid.
 * <ul>
 *   <li>Same unit on all three (or none): exact decimal arithmetic in that unit, values keep it:
 *       {@code 50KB..200KB:50KB} gives 50KB, 100KB, 150KB, 200KB; {@code -5..1:2} gives -5, -3, -1, 1;
 *       {@code 0.1..0.3:0.1} gives 0.1, 0.2, 0.3 (no binary rounding).</li>
 *   <li>Different units of one kind (size, time, rate, length): converted to the base unit, values written in
 *       the largest of the typed units that divides them all, else in the base unit:
 *       {@code 512KiB..1MiB:256KiB} gives 512KiB, 768KiB, 1024KiB.</li>
 * </ul>
 * STEP must be positive and START at most END; a range gives at most {@value #MAX_VALUES} values.
 */
final class Ranges {
    static final int MAX_VALUES = 10_000;
    private static final String Q = "([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+))([A-Za-zµ%]*)";
    private static final Pattern RANGE = Pattern.compile(Q + "\\.\\." + Q + ":" + Q);
    private static final Pattern NO_STEP = Pattern.compile(Q + "\\.\\." + Q);

    private record Kind(String name, ToLongFunction<String> parse, String base) {
    }

    private static final List<Kind> KINDS = List.of(new Kind("size", Units::parseSize, "B"),
            new Kind("time", Units::parseTime, "ps"), new Kind("rate", Units::parseRate, "bps"),
            new Kind("length", Units::parseLengthMm, "mm"));

    private Ranges() {
    }

    static boolean isRange(String v) {
        return RANGE.matcher(v).matches() || NO_STEP.matcher(v).matches();
    }

    /** The values of {@code v}: itself when it is not a range. */
    static List<String> expand(String option, String v) {
        Matcher m = RANGE.matcher(v);
        if (!m.matches()) {
            if (NO_STEP.matcher(v).matches()) {
                throw bad(option, v, "a range needs a step: START..END:STEP, e.g. 50KB..400KB:50KB");
            }
            return List.of(v);
        }
        String u1 = m.group(2);
        String u2 = m.group(4);
        String u3 = m.group(6);
        if (u1.equals(u2) && u2.equals(u3)) {
            return decimal(option, v, new BigDecimal(m.group(1)), new BigDecimal(m.group(3)), new BigDecimal(m.group(5)), u1);
        }
        for (Kind k : KINDS) {
            long[] base = new long[3];
            try {
                base[0] = k.parse.applyAsLong(m.group(1) + u1);
                base[1] = k.parse.applyAsLong(m.group(3) + u2);
                base[2] = k.parse.applyAsLong(m.group(5) + u3);
            } catch (IllegalArgumentException e) {
                continue;
            }
            return mixed(option, v, base, k, List.of(u1, u2, u3));
        }
        throw bad(option, v, "START, END and STEP must have the same unit, or units of one kind (size, time, rate, length)");
    }

    private static List<String> decimal(String option, String v, BigDecimal start, BigDecimal end, BigDecimal step, String unit) {
        check(option, v, start.compareTo(end) <= 0, step.signum() > 0, step.signum() <= 0 ? BigDecimal.ZERO
                : end.subtract(start).divideToIntegralValue(step).add(BigDecimal.ONE));
        List<String> out = new ArrayList<>();
        for (BigDecimal x = start; x.compareTo(end) <= 0; x = x.add(step)) {
            String num = x.signum() == 0 ? "0" : x.stripTrailingZeros().toPlainString();
            out.add(num + unit);
        }
        return out;
    }

    private static List<String> mixed(String option, String v, long[] b, Kind k, List<String> units) {
        check(option, v, b[0] <= b[1], b[2] > 0, BigDecimal.valueOf((b[1] - b[0]) / Math.max(1, b[2]) + 1));
        List<Long> values = new ArrayList<>();
        for (long x = b[0]; x <= b[1]; x += b[2]) {
            values.add(x);
        }
        String unit = k.base;
        long factor = 1;
        for (String u : units) {
            if (u.isEmpty()) {
                continue;
            }
            long f = k.parse.applyAsLong("1" + u);
            if (f > factor && values.stream().allMatch(x -> x % f == 0)) {
                factor = f;
                unit = u;
            }
        }
        List<String> out = new ArrayList<>();
        for (long x : values) {
            out.add(x == 0 ? "0" : (x / factor) + unit);
        }
        return out;
    }

    private static void check(String option, String v, boolean ordered, boolean positiveStep, BigDecimal count) {
        if (!positiveStep) {
            throw bad(option, v, "the step must be greater than 0");
        }
        if (!ordered) {
            throw bad(option, v, "START is greater than END");
        }
        if (count.compareTo(BigDecimal.valueOf(MAX_VALUES)) > 0) {
            throw bad(option, v, "gives " + count.toPlainString() + " values, more than " + MAX_VALUES + "; use a larger step");
        }
    }

    private static ScenarioException bad(String option, String v, String detail) {
        return new ScenarioException("--vary " + option + ": range '" + v + "': " + detail);
    }
}
