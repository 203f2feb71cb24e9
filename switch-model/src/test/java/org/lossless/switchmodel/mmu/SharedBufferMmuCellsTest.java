package org.lossless.switchmodel.mmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link SharedBufferMmu} with 256 B cells: thresholds and XON levels at their exact boundaries, the egress
 * dynamic threshold of a lossy queue and its pool limit, each worked out by hand in cells. A 200 B frame takes
 * one cell (256 B), a 1000 B frame four.
 */
class SharedBufferMmuCellsTest {
    private static final int CELL = 256;
    private static final String IN = "in";
    private static final String OUT = "out";
    private static final QueueProfile LOSSLESS_Q = new QueueProfile("q", OUT, 0, Threshold.fixed(0), true);

    private static SharedBufferMmu withPg3(long ingressPool, PgProfile pg3) {
        return new SharedBufferMmu(MmuConfig.builder(2).buffer(100_000_000).cell(CELL)
                .pool(PoolConfig.ingress(IN, ingressPool)).pool(PoolConfig.egress(OUT, 10_000_000))
                .pgAllPorts(3, pg3).pgDefault(PgProfile.lossy("lossy", IN, 0, Threshold.fixed(0)))
                .queueDefault(LOSSLESS_Q).build());
    }

    @Test
    void xoffExactlyAtAStaticThresholdInCells() {
        // static_th 3072 B = 12 cells; 1000 B frames are 4 cells: 4, 8, then 12 = T
        SharedBufferMmu mmu = withPg3(1_000_000, PgProfile.lossless("pg", IN, 0, Threshold.fixed(3072), 50_000, 0));
        mmu.admit(0, 3, 1, 3, 1000);
        mmu.admit(0, 3, 1, 3, 1000);
        assertEquals(2048, mmu.sharedBytes(0, 3));
        assertFalse(mmu.shouldXoff(0, 3), "8 cells < 12");
        mmu.admit(0, 3, 1, 3, 1000);
        assertEquals(3072, mmu.sharedBytes(0, 3), "three frames of 1000 B hold 12 cells");
        assertTrue(mmu.shouldXoff(0, 3), "12 cells = T");
    }

