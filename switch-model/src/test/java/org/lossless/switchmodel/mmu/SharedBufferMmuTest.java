package org.lossless.switchmodel.mmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class SharedBufferMmuTest {
    static final String IN = "ingress_pool";
    static final String OUT = "egress_pool";
    static final QueueProfile LOSSLESS_Q = new QueueProfile("q", OUT, 0, Threshold.fixed(0), true);

    /** One port, PG 3 with the given profile, everything else lossy dynamic 0, queues lossless. */
    static SharedBufferMmu single(long pool, int cell, PgProfile pg3) {
        return new SharedBufferMmu(MmuConfig.builder(2).buffer(100_000_000).cell(cell)
                .pool(PoolConfig.ingress(IN, pool)).pool(PoolConfig.egress(OUT, 10_000_000))
                .pgAllPorts(3, pg3).pgDefault(PgProfile.lossy("lossy", IN, 0, Threshold.dynamic(0)))
                .queueDefault(LOSSLESS_Q).build());
    }

    @Nested
    class Regions {
        // reserved 1000 B, static_th 5000 B, headroom 3000 B, xon_offset 2000 B, byte cells
        final SharedBufferMmu mmu = single(1_000_000, 1,
                PgProfile.lossless("pg", IN, 1000, Threshold.fixed(5000), 3000, 2000));

        @Test
        void chargesReservedThenSharedThenHeadroomThenDrops() {
            for (int k = 1; k <= 9; k++) {
                assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 1000), "packet " + k);
            }
            assertEquals(1000, mmu.reservedBytes(0, 3));
            assertEquals(5000, mmu.sharedBytes(0, 3));
            assertEquals(3000, mmu.headroomBytes(0, 3));
            assertEquals(Mmu.DROP_HEADROOM, mmu.admit(0, 3, 1, 3, 1000));
            assertEquals(1, mmu.drops(Mmu.DROP_HEADROOM));
            assertEquals(1000, mmu.dropBytes(Mmu.DROP_HEADROOM));
            assertEquals(1, mmu.headroomDrops(0, 3));
            assertEquals(3000, mmu.peakHeadroomBytes(0, 3));
            assertEquals(9000, mmu.ingressTotalBytes());
            assertEquals(9000, mmu.egressTotalBytes());
            assertEquals(9000, mmu.egressQueueBytes(1, 3));
        }

        @Test
        void releasesHeadroomFirstThenSharedThenReserved() {
            for (int k = 0; k < 9; k++) {
                mmu.admit(0, 3, 1, 3, 1000);
            }
            mmu.release(0, 3, 1, 3, 1500);
            assertEquals(1500, mmu.headroomBytes(0, 3));
            assertEquals(5000, mmu.sharedBytes(0, 3));
            mmu.release(0, 3, 1, 3, 2000);
            assertEquals(0, mmu.headroomBytes(0, 3));
            assertEquals(4500, mmu.sharedBytes(0, 3));
            mmu.release(0, 3, 1, 3, 5000);
            assertEquals(0, mmu.sharedBytes(0, 3));
            assertEquals(500, mmu.reservedBytes(0, 3));
            mmu.release(0, 3, 1, 3, 500);
            assertEquals(0, mmu.reservedBytes(0, 3));
            assertEquals(0, mmu.ingressTotalBytes());
            assertEquals(3000, mmu.peakHeadroomBytes(0, 3), "the peak survives releases");
        }

        @Test
        void splitsAFrameBetweenReservedAndShared() {
            mmu.admit(0, 3, 1, 3, 700);
            mmu.admit(0, 3, 1, 3, 700);
            assertEquals(1000, mmu.reservedBytes(0, 3));
            assertEquals(400, mmu.sharedBytes(0, 3));
        }

        @Test
        void neverSplitsBetweenSharedAndHeadroom() {
            mmu.admit(0, 3, 1, 3, 1000);
            mmu.admit(0, 3, 1, 3, 4500);
            mmu.admit(0, 3, 1, 3, 1000); // 4500 + 1000 > 5000: all of it to headroom
            assertEquals(4500, mmu.sharedBytes(0, 3));
            assertEquals(1000, mmu.headroomBytes(0, 3));
        }

        @Test
        void releaseWithoutAdmitIsAnError() {
            mmu.admit(0, 3, 1, 3, 1000);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> mmu.release(0, 3, 1, 3, 1001));
            assertTrue(e.getMessage().contains("port 0 PG 3"), e.getMessage());
        }
    }

    @Nested
    class Cells {
        @Test
        void roundsFramesUpToWholeCells() {
            SharedBufferMmu mmu = single(1_000_000, 96, PgProfile.lossless("pg", IN, 0, Threshold.dynamic(0), 50_000, 0));
            mmu.admit(0, 3, 1, 3, 1000); // 11 cells = 1056 B
            mmu.admit(0, 3, 1, 3, 64); // 1 cell
            assertEquals(12 * 96, mmu.sharedBytes(0, 3));
            assertEquals(12 * 96, mmu.ingressTotalBytes());
            assertEquals(12 * 96, mmu.egressQueueBufferBytes(1, 3));
            assertEquals(1064, mmu.egressQueueBytes(1, 3), "the ECN input stays in frame bytes");
            assertEquals(12 * 96, mmu.poolSharedBytes(0));
        }
    }

    @Nested
    class Pfc {
        @Test
        void broadcomXoffAtThresholdAndXonAtThresholdMinusOffset() {
            SharedBufferMmu mmu = single(1_000_000, 1,
                    PgProfile.lossless("pg", IN, 0, Threshold.fixed(10_000), 50_000, 2000));
            for (int k = 0; k < 9; k++) {
                mmu.admit(0, 3, 1, 3, 1000);
                assertFalse(mmu.shouldXoff(0, 3), "shared " + mmu.sharedBytes(0, 3) + " < 10000");
            }
            mmu.admit(0, 3, 1, 3, 1000);
            assertTrue(mmu.shouldXoff(0, 3), "shared reaches T = 10000");
            mmu.markXoffSent(0, 3);
            assertTrue(mmu.isPaused(0, 3));
            assertFalse(mmu.shouldXoff(0, 3), "no second XOFF while paused");
            mmu.admit(0, 3, 1, 3, 1000); // over T: headroom
            assertEquals(1000, mmu.headroomBytes(0, 3));
            mmu.release(0, 3, 1, 3, 1000); // drains the headroom; shared 10000
            assertFalse(mmu.shouldXon(0, 3));
            mmu.release(0, 3, 1, 3, 1000); // 9000 > 8000
            assertFalse(mmu.shouldXon(0, 3));
            mmu.release(0, 3, 1, 3, 999); // 8001
            assertFalse(mmu.shouldXon(0, 3));
            mmu.release(0, 3, 1, 3, 1); // 8000 = T - xon_offset
            assertTrue(mmu.shouldXon(0, 3));
            mmu.markXonSent(0, 3);
            assertFalse(mmu.shouldXon(0, 3), "no XON when not paused");
            assertEquals(1, mmu.xoffCount(0, 3));
            assertEquals(1, mmu.xonCount(0, 3));
        }

        @Test
        void noXonWhileHeadroomIsInUse() {
            SharedBufferMmu mmu = single(1_000_000, 1,
                    PgProfile.lossless("pg", IN, 0, Threshold.fixed(2000), 50_000, 0));
            mmu.admit(0, 3, 1, 3, 2000);
            mmu.admit(1, 3, 1, 3, 10);
            mmu.admit(0, 3, 1, 3, 3000); // headroom
            mmu.markXoffSent(0, 3);
            mmu.release(0, 3, 1, 3, 2000); // headroom 1000 left, shared 2000
            assertEquals(1000, mmu.headroomBytes(0, 3));
            assertFalse(mmu.shouldXon(0, 3));
            mmu.release(0, 3, 1, 3, 2500); // headroom 0, shared 500 <= 2000 - 0
            assertTrue(mmu.shouldXon(0, 3));
        }

        @Test
        void mellanoxAbsoluteXon() {
            PgProfile p = new PgProfile("pg", IN, 0, Threshold.fixed(10_000), true, 50_000, XonMode.ABSOLUTE, 3000);
            SharedBufferMmu mmu = single(1_000_000, 1, p);
            mmu.admit(0, 3, 1, 3, 10_000);
            assertTrue(mmu.shouldXoff(0, 3));
            mmu.markXoffSent(0, 3);
            mmu.release(0, 3, 1, 3, 6000); // 4000 > 3000
            assertFalse(mmu.shouldXon(0, 3));
            mmu.release(0, 3, 1, 3, 1000); // 3000
            assertTrue(mmu.shouldXon(0, 3));
            assertEquals(3000, mmu.xonLevelBytes(0, 3));
        }

        @Test
        void dynamicThresholdXoffAndXonLevelFollowThePool() {
            // pool 80,000 B, alpha 1/8: one PG alone reaches XOFF when s >= (80000 - s)/8, i.e. s >= 8889
            SharedBufferMmu mmu = single(80_000, 1,
                    PgProfile.lossless("pg", IN, 0, Threshold.dynamic(-3), 50_000, 1000));
            int sent = 0;
            while (!mmu.shouldXoff(0, 3)) {
                assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 100));
                sent += 100;
            }
            assertEquals(8900, sent, "first s = k*100 with s >= (80000 - s) / 8");
            assertEquals((80_000 - 8900) / 8, mmu.thresholdBytes(0, 3));
            mmu.markXoffSent(0, 3);
            // XON at s <= (80000 - s)/8 - 1000, i.e. 9 s <= 72000: s <= 8000
            int s = sent;
            while (!mmu.shouldXon(0, 3)) {
                mmu.release(0, 3, 1, 3, 100);
                s -= 100;
            }
            assertEquals(8000, s);
        }

        @Test
        void lossyPgNeverPauses() {
            SharedBufferMmu mmu = single(10_000, 1, PgProfile.lossy("l", IN, 0, Threshold.fixed(1000)));
            mmu.admit(0, 3, 1, 3, 1000);
            assertFalse(mmu.shouldXoff(0, 3));
            assertEquals(Mmu.DROP_INGRESS_LOSSY, mmu.admit(0, 3, 1, 3, 1));
            assertEquals(1, mmu.drops(Mmu.DROP_INGRESS_LOSSY));
            assertFalse(mmu.shouldXoff(0, 3));
        }
    }

    @Nested
    class Pools {
        @Test
        void sharedHeadroomPoolCapsTheSumOfHeadroom() {
            SharedBufferMmu mmu = new SharedBufferMmu(MmuConfig.builder(2).buffer(1_000_000)
                    .pool(PoolConfig.ingress(IN, 10_000, 4000)).pool(PoolConfig.egress(OUT, 100_000))
                    .pgAllPorts(3, PgProfile.lossless("pg", IN, 0, Threshold.fixed(0), 3000, 0))
                    .pgDefault(PgProfile.lossy("lossy", IN, 0, Threshold.dynamic(0))).queueDefault(LOSSLESS_Q).build());
            for (int k = 0; k < 3; k++) {
                assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 1000));
            }
            assertEquals(Mmu.DROP_HEADROOM, mmu.admit(0, 3, 1, 3, 1000), "per-PG cap 3000");
            assertEquals(Mmu.ADMIT, mmu.admit(1, 3, 0, 3, 1000));
            assertEquals(Mmu.DROP_HEADROOM, mmu.admit(1, 3, 0, 3, 1000), "pool of 4000 is full");
            assertEquals(4000, mmu.headroomPoolBytes(0));
            assertEquals(2, mmu.drops(Mmu.DROP_HEADROOM));
            mmu.release(0, 3, 1, 3, 1000);
            assertEquals(3000, mmu.headroomPoolBytes(0));
            assertEquals(4000, mmu.headroomPoolPeakBytes(0));
        }

        @Test
        void lossyEgressQueueDropsAndChargesNothing() {
            SharedBufferMmu mmu = new SharedBufferMmu(MmuConfig.builder(2).buffer(1_000_000)
                    .pool(PoolConfig.ingress(IN, 100_000)).pool(PoolConfig.egress("lossy_out", 100_000))
                    .pool(PoolConfig.egress(OUT, 100_000))
                    .pgDefault(PgProfile.lossy("lossy", IN, 0, Threshold.dynamic(0)))
                    .queueAllPorts(0, new QueueProfile("eq", "lossy_out", 500, Threshold.fixed(1500), false))
                    .queueDefault(LOSSLESS_Q).build());
            assertEquals(Mmu.ADMIT, mmu.admit(0, 0, 1, 0, 1000)); // 500 reserved + 500 shared
            assertEquals(Mmu.ADMIT, mmu.admit(0, 0, 1, 0, 1000)); // shared 1500
            assertEquals(Mmu.DROP_EGRESS_LOSSY, mmu.admit(0, 0, 1, 0, 1000));
            assertEquals(2000, mmu.ingressTotalBytes());
            assertEquals(2000, mmu.sharedBytes(0, 0), "the dropped frame left no ingress charge");
            assertEquals(1500, mmu.egressThresholdBytes(1, 0));
            assertEquals(1, mmu.drops(Mmu.DROP_EGRESS_LOSSY));
        }

        @Test
        void lossyPgDroppedWhenItsPoolIsFullEvenBelowItsStaticThreshold() {
            SharedBufferMmu mmu = single(3000, 1, PgProfile.lossy("l", IN, 0, Threshold.fixed(1_000_000)));
            assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 2000));
            assertEquals(Mmu.ADMIT, mmu.admit(1, 3, 1, 3, 1000));
            assertEquals(Mmu.DROP_INGRESS_LOSSY, mmu.admit(0, 3, 1, 3, 1));
        }
    }

    @Nested
    class Validation {
        @Test
        void overCommittedIngressIsRejectedWithTheNumbers() {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MmuConfig.builder(2)
                    .buffer(100_000).pool(PoolConfig.ingress(IN, 90_000)).pool(PoolConfig.egress(OUT, 1000))
                    .pgDefault(PgProfile.lossless("pg", IN, 0, Threshold.dynamic(0), 1000, 0))
                    .queueDefault(LOSSLESS_Q).build());
            assertTrue(e.getMessage().contains("106000 B > switch.buffer_size 100000 B"), e.getMessage());
        }

        @Test
        void unknownPoolAndWrongDirectionAreNamed() {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MmuConfig.builder(1)
                    .buffer(100_000).pool(PoolConfig.egress(OUT, 1000))
                    .pgDefault(PgProfile.lossy("x", "nope", 0, Threshold.dynamic(0))).queueDefault(LOSSLESS_Q).build());
            assertTrue(e.getMessage().contains("port 0 PG 0 (profile x): unknown pool 'nope'"), e.getMessage());
            IllegalArgumentException f = assertThrows(IllegalArgumentException.class, () -> MmuConfig.builder(1)
                    .buffer(100_000).pool(PoolConfig.egress(OUT, 1000))
                    .pgDefault(PgProfile.lossy("x", OUT, 0, Threshold.dynamic(0))).queueDefault(LOSSLESS_Q).build());
            assertTrue(f.getMessage().contains("is an egress pool"), f.getMessage());
        }

        @Test
        void profileAndThresholdRanges() {
            assertThrows(IllegalArgumentException.class, () -> Threshold.dynamic(17));
            assertThrows(IllegalArgumentException.class, () -> Threshold.fixed(-1));
            assertThrows(IllegalArgumentException.class,
                    () -> new PgProfile("p", IN, 0, Threshold.dynamic(0), false, 10, XonMode.OFFSET, 0));
            assertThrows(IllegalArgumentException.class, () -> new PoolConfig("p", false, 10, 10));
            assertEquals(0.125, Threshold.dynamic(-3).alpha());
        }
    }
}
