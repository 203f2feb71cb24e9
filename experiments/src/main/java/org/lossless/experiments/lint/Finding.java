package org.lossless.experiments.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One thing a lint found in a scenario, as data: written to {@code warnings.json}, printed by the CLI
 * ({@code lossless: warning: } and {@link #message()}) and read by the report.
 *
 * @param severity how much it matters
 * @param code     a stable id of the check ({@code pfc-headroom-below-need}); lower case, digits and '-'; scripts
 *                 select on it, so a code is never reused for another check
 * @param message  the text the console prints, one line, never empty
 * @param keyPaths the scenario keys it is about ({@code switch.pfc.headroom}, {@code workloads[0].flows[1]}), in
 *                 the order the message names them; may be empty (e.g. a topology file's own remark)
 * @param places   the switches (and their ports) it concerns, each with its own numbers; empty when the finding
 *                 is about the whole fabric or about settings only
 * @param values   the numbers it is about for the whole finding, each named with its unit
 */
public record Finding(Severity severity, String code, String message, List<String> keyPaths, List<Place> places,
                      List<Value> values) {
    private static final Pattern CODE = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

    public Finding {
        if (severity == null) {
            throw new IllegalArgumentException("a finding needs a severity");
        }
        if (code == null || !CODE.matcher(code).matches()) {
            throw new IllegalArgumentException("finding code '" + code + "' is not lower-case words joined by '-'");
        }
        if (message == null || message.isBlank() || message.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("finding " + code + ": the message must be one non-empty line");
        }
        keyPaths = List.copyOf(keyPaths);
        for (String k : keyPaths) {
            if (k.isBlank()) {
                throw new IllegalArgumentException("finding " + code + ": a blank key path");
            }
        }
        places = List.copyOf(places);
        values = List.copyOf(values);
    }

    /** A warning with these key paths, no places and no numbers (see {@link #with}). */
    public static Finding warning(String code, String message, String... keyPaths) {
        return new Finding(Severity.WARNING, code, message, List.of(keyPaths), List.of(), List.of());
    }

    /** This finding with {@code places} and {@code values} added. */
    public Finding with(List<Place> morePlaces, List<Value> moreValues) {
        List<Place> p = new ArrayList<>(places);
        p.addAll(morePlaces);
        List<Value> v = new ArrayList<>(values);
        v.addAll(moreValues);
        return new Finding(severity, code, message, keyPaths, p, v);
    }

    /** The messages of {@code findings}, in order: what the console prints after {@code lossless: warning: }. */
    public static List<String> messages(List<Finding> findings) {
        return findings.stream().map(Finding::message).toList();
    }

    /**
     * A switch (or, rarely, a host) a finding concerns, with the ports it concerns there (empty: the node as a
     * whole) and the numbers that hold there.
     */
    public record Place(String node, List<Integer> ports, List<Value> values) {
        public Place {
            if (node == null || node.isEmpty()) {
                throw new IllegalArgumentException("a finding's place needs a node name");
            }
            ports = List.copyOf(ports);
            for (int p : ports) {
                if (p < 0) {
                    throw new IllegalArgumentException(node + ": port " + p + " is negative");
                }
            }
            values = List.copyOf(values);
        }
    }

    /**
     * A number a finding is about: {@code name} (lower case, '_'), an integer {@code value} in {@code unit}.
     * Integers only, so warnings.json is the same bytes on every machine.
     */
    public record Value(String name, long value, Unit unit) {
        private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

        public Value {
            if (name == null || !NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("value name '" + name + "' is not lower case with '_'");
            }
            if (unit == null) {
                throw new IllegalArgumentException("value " + name + " needs a unit");
            }
        }

        public static Value bytes(String name, long v) {
            return new Value(name, v, Unit.BYTES);
        }
    }

    /** The units of {@link Value}s, written by their symbol. */
    public enum Unit {
        BYTES("B"), BITS_PER_SECOND("bps"), PICOSECONDS("ps"), MILLIMETRES("mm"), COUNT("1");

        private final String symbol;

        Unit(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        public static Unit ofSymbol(String s) {
            for (Unit u : values()) {
                if (u.symbol.equals(s)) {
                    return u;
                }
            }
            throw new IllegalArgumentException("unknown unit '" + s + "'");
        }
    }
}
