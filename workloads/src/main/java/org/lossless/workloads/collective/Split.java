package org.lossless.workloads.collective;

/** How NCCL cuts a buffer into equal, 16-byte aligned parts (channels, chunks, slices). */
final class Split {
    private Split() {
    }

    static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    static long alignUp(long a, long align) {
        return ceilDiv(a, align) * align;
    }

    /** Part {@code i} of {@code total} cut into {@code parts} aligned parts: the last ones may be short or empty. */
    static long share(long total, int parts, int i) {
        long per = alignUp(ceilDiv(total, parts), NcclConstants.ALIGN);
        return clamp(total - i * per, per);
    }

    /** {@code v} clamped to [0, max]. */
    static long clamp(long v, long max) {
        return Math.max(0, Math.min(v, max));
    }
}