    @Test
    void xoffExactlyAtADynamicThresholdInCells() {
        // pool 33 cells (8448 B), alpha 1/2: T = (33 - s) >> 1. One-cell frames: s = 10 gives T = 11 (no XOFF,
        // and the 11th frame fits: 10 + 1 <= 11); s = 11 gives T = 11: XOFF exactly at T
        SharedBufferMmu mmu = withPg3(33 * CELL, PgProfile.lossless("pg", IN, 0, Threshold.dynamic(-1), 50_000, 0));
        for (int k = 1; k <= 10; k++) {
            assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 200));
            assertFalse(mmu.shouldXoff(0, 3), "s = " + k + " cells");
        }
        assertEquals(11 * CELL, mmu.thresholdBytes(0, 3));
        assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 200));
        assertEquals(11 * CELL, mmu.sharedBytes(0, 3));
        assertEquals(11 * CELL, mmu.thresholdBytes(0, 3));
        assertTrue(mmu.shouldXoff(0, 3));
        // the next frame no longer fits the shared area (11 + 1 > (33 - 11) >> 1): it goes to headroom
        assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 200));
        assertEquals(CELL, mmu.headroomBytes(0, 3));
    }

    @Test
    void absoluteXonIsWholeCellsAtOrBelowTheConfiguredBytes() {
        // xon 1100 B: usage c x 256 <= 1100 holds for c <= 4 cells (1024 B); 5 cells (1280 B) is above it
        PgProfile p = new PgProfile("pg", IN, 0, Threshold.fixed(12 * CELL), true, 50_000, XonMode.ABSOLUTE, 1100);
        SharedBufferMmu mmu = withPg3(1_000_000, p);
        assertEquals(1024, mmu.xonLevelBytes(0, 3));
        for (int k = 0; k < 12; k++) {
            mmu.admit(0, 3, 1, 3, 200);
        }
        assertTrue(mmu.shouldXoff(0, 3));
        mmu.markXoffSent(0, 3);
        for (int k = 0; k < 7; k++) {
            mmu.release(0, 3, 1, 3, 200);
        }
        assertEquals(5 * CELL, mmu.sharedBytes(0, 3));
        assertFalse(mmu.shouldXon(0, 3), "1280 B > 1100 B");
        mmu.release(0, 3, 1, 3, 200);
        assertTrue(mmu.shouldXon(0, 3), "1024 B <= 1100 B");
    }

    @Test
    void offsetXonIsTheThresholdLessTheOffsetRoundedUpToCells() {
        // T = 12 cells, xon_offset 300 B: XON when s x 256 <= 3072 - 300 = 2772 B, i.e. s <= 10 cells
        SharedBufferMmu mmu = withPg3(1_000_000, PgProfile.lossless("pg", IN, 0, Threshold.fixed(12 * CELL), 50_000, 300));
        assertEquals(10 * CELL, mmu.xonLevelBytes(0, 3));
        for (int k = 0; k < 12; k++) {
            mmu.admit(0, 3, 1, 3, 200);
        }
        mmu.markXoffSent(0, 3);
        mmu.release(0, 3, 1, 3, 200);
        assertFalse(mmu.shouldXon(0, 3), "11 cells = 2816 B > 2772 B");
        mmu.release(0, 3, 1, 3, 200);
        assertTrue(mmu.shouldXon(0, 3), "10 cells = 2560 B");
    }

    /** Ingress never limits (lossy, static 1 MB); egress queue 0 lossy in pool "lossy_out" of {@code poolCells}. */
    private static SharedBufferMmu lossyEgress(long poolCells, Threshold queueThreshold) {
        return new SharedBufferMmu(MmuConfig.builder(2).buffer(100_000_000).cell(CELL)
                .pool(PoolConfig.ingress(IN, 10_000_000)).pool(PoolConfig.egress("lossy_out", poolCells * CELL))
                .pool(PoolConfig.egress(OUT, 10_000_000))
                .pgDefault(PgProfile.lossy("lossy", IN, 0, Threshold.fixed(1_000_000)))
                .queueAllPorts(0, new QueueProfile("eq", "lossy_out", 0, queueThreshold, false))
                .queueDefault(LOSSLESS_Q).build());
    }

    @Test
    void lossyEgressDynamicThresholdIsAlphaTimesWhatThePoolHasFree() {
        // pool 10 cells, alpha 1: a one-cell frame fits while s + 1 <= 10 - s, i.e. s <= 4: five frames, then a drop
        SharedBufferMmu mmu = lossyEgress(10, Threshold.dynamic(0));
        for (int k = 1; k <= 5; k++) {
            assertEquals(Mmu.ADMIT, mmu.admit(0, 0, 1, 0, 200), "frame " + k);
        }
        assertEquals(5 * CELL, mmu.egressThresholdBytes(1, 0), "alpha x (10 - 5) cells");
        assertEquals(Mmu.DROP_EGRESS_LOSSY, mmu.admit(0, 0, 1, 0, 200));
        assertEquals(5 * CELL, mmu.egressQueueBufferBytes(1, 0));
        assertEquals(5 * 200, mmu.egressQueueBytes(1, 0), "frame bytes, not cells");
        assertEquals(5 * CELL, mmu.ingressTotalBytes(), "the drop charged nothing");
    }

    @Test
    void aLossyEgressQueueStopsAtItsPoolEvenBelowItsThreshold() {
        // static 100 cells but a pool of 6 cells: 1000 B frames (4 cells) fit once, the second would need 8
        SharedBufferMmu mmu = lossyEgress(6, Threshold.fixed(100L * CELL));
        assertEquals(Mmu.ADMIT, mmu.admit(0, 0, 1, 0, 1000));
        assertEquals(Mmu.DROP_EGRESS_LOSSY, mmu.admit(0, 0, 1, 0, 1000));
        assertEquals(Mmu.ADMIT, mmu.admit(0, 0, 1, 0, 200), "4 + 1 <= 6 cells");
        assertEquals(Mmu.ADMIT, mmu.admit(0, 0, 1, 0, 200), "6 cells: the pool is full");
        assertEquals(Mmu.DROP_EGRESS_LOSSY, mmu.admit(0, 0, 1, 0, 200));
        assertEquals(6 * CELL, mmu.poolSharedBytes(mmu.config().poolIndex("lossy_out")));
    }

    @Test
    void poolPeaksAreTheHighestSharedUseAndPrivateHeadroomLeavesNoHeadroomPoolCharge() {
        // static T = 12 cells, no shared headroom pool: three 1000 B frames fill 12 shared cells on both sides,
        // a fourth goes whole to the PG's private headroom (4 cells); then two releases: headroom first, then shared
        SharedBufferMmu mmu = withPg3(1_000_000, PgProfile.lossless("pg", IN, 0, Threshold.fixed(12 * CELL), 50_000, 0));
        int in = mmu.config().poolIndex(IN);
        int out = mmu.config().poolIndex(OUT);
        for (int k = 0; k < 4; k++) {
            assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 1000));
        }
        assertEquals(4 * CELL, mmu.headroomBytes(0, 3));
        assertEquals(0, mmu.headroomPoolBytes(in), "private headroom is not a shared headroom pool's");
        assertEquals(0, mmu.headroomPoolPeakBytes(in));
        mmu.release(0, 3, 1, 3, 1000);
        mmu.release(0, 3, 1, 3, 1000);
        assertEquals(8 * CELL, mmu.poolSharedBytes(in), "12 - 4 cells");
        assertEquals(12 * CELL, mmu.poolPeakSharedBytes(in));
        assertEquals(8 * CELL, mmu.poolSharedBytes(out), "egress: 16 - 8 cells (no reserve)");
        assertEquals(16 * CELL, mmu.poolPeakSharedBytes(out), "the egress side never pauses: all four frames");
        assertEquals(4 * CELL, mmu.peakHeadroomBytes(0, 3));
        assertTrue(mmu.isLossless(0, 3));
        assertFalse(mmu.isLossless(0, 2), "the default PG is lossy");
    }

    @Test
    void aSharedHeadroomPoolIsChargedInCellsUpToItsSize() {
        // T = 4 cells, shared headroom pool 10 cells: 4 one-cell frames to shared, then 1 + 4 cells of headroom
        SharedBufferMmu mmu = new SharedBufferMmu(MmuConfig.builder(2).buffer(100_000_000).cell(CELL)
                .pool(PoolConfig.ingress(IN, 1_000_000, 10 * CELL)).pool(PoolConfig.egress(OUT, 10_000_000))
                .pgAllPorts(3, PgProfile.lossless("pg", IN, 0, Threshold.fixed(4 * CELL), 50_000, 0))
                .pgDefault(PgProfile.lossy("lossy", IN, 0, Threshold.fixed(0))).queueDefault(LOSSLESS_Q).build());
        int in = mmu.config().poolIndex(IN);
        for (int k = 0; k < 5; k++) {
            assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 200));
        }
        assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 1000));
        assertEquals(5 * CELL, mmu.headroomPoolBytes(in));
        mmu.release(0, 3, 1, 3, 200); // from headroom first
        assertEquals(4 * CELL, mmu.headroomPoolBytes(in));
        assertEquals(5 * CELL, mmu.headroomPoolPeakBytes(in));
        assertEquals(4 * CELL, mmu.sharedBytes(0, 3));
        assertEquals(Mmu.ADMIT, mmu.admit(1, 3, 0, 3, 1000), "port 1: shared 4 cells, its own T");
        assertEquals(Mmu.ADMIT, mmu.admit(1, 3, 0, 3, 1000), "port 1 headroom: 4 + 4 = 8 <= 10 cells of the pool");
        assertEquals(Mmu.DROP_HEADROOM, mmu.admit(0, 3, 1, 3, 1000), "8 + 4 > 10 cells");
        assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 200));
        assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 200), "10 cells: the pool is full");
        assertEquals(Mmu.DROP_HEADROOM, mmu.admit(0, 3, 1, 3, 200));
        assertEquals(10 * CELL, mmu.headroomPoolPeakBytes(in));
    }

    @Test
    void anIdlePgDoesNotPauseWhenOthersFilledThePoolButItsFirstFrameDoes() {
        // ingress pool 4 cells, all of it taken by lossy PG 0 of port 0 (static 4 cells): port 1's lossless PG 3
        // (alpha 1) has T = 1 x 0 free cells = 0 with nothing in shared: no XOFF; its first frame goes to headroom
        SharedBufferMmu mmu = new SharedBufferMmu(MmuConfig.builder(2).buffer(100_000_000).cell(CELL)
                .pool(PoolConfig.ingress(IN, 4 * CELL)).pool(PoolConfig.egress(OUT, 10_000_000))
                .pgAllPorts(3, PgProfile.lossless("pg", IN, 0, Threshold.dynamic(0), 50_000, 0))
                .pgDefault(PgProfile.lossy("lossy", IN, 0, Threshold.fixed(4 * CELL))).queueDefault(LOSSLESS_Q).build());
        for (int k = 0; k < 4; k++) {
            assertEquals(Mmu.ADMIT, mmu.admit(0, 0, 1, 0, 200));
        }
        assertEquals(Mmu.DROP_INGRESS_LOSSY, mmu.admit(0, 0, 1, 0, 200), "the pool is full");
        assertEquals(0, mmu.thresholdBytes(1, 3));
        assertFalse(mmu.shouldXoff(1, 3), "nothing in shared: nothing to pause");
        assertEquals(Mmu.ADMIT, mmu.admit(1, 3, 0, 3, 200));
        assertEquals(CELL, mmu.headroomBytes(1, 3));
        assertTrue(mmu.shouldXoff(1, 3), "headroom in use");
    }

    @Test
    void aLossyQueuesReservedCellsAdmitEvenWhenLosslessQueuesOverfilledTheirSharedPool() {
        // egress pool "eout" 4 cells holds lossless queue 3 (never limited at egress) and lossy queue 0 with one
        // reserved cell: 8 one-cell frames put the pool's shared use at 8 > 4 cells; queue 0's first frame fits its
        // own reserved cell, the second needs shared room the pool does not have
        SharedBufferMmu mmu = new SharedBufferMmu(MmuConfig.builder(2).buffer(100_000_000).cell(CELL)
                .pool(PoolConfig.ingress(IN, 10_000_000)).pool(PoolConfig.egress("eout", 4 * CELL))
                .pgDefault(PgProfile.lossy("lossy", IN, 0, Threshold.fixed(1_000_000)))
                .queueAllPorts(3, new QueueProfile("lq", "eout", 0, Threshold.fixed(0), true))
                .queueDefault(new QueueProfile("eq", "eout", CELL, Threshold.fixed(100L * CELL), false)).build());
        for (int k = 0; k < 8; k++) {
            assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 200));
        }
        assertEquals(8 * CELL, mmu.poolSharedBytes(mmu.config().poolIndex("eout")));
        assertEquals(Mmu.ADMIT, mmu.admit(0, 0, 1, 0, 200), "into queue 0's reserved cell");
        assertEquals(Mmu.DROP_EGRESS_LOSSY, mmu.admit(0, 0, 1, 0, 200), "8 + 1 > 4 shared cells");
        assertEquals(CELL, mmu.egressQueueBufferBytes(1, 0));
    }
}
