package org.lossless.experiments.results;

import java.io.IOException;
import java.io.Writer;

/**
 * Streams CSV rows to a {@link Writer}: rows are built in one reused {@link StringBuilder} and handed on in
 * chunks of about {@link #CHUNK} characters, so writing a file of millions of rows (flows.csv of a large run)
 * holds one chunk, not the whole text (issue 17: a 288 MB flows.csv built as one String took 0.9 GB of heap).
 * The bytes are those of the rows concatenated; call {@link #finish()} after the last row.
 */
final class RowBuffer {
    /** Characters gathered before they are handed to the writer. */
    static final int CHUNK = 1 << 16;

    private final Writer out;
    private final StringBuilder sb = new StringBuilder(CHUNK + 1024);
    private char[] chars = new char[CHUNK + 1024];

    RowBuffer(Writer out) {
        this.out = out;
    }

    /** The builder the current row is appended to. */
    StringBuilder sb() {
        return sb;
    }

    /** Ends the current row with "\n"; hands the gathered rows on once they reach {@link #CHUNK}. */
    void endRow() throws IOException {
        sb.append('\n');
        if (sb.length() >= CHUNK) {
            drain();
        }
    }

    /** Hands on what is left and flushes the writer (which stays open: the caller owns it). */
    void finish() throws IOException {
        drain();
        out.flush();
    }

    private void drain() throws IOException {
        int n = sb.length();
        if (n == 0) {
            return;
        }
        if (chars.length < n) {
            chars = new char[n];
        }
        sb.getChars(0, n, chars, 0);
        out.write(chars, 0, n);
        sb.setLength(0);
    }
}
