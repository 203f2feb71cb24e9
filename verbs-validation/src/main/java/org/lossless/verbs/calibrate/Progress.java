package org.lossless.verbs.calibrate;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Progress lines of a long calibration: every stage and phase, and within a phase a line at most every
 * {@value #EVERY_S} s (evaluations done of the cap, simulations, best cost, elapsed time). Console only:
 * nothing of it reaches the result files.
 */
final class Progress {
    static final int EVERY_S = 5;
    private final PrintWriter out;
    private final long start = System.nanoTime();
    private long last = start;

    /** @param out where lines go, or null for none */
    Progress(PrintWriter out) {
        this.out = out;
    }

    void say(String line) {
        if (out != null) {
            out.println(line);
            out.flush();
            last = System.nanoTime();
        }
    }

    /** Prints the line when {@value #EVERY_S} s have passed since the last one. */
    void tick(Supplier<String> line) {
        if (out != null && System.nanoTime() - last >= EVERY_S * 1_000_000_000L) {
            say(line.get() + String.format(Locale.ROOT, " (%.0f s)", (System.nanoTime() - start) / 1e9));
        }
    }
}
