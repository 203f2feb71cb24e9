package org.lossless.switchmodel.mmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link SharedBufferMmu} packs a record's pool index into 16 bits: pool indices 0..65,535 work, a config whose PG
 * uses pool index 65,536 is refused when the MMU is built (not silently charged to pool 0). One port, one PG, one
 * queue, 1 B cells; the egress pool is index 0, the fillers are empty ingress pools.
 */
class SharedBufferMmuPoolIndexTest {
    private static final QueueProfile LOSSLESS_Q = new QueueProfile("q", "out", 0, Threshold.fixed(0), true);

    /** Egress pool "out" at index 0, empty ingress fillers, then ingress pool "last" (4096 B) at {@code lastIndex}. */
    private static MmuConfig lastPoolAt(int lastIndex) {
        MmuConfig.Builder b = MmuConfig.builder(1).buffer(8192).cell(1).classes(1, 1)
                .pool(PoolConfig.egress("out", 4096));
        for (int i = 1; i < lastIndex; i++) {
            b.pool(PoolConfig.ingress("f" + i, 0));
        }
        return b.pool(PoolConfig.ingress("last", 4096))
                .pgDefault(PgProfile.lossy("pg", "last", 0, Threshold.fixed(4096)))
                .queueDefault(LOSSLESS_Q).build();
    }

    @Test
    void poolIndex65535IsChargedToThatPool() {
        MmuConfig config = lastPoolAt(65_535);
        assertEquals(65_535, config.poolIndex("last"));
        SharedBufferMmu mmu = new SharedBufferMmu(config);
        // no reserve anywhere: the 1000 B frame goes to the PG's shared area (pool 65,535) and the queue's (pool 0)
        assertEquals(Mmu.ADMIT, mmu.admit(0, 0, 0, 0, 1000));
        assertEquals(1000, mmu.sharedBytes(0, 0));
        assertEquals(1000, mmu.poolSharedBytes(65_535));
        assertEquals(1000, mmu.poolSharedBytes(0));
        assertEquals(0, mmu.poolSharedBytes(65_534));
    }

    @Test
    void poolIndex65536IsRefused() {
        MmuConfig config = lastPoolAt(65_536);
        String m = assertThrows(IllegalArgumentException.class, () -> new SharedBufferMmu(config)).getMessage();
        assertTrue(m.contains("pool index out of range: 65536"), m);
    }
}
