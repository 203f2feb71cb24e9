package org.lossless.switchmodel.mmu;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link MmuConfig}'s limits and its buffer budget at their exact boundaries, in 256 B cells (one port, one PG,
 * one queue, a buffer of 10 cells): ingress = pool + headroom pool + PG reserved + private headroom, egress = pool
 * + queue reserved, each rounded up to whole cells and at most the buffer.
 */
class MmuConfigBudgetTest {
    private static final int CELL = 256;

    private static MmuConfig oneOfEach(PoolConfig in, PgProfile pg, long egressPoolBytes, long queueReserved) {
        return MmuConfig.builder(1).buffer(10 * CELL).cell(CELL).classes(1, 1).pool(in)
                .pool(PoolConfig.egress("out", egressPoolBytes)).pgDefault(pg)
                .queueDefault(new QueueProfile("q", "out", queueReserved, Threshold.fixed(0), true)).build();
    }

    private static PgProfile lossless(long reserved, long headroom) {
        return PgProfile.lossless("pg", "in", reserved, Threshold.fixed(0), headroom, 0);
    }

    private static String refused(Executable e) {
        return assertThrows(IllegalArgumentException.class, e).getMessage();
    }

    @Test
    void ingressPoolReserveAndPrivateHeadroomFillTheBufferExactly() {
        // 4 + 1 + 5 = 10 cells; 1281 B of headroom round up to 6 cells: 11 cells = 2816 B
        assertDoesNotThrow(() -> oneOfEach(PoolConfig.ingress("in", 4 * CELL), lossless(CELL, 5 * CELL), 0, 0));
        String m = refused(() -> oneOfEach(PoolConfig.ingress("in", 4 * CELL), lossless(CELL, 5 * CELL + 1), 0, 0));
        assertTrue(m.contains("ingress buffer over-committed") && m.contains("= 2816 B > switch.buffer_size 2560 B"), m);
        refused(() -> oneOfEach(PoolConfig.ingress("in", 4 * CELL), lossless(CELL + 1, 5 * CELL), 0, 0));
        refused(() -> oneOfEach(PoolConfig.ingress("in", 4 * CELL + 1), lossless(CELL, 5 * CELL), 0, 0));
    }

    @Test
    void aSharedHeadroomPoolReplacesThePgsPrivateHeadroom() {
        // pool 4 + headroom pool 5 + reserved 1 = 10 cells; the PG's 100 cells of headroom come from the shared pool
        assertDoesNotThrow(() -> oneOfEach(PoolConfig.ingress("in", 4 * CELL, 5 * CELL), lossless(CELL, 100 * CELL), 0, 0));
        refused(() -> oneOfEach(PoolConfig.ingress("in", 4 * CELL, 5 * CELL + 1), lossless(CELL, 100 * CELL), 0, 0));
        // a lossy PG has no headroom to count
        assertDoesNotThrow(() -> oneOfEach(PoolConfig.ingress("in", 9 * CELL),
                PgProfile.lossy("l", "in", CELL, Threshold.fixed(0)), 0, 0));
    }

    @Test
    void egressPoolAndQueueReserveFillTheBufferExactly() {
        PoolConfig in = PoolConfig.ingress("in", CELL);
        assertDoesNotThrow(() -> oneOfEach(in, lossless(0, 0), 8 * CELL, 2 * CELL));
        String m = refused(() -> oneOfEach(in, lossless(0, 0), 8 * CELL, 2 * CELL + 1));
        assertTrue(m.contains("egress buffer over-committed") && m.contains("= 2816 B > switch.buffer_size 2560 B"), m);
        refused(() -> oneOfEach(in, lossless(0, 0), 8 * CELL + 1, 2 * CELL));
    }

