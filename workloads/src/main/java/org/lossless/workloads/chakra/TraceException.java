package org.lossless.workloads.chakra;

/**
 * A trace that cannot be run, with a message that names the file and, where there is one, the node and what is
 * wrong with it ({@code x.3.et: node 17 'all_reduce': unknown node type 12}). The scenario reader turns it into an
 * error on the key that named the trace.
 */
public final class TraceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TraceException(String message) {
        super(message);
    }
}
