package org.lossless.verbs;

/**
 * Bad input to a verbs-validation command (a hosts file, a plan or bundle directory, an option): the
 * message names the file, the key path or line, and the problem; the command line shows it and exits 2.
 */
public final class VerbsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public VerbsException(String message) {
        super(message);
    }

    public VerbsException(String message, Throwable cause) {
        super(message, cause);
    }
}
