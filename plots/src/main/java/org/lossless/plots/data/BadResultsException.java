package org.lossless.plots.data;

/** A result file that cannot be read as one: the message names the file (and line) and the problem. */
public final class BadResultsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadResultsException(String message) {
        super(message);
    }
}
