package org.lossless.experiments.metrics;

import java.io.IOException;
import java.io.Writer;

/**
 * Rows of a time series, formatted straight into a char buffer and handed to the {@link Writer} in chunks of
 * {@link #CHUNK} characters: no {@code String} per row and no {@code StringBuilder} per number. The telemetry
 * sampler writes a row per busy port per sample (some 100,000 rows in a 320-host run of 2.7 ms), and the
 * {@code Writer.append(CharSequence)} it used made a {@code String} of each.
 *
 * <p>The characters are those of {@code StringBuilder.append}: a long in decimal, a minus sign if negative.
 * Rows are only in this buffer until the next chunk or {@link #drain()}: the owner drains before the writer is
 * flushed or closed (a run that ends without results drops them with the rest).
 */
final class CsvRows {
    /** Characters gathered before they are handed to the writer. */
    static final int CHUNK = 8192;
    /** Room for a long: 19 digits and a sign. */
    private static final int LONG_CHARS = 20;

    private final Writer out;
    private final char[] buf = new char[CHUNK + 64];
    /** Characters in {@link #buf} not yet written; below {@link #CHUNK} between rows. */
    private int len;

    CsvRows(Writer out) {
        this.out = out;
    }

    /** Appends {@code v} in decimal. */
    CsvRows num(long v) throws IOException {
        room(LONG_CHARS);
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                return text("-9223372036854775808".toCharArray());
            }
            buf[len++] = '-';
            v = -v;
        }
        int digits = 1;
        for (long x = v; x >= 10; x /= 10) {
            digits++;
        }
        int end = len + digits;
        for (int i = end - 1; i >= len; i--) {
            buf[i] = (char) ('0' + v % 10);
            v /= 10;
        }
        len = end;
        return this;
    }

    /** Appends {@code c}. */
    CsvRows ch(char c) throws IOException {
        room(1);
        buf[len++] = c;
        return this;
    }

    /** Appends the characters of {@code t} (made once by the caller, e.g. ",node,port,"). */
    CsvRows text(char[] t) throws IOException {
        if (t.length > buf.length) {
            drain();
            out.write(t);
            return this;
        }
        room(t.length);
        System.arraycopy(t, 0, buf, len, t.length);
        len += t.length;
        return this;
    }

    /** Ends the row with a line feed; hands the gathered rows on once they reach {@link #CHUNK}. */
    void endRow() throws IOException {
        ch('\n');
        if (len >= CHUNK) {
            drain();
        }
    }

    /** Characters gathered and not yet handed to the writer. */
    int pending() {
        return len;
    }

    /** Hands every gathered character to the writer (which is not flushed: its owner does that). */
    void drain() throws IOException {
        if (len > 0) {
            out.write(buf, 0, len);
            len = 0;
        }
    }

    private void room(int n) throws IOException {
        if (len + n > buf.length) {
            drain();
        }
    }
}
