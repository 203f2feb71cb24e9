package org.lossless.workloads.simai;

/** A SimAI workload file that cannot be run; the message names the file, the line and the column. */
public final class SimaiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SimaiException(String message) {
        super(message);
    }
}