    @Test
    void sizesAtTheirLimits() {
        PoolConfig in = PoolConfig.ingress("in", 0);
        PoolConfig out = PoolConfig.egress("out", 0);
        PgProfile pg = lossless(0, 0);
        QueueProfile q = new QueueProfile("q", "out", 0, Threshold.fixed(0), true);
        for (int cell : new int[] {1, 65536}) {
            assertDoesNotThrow(() -> MmuConfig.builder(1).buffer(1).cell(cell).classes(1, 1).pool(in).pool(out)
                    .pgDefault(pg).queueDefault(q).build());
        }
        for (int cell : new int[] {0, 65537}) {
            refused(() -> MmuConfig.builder(1).buffer(1).cell(cell).classes(1, 1).pool(in).pool(out)
                    .pgDefault(pg).queueDefault(q).build());
        }
        refused(() -> MmuConfig.builder(1).buffer(0).classes(1, 1).pool(in).pool(out).pgDefault(pg).queueDefault(q).build());
        for (int[] c : new int[][] {{1, 16}, {16, 1}}) {
            assertDoesNotThrow(() -> MmuConfig.builder(1).buffer(1).classes(c[0], c[1]).pool(in).pool(out)
                    .pgDefault(pg).queueDefault(q).build());
        }
        for (int[] c : new int[][] {{0, 1}, {17, 1}, {1, 0}, {1, 17}}) {
            refused(() -> new MmuConfig(1, 1, 1, c[0], c[1], List.of(in, out), List.of(), List.of()));
        }
        String m = refused(() -> new MmuConfig(1, 1, 2, 2, 3, List.of(in, out), List.of(pg, pg, pg), List.of()));
        assertTrue(m.contains("(port, PG): 4, got 3"), m);
        m = refused(() -> new MmuConfig(1, 1, 2, 2, 3, List.of(in, out), List.of(pg, pg, pg, pg), List.of(q)));
        assertTrue(m.contains("(port, queue): 6, got 1"), m);
    }

    @Test
    void profilesAreFoundByPortAndClassAndErrorsNameThem() {
        PgProfile a = lossless(0, 0);
        PgProfile b = PgProfile.lossy("b", "in", 0, Threshold.fixed(0));
        QueueProfile qa = new QueueProfile("qa", "out", 0, Threshold.fixed(0), true);
        QueueProfile qb = new QueueProfile("qb", "out", 0, Threshold.fixed(0), false);
        MmuConfig c = MmuConfig.builder(3).buffer(1000).classes(2, 3).pool(PoolConfig.ingress("in", 0))
                .pool(PoolConfig.egress("out", 0)).pg(2, 0, b).pgDefault(a).queue(1, 2, qb).queueDefault(qa).build();
        assertSame(b, c.pgProfile(2, 0));
        assertSame(a, c.pgProfile(1, 1));
        assertSame(qb, c.queueProfile(1, 2));
        assertSame(qa, c.queueProfile(2, 1));
        assertEquals(1, c.poolIndex("out"));
        assertEquals(-1, c.poolIndex("nope"));
        // profile index 7 of 3 PGs per port is port 2 PG 1; index 10 of 4 queues per port is port 2 queue 2
        List<PgProfile> pgs = new ArrayList<>(Collections.nCopies(9, a));
        pgs.set(7, PgProfile.lossy("x", "missing", 0, Threshold.fixed(0)));
        String m = refused(() -> new MmuConfig(1000, 1, 3, 3, 4, List.of(PoolConfig.ingress("in", 0),
                PoolConfig.egress("out", 0)), pgs, Collections.nCopies(12, qa)));
        assertTrue(m.startsWith("port 2 PG 1 (profile x): unknown pool 'missing'"), m);
        List<QueueProfile> qs = new ArrayList<>(Collections.nCopies(12, qa));
        qs.set(10, new QueueProfile("y", "in", 0, Threshold.fixed(0), false));
        m = refused(() -> new MmuConfig(1000, 1, 3, 3, 4, List.of(PoolConfig.ingress("in", 0),
                PoolConfig.egress("out", 0)), Collections.nCopies(9, a), qs));
        assertTrue(m.startsWith("port 2 queue 2 (profile y): pool in is an ingress pool"), m);
    }
}
