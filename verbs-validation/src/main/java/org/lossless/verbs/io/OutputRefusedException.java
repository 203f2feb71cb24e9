package org.lossless.verbs.io;

/** A target that Lossless may not write (it holds something Lossless did not write): bad input, exit 2. */
public final class OutputRefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public OutputRefusedException(String message) {
        super(message);
    }
}
