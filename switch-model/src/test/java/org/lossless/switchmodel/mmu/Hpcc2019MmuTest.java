package org.lossless.switchmodel.mmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The hpcc2019 profile against hand-traced HPCC switch-mmu.cc arithmetic. */
class Hpcc2019MmuTest {
    @Test
    void headroomAndShiftFromThirdCc() {
        assertEquals(37_500, Hpcc2019Config.headroomBytes(100_000_000_000L, 1_000_000));
        assertEquals(150_000, Hpcc2019Config.headroomBytes(400_000_000_000L, 1_000_000));
        assertEquals(3, Hpcc2019Config.shift(100_000_000_000L, 100_000_000_000L));
        assertEquals(2, Hpcc2019Config.shift(200_000_000_000L, 100_000_000_000L));
        assertEquals(1, Hpcc2019Config.shift(400_000_000_000L, 100_000_000_000L));
        assertEquals(0, Hpcc2019Config.shift(1_600_000_000_000L, 100_000_000_000L));
    }

    @Test
    void thresholdCountsReserveOncePerPort() {
        long gbps100 = 100_000_000_000L;
        Hpcc2019Config cfg = Hpcc2019Config.forPorts(32L << 20, new long[] {gbps100, gbps100, 4 * gbps100},
                new long[] {1_000_000, 1_000_000, 1_000_000}, gbps100);
        Hpcc2019Mmu mmu = new Hpcc2019Mmu(cfg);
        long free = (32L << 20) - (37_500 + 37_500 + 150_000) - 3 * 4096;
        assertEquals(free >> 3, mmu.thresholdBytes(0, 3));
        assertEquals(free >> 1, mmu.thresholdBytes(2, 3));
    }

    /** One port of interest (2 ports), shift 0, 2000 B headroom; buffer chosen so that T starts at 3000 B. */
    static Hpcc2019Mmu small() {
        return new Hpcc2019Mmu(new Hpcc2019Config(2000 + 2 * 4096 + 3000, 4096, 3072, new long[] {2000, 0},
                new int[] {0, 0}));
    }

