package org.lossless.core.spill;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SpillBudgetsTest {
    private static final long MIB = 1L << 20;

    @Test
    void sharesOfTheHeapWithinTheirBounds() {
        // 1 GiB: an eighth 128 MiB, a sixteenth 64 MiB
        assertEquals(128 * MIB, SpillBudgets.percentiles(1024 * MIB));
        assertEquals(64 * MIB, SpillBudgets.sentLog(1024 * MIB));
        assertEquals(192 * MIB, SpillBudgets.total(1024 * MIB));
        // 64 MiB: 8 and 4 MiB, raised to the least, 16 and 8 MiB
        assertEquals(16 * MIB, SpillBudgets.percentiles(64 * MIB));
        assertEquals(8 * MIB, SpillBudgets.sentLog(64 * MIB));
        // 64 GiB: 8 and 4 GiB, held to the most, 512 and 256 MiB
        assertEquals(512 * MIB, SpillBudgets.percentiles(64 * 1024 * MIB));
        assertEquals(256 * MIB, SpillBudgets.sentLog(64 * 1024 * MIB));
        assertEquals(768 * MIB, SpillBudgets.total(Long.MAX_VALUE));
    }
}
