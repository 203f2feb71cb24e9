package org.lossless.workloads.spec;

import org.lossless.workloads.yaml.Cursor;

/** Small value readers the storage and datacenter workload readers share. */
final class TrafficKeys {
    private TrafficKeys() {
    }

    /** A size &gt; 0; {@code dflt} when absent (-1: required, {@code example} says what to write). */
    static long positiveSize(Cursor c, long dflt, String example) {
        if (!c.present()) {
            if (dflt < 0) {
                throw c.error("is required (a size such as " + example + ")");
            }
            return dflt;
        }
        long v = c.size();
        if (v <= 0) {
            throw c.error("must be > 0 bytes, e.g. " + example);
        }
        return v;
    }

    /** A positive number ({@code 3}, {@code 0.25}), e.g. a relative weight. */
    static double positiveNumber(Cursor c, String what) {
        String t = c.text(what);
        double v;
        try {
            v = Double.parseDouble(t.strip());
        } catch (NumberFormatException e) {
            throw c.error("expected " + what + " (a number > 0), got '" + t + "'");
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw c.error("expected " + what + " (a number > 0), got " + t);
        }
        return v;
    }

    /** Runs {@code build}, turning a constructor's {@link IllegalArgumentException} into an error at {@code c}. */
    static <T> T build(Cursor c, java.util.function.Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException e) {
            throw c.error(e.getMessage());
        }
    }
}