    @Test
    void traceOfReserveSharedHeadroomAndDrop() {
        Hpcc2019Mmu mmu = new Hpcc2019Mmu(new Hpcc2019Config(4096 + 2000 + 4096 + 5000, 4096, 3072,
                new long[] {2000, 0}, new int[] {0, 0}));
        assertEquals(5000, mmu.thresholdBytes(0, 3));
        for (int k = 0; k < 4; k++) {
            assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 1000));
        }
        assertEquals(4000, mmu.reservedBytes(0, 3));
        assertEquals(0, mmu.sharedBytes(0, 3));
        mmu.admit(0, 3, 1, 3, 1000); // ingress 5000: shared += min(1000, 5000 - 4096) = 904
        assertEquals(904, mmu.sharedUsedBytes());
        assertEquals(4096, mmu.thresholdBytes(0, 3));
        mmu.admit(0, 3, 1, 3, 1000); // 6000 - 4096 = 1904 <= 4096: shared 1904
        mmu.admit(0, 3, 1, 3, 1000); // 2904 <= 3096: shared 2904, T = 2096
        assertEquals(2904, mmu.sharedBytes(0, 3));
        assertEquals(2096, mmu.thresholdBytes(0, 3));
        assertTrue(mmu.shouldXoff(0, 3), "shared 2904 >= T 2096");
        mmu.markXoffSent(0, 3);
        mmu.admit(0, 3, 1, 3, 1000); // 3904 > 2096: whole frame to headroom
        mmu.admit(0, 3, 1, 3, 1000); // headroom 2000 = port headroom
        assertEquals(2000, mmu.headroomBytes(0, 3));
        assertEquals(Mmu.DROP_HEADROOM, mmu.admit(0, 3, 1, 3, 1000));
        assertEquals(1, mmu.headroomDrops(0, 3));
        // quirk: headroom is per port but each priority may use all of it. Shared in use 2904, T = 2096.
        for (int k = 0; k < 4; k++) {
            assertEquals(Mmu.ADMIT, mmu.admit(0, 4, 1, 4, 1000)); // priority 4's own reserve
        }
        assertEquals(Mmu.ADMIT, mmu.admit(0, 4, 1, 4, 1000)); // 5000 - 4096 = 904 <= 2096: shared, T = 1192
        assertEquals(1192, mmu.thresholdBytes(0, 4));
        assertEquals(Mmu.ADMIT, mmu.admit(0, 4, 1, 4, 1000)); // 1904 > 1192: headroom 1000
        assertEquals(Mmu.ADMIT, mmu.admit(0, 4, 1, 4, 1000)); // 1000 + 1000 <= 2000: headroom 2000
        assertEquals(4000, mmu.headroomBytes(0, 3) + mmu.headroomBytes(0, 4), "two priorities, 2x the port headroom");
        assertEquals(Mmu.DROP_HEADROOM, mmu.admit(0, 4, 1, 4, 1000)); // 3000 > 2000 and 1904 > 1192
        assertEquals(mmu.ingressTotalBytes(), mmu.egressTotalBytes());
    }

    @Test
    void xonNeedsEmptyHeadroomAndResumeOffset() {
        Hpcc2019Mmu mmu = small();
        assertEquals(3000, mmu.thresholdBytes(0, 3));
        for (int k = 0; k < 4; k++) {
            mmu.admit(0, 3, 1, 3, 1000); // reserve
        }
        mmu.admit(0, 3, 1, 3, 96); // reserve full: 4096
        assertEquals(4096, mmu.reservedBytes(0, 3));
        mmu.admit(0, 3, 1, 3, 400); // 400 <= 3000: shared 400, T = 2600
        assertEquals(2600, mmu.thresholdBytes(0, 3));
        mmu.admit(0, 3, 1, 3, 1000); // 1400 <= 2600: shared 1400, T = 1600
        assertFalse(mmu.shouldXoff(0, 3), "1400 < 1600");
        mmu.admit(0, 3, 1, 3, 300); // 1700 > 1600: whole frame to headroom
        assertEquals(300, mmu.headroomBytes(0, 3));
        assertTrue(mmu.shouldXoff(0, 3));
        mmu.markXoffSent(0, 3);
        mmu.release(0, 3, 1, 3, 100); // headroom first
        assertEquals(200, mmu.headroomBytes(0, 3));
        assertFalse(mmu.shouldXon(0, 3), "headroom still in use");
        mmu.release(0, 3, 1, 3, 200);
        assertEquals(1400, mmu.sharedBytes(0, 3));
        assertFalse(mmu.shouldXon(0, 3), "1400 + 3072 > 1600");
        mmu.release(0, 3, 1, 3, 1400);
        assertTrue(mmu.shouldXon(0, 3), "shared = 0 always resumes");

        Hpcc2019Mmu big = new Hpcc2019Mmu(new Hpcc2019Config(1_000_000, 4096, 3072, new long[] {2000, 0},
                new int[] {3, 3}));
        big.admit(0, 3, 1, 3, 5096); // shared 1000
        big.markXoffSent(0, 3);
        assertTrue(big.shouldXon(0, 3), "1000 + 3072 <= T");
        big.markXonSent(0, 3);
        assertFalse(big.shouldXon(0, 3), "not paused");
    }

    @Test
    void frameLargerThanHeadroomAndThresholdIsDroppedEvenWithAnEmptyReserve() {
        Hpcc2019Mmu mmu = small(); // headroom 2000, T 3000
        assertEquals(Mmu.DROP_HEADROOM, mmu.admit(0, 3, 1, 3, 3001), "the check ignores the reserve (quirk)");
        assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 3000));
        assertEquals(3000, mmu.reservedBytes(0, 3));
    }

    @Test
    void priorityZeroBypassesTheMmu() {
        Hpcc2019Mmu mmu = small();
        for (int k = 0; k < 100; k++) {
            assertEquals(Mmu.ADMIT, mmu.admit(0, 0, 1, 0, 9000));
        }
        assertEquals(0, mmu.ingressTotalBytes());
        assertEquals(0, mmu.egressQueueBytes(1, 0));
        assertFalse(mmu.shouldXoff(0, 0));
        mmu.release(0, 0, 1, 0, 9000);
        assertEquals(0, mmu.ingressTotalBytes());
    }

    @Test
    void randomAdmitsAndReleasesBalanceAndDrainToZero() {
        long g100 = 100_000_000_000L;
        Hpcc2019Mmu mmu = new Hpcc2019Mmu(Hpcc2019Config.forPorts(400_000, new long[] {g100, g100, g100, 4 * g100},
                new long[] {1_000_000, 1_000_000, 1_000_000, 1_000_000}, g100));
        SplittableRandom rnd = new SplittableRandom(7);
        int[][] held = new int[50_000][];
        int n = 0;
        long drops = 0;
        for (int op = 0; op < 20_000; op++) {
            if (n == 0 || rnd.nextDouble() < 0.6) {
                int[] f = {rnd.nextInt(4), 1 + rnd.nextInt(7), rnd.nextInt(4), 0, 64 + rnd.nextInt(1100)};
                f[3] = f[1];
                if (mmu.admit(f[0], f[1], f[2], f[3], f[4]) == Mmu.ADMIT) {
                    held[n++] = f;
                    if (mmu.shouldXoff(f[0], f[1])) {
                        mmu.markXoffSent(f[0], f[1]);
                    }
                } else {
                    drops++;
                }
            } else {
                int k = rnd.nextInt(n);
                int[] f = held[k];
                held[k] = held[--n];
                mmu.release(f[0], f[1], f[2], f[3], f[4]);
                assertTrue(mmu.sharedBytes(f[0], f[1]) >= 0 && mmu.headroomBytes(f[0], f[1]) >= 0);
                if (mmu.shouldXon(f[0], f[1])) {
                    mmu.markXonSent(f[0], f[1]);
                }
            }
            assertEquals(mmu.ingressTotalBytes(), mmu.egressTotalBytes());
            assertTrue(mmu.sharedUsedBytes() >= 0);
        }
        assertTrue(drops > 0, "the run must reach headroom overflow");
        while (n > 0) {
            int[] f = held[--n];
            mmu.release(f[0], f[1], f[2], f[3], f[4]);
            if (mmu.shouldXon(f[0], f[1])) {
                mmu.markXonSent(f[0], f[1]);
            }
        }
        assertEquals(0, mmu.ingressTotalBytes());
        assertEquals(0, mmu.sharedUsedBytes());
        for (int port = 0; port < 4; port++) {
            for (int prio = 0; prio < 8; prio++) {
                assertEquals(0, mmu.reservedBytes(port, prio) + mmu.headroomBytes(port, prio));
                assertFalse(mmu.isPaused(port, prio));
                assertEquals(mmu.xoffCount(port, prio), mmu.xonCount(port, prio));
            }
        }
    }

    @Test
    void controlPrioritiesBypassTheMmuLikeHpccsQueueZero() {
        // priority 7 in the control mask: never charged, dropped or paused, whatever arrives; priority 3 still is
        Hpcc2019Mmu mmu = new Hpcc2019Mmu(new Hpcc2019Config(2000 + 2 * 4096 + 3000, 4096, 3072, new long[] {2000, 0},
                new int[] {0, 0}).withControl(1 << 7));
        for (int i = 0; i < 100; i++) {
            assertEquals(Mmu.ADMIT, mmu.admit(0, 7, 1, 7, 1000));
        }
        assertEquals(0, mmu.ingressTotalBytes(), "nothing charged");
        assertEquals(false, mmu.shouldXoff(0, 7));
        assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 1000));
        assertEquals(1000, mmu.ingressTotalBytes());
        assertEquals(true, new Hpcc2019Config(1, 0, 0, new long[] {0}, new int[] {0}).withControl(0x80).control(0),
                "priority 0 is always HPCC's control queue");
    }
}
