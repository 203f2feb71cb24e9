package org.lossless.workloads.storage;

import java.util.Locale;

/** What a storage I/O does to the storage: a read brings data to the initiator, a write takes it away. */
public enum IoOp {
    READ,
    WRITE;

    /** Lower-case name as in result files ({@code read}, {@code write}). */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
