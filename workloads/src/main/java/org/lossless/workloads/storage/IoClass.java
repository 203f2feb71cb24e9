package org.lossless.workloads.storage;

import java.util.Objects;

/**
 * One kind of I/O in a mix: its operation, size and relative weight.
 *
 * @param op        read or write
 * @param sizeBytes bytes the I/O moves, &gt; 0
 * @param weight    relative frequency, &gt; 0 (weights of a mix need not sum to 1)
 */
public record IoClass(IoOp op, long sizeBytes, double weight) {
    public IoClass {
        Objects.requireNonNull(op, "op");
        if (sizeBytes <= 0) {
            throw new IllegalArgumentException("I/O size must be > 0 bytes, got " + sizeBytes);
        }
        if (!(weight > 0) || Double.isInfinite(weight)) {
            throw new IllegalArgumentException("I/O weight must be > 0, got " + weight);
        }
    }
}
