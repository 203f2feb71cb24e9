package org.lossless.core.kernel;

/**
 * What another thread threw, thrown again on the thread that waited for it: the same object when unchecked (its
 * message and type reach the user unchanged), else wrapped. For the partitioned engine's workers and the other threads
 * a run starts beside it (the result files' writers, the jobs' ideal).
 */
public final class Rethrow {
    private Rethrow() {
    }

    /**
     * Throws {@code t} if it is a {@link RuntimeException} or an {@link Error}; else returns it wrapped in an
     * {@link IllegalStateException}, for the caller to throw ({@code throw Rethrow.unchecked(t)}).
     */
    public static RuntimeException unchecked(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
