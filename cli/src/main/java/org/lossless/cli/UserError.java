package org.lossless.cli;

/** Bad input found by the command line itself (an option, an output path): exit status 2. */
final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UserError(String message) {
        super(message);
    }
}
