package org.lossless.topology.types;

import org.lossless.topology.LinkSpec;

/** Shared validation for the spec records; messages name the type and the scenario key. */
final class Checks {
    private Checks() {
    }

    static void atLeast(String type, String key, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(type + ": " + key + " must be >= " + min + ", got " + value);
        }
    }

    static void present(String type, String key, LinkSpec link) {
        if (link == null) {
            throw new IllegalArgumentException(type + ": " + key + " is required ({rate: .., delay: ..})");
        }
    }

    static void hostLimit(String type, long hosts) {
        if (hosts > TopologySpec.MAX_HOSTS) {
            throw new IllegalArgumentException(type + ": " + hosts + " hosts is more than the supported "
                    + TopologySpec.MAX_HOSTS);
        }
    }

    /** {@code ratio * base} as an exact positive integer, or a message naming {@code key}. */
    static int wholeMultiple(String type, String key, double ratio, int base, String what) {
        if (!(ratio > 0) || Double.isInfinite(ratio)) {
            throw new IllegalArgumentException(type + ": " + key + " must be a finite number > 0, got " + ratio);
        }
        double x = ratio * base;
        long r = Math.round(x);
        if (Math.abs(x - r) > 1e-9 * Math.max(1, x) || r < 1) {
            throw new IllegalArgumentException(type + ": " + key + " = " + ratio + " gives " + x + " " + what
                    + "; it must give a whole number >= 1 (" + what + " = " + key + " x " + base + ")");
        }
        return Math.toIntExact(r);
    }
}
