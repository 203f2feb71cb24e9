package org.lossless.cli;

import java.io.PrintStream;

/**
 * Where a command's progress display goes and what it may draw there: whether the user's stderr is a terminal
 * (a progress bar redrawn in place; otherwise a plain line now and then), the terminal's width in columns if known
 * (-1: the bar library asks the terminal itself), and the stream the bar writes to.
 *
 * @param attached whether stderr is a terminal
 * @param columns  the terminal's width, or -1 when the bar should find it out itself
 * @param stream   where the bar is drawn
 */
public record Terminal(boolean attached, int columns, PrintStream stream) {
    public Terminal {
        if (stream == null) {
            throw new IllegalArgumentException("a terminal needs a stream");
        }
        if (columns < -1 || columns == 0) {
            throw new IllegalArgumentException("columns must be -1 (unknown) or positive: " + columns);
        }
    }

    /** This process's own: a terminal when the JVM has a console, the bar on {@code System.err}. */
    public static Terminal local() {
        return new Terminal(System.console() != null, -1, System.err);
    }
}
