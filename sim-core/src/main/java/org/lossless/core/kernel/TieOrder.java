package org.lossless.core.kernel;

/**
 * How a {@link Kernel} orders events due at the same picosecond.
 */
public enum TieOrder {
    /**
     * In the order they were scheduled (first in, first out): the order of sequential packet runs (no {@code --threads}):
     * changing it moves results that published validations check. Runs with {@code --threads} use {@link #SOURCE}.
     */
    FIFO,
    /**
     * By a key that does not depend on how the run is cut into partitions ({@link SimEvent}): global events first,
     * then source by source (the sources' order changing every microsecond), each source's events in the order it
     * first scheduled them. The order of the {@link ParallelEngine}, whatever its partitions and threads; a kernel with
     * it gives the same results as the parallel engine.
     */
    SOURCE
}
