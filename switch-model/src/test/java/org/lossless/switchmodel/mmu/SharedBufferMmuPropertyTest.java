package org.lossless.switchmodel.mmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Property-style checks with a seeded random: thousands of admissions and releases across ports,
 * lossless and lossy PGs, shared headroom, lossy egress queues and cells. An independent ledger in the
 * test tracks what each (port, PG) and (port, queue) must hold.
 */
class SharedBufferMmuPropertyTest {
    static final int PORTS = 4;

    static MmuConfig config(int cell, boolean sharedHeadroom) {
        PoolConfig inLossless = PoolConfig.ingress("ingress_lossless_pool", 200_000, sharedHeadroom ? 50_000 : 0);
        MmuConfig.Builder b = MmuConfig.builder(PORTS).buffer(10_000_000).cell(cell)
                .pool(inLossless).pool(PoolConfig.ingress("ingress_lossy_pool", 100_000))
                .pool(PoolConfig.egress("egress_lossless_pool", 1_000_000))
                .pool(PoolConfig.egress("egress_lossy_pool", 150_000));
        PgProfile lossless = PgProfile.lossless("pg_lossless", "ingress_lossless_pool", 1248, Threshold.dynamic(-3),
                20_000, 2496);
        b.pgAllPorts(3, lossless).pgAllPorts(4, lossless)
                .pgAllPorts(0, PgProfile.lossy("pg_lossy0", "ingress_lossy_pool", 0, Threshold.dynamic(0)))
                .pgDefault(PgProfile.lossy("pg_lossy", "ingress_lossy_pool", 500, Threshold.fixed(30_000)));
        QueueProfile ll = new QueueProfile("egress_lossless", "egress_lossless_pool", 0, Threshold.fixed(900_000), true);
        b.queueAllPorts(3, ll).queueAllPorts(4, ll)
                .queueDefault(new QueueProfile("egress_lossy", "egress_lossy_pool", 1518, Threshold.dynamic(3), false));
        return b.build();
    }

    @ParameterizedTest(name = "cell {0}, shared headroom {1}, seed {2}")
    @CsvSource({"1, false, 1", "96, true, 2", "256, false, 3", "144, true, 4"})
    void accountingNeverNegativeBalancedAndBackToZero(int cell, boolean shp, long seed) {
        MmuConfig cfg = config(cell, shp);
        SharedBufferMmu mmu = new SharedBufferMmu(cfg);
        SplittableRandom rnd = new SplittableRandom(seed);
        int cap = 100_000;
        int[] hIn = new int[cap];
        int[] hPg = new int[cap];
        int[] hOut = new int[cap];
        int[] hQ = new int[cap];
        int[] hBytes = new int[cap];
        int held = 0;
        long[] pgCells = new long[PORTS * 8];
        long[] qCells = new long[PORTS * 8];
        long totalCells = 0;
        int[] pgsUsed = {0, 1, 3, 4, 6};
        long admitted = 0;
        long dropped = 0;
        for (int op = 0; op < 20_000; op++) {
            boolean doAdmit = held == 0 || rnd.nextDouble() < 0.55;
            if (doAdmit) {
                int in = rnd.nextInt(PORTS);
                int pg = pgsUsed[rnd.nextInt(pgsUsed.length)];
                int out = rnd.nextInt(PORTS);
                int q = rnd.nextDouble() < 0.9 ? pg : rnd.nextInt(8);
                int bytes = 64 + rnd.nextInt(4200);
                int r = mmu.admit(in, pg, out, q, bytes);
                if (r == Mmu.ADMIT) {
                    hIn[held] = in;
                    hPg[held] = pg;
                    hOut[held] = out;
                    hQ[held] = q;
                    hBytes[held] = bytes;
                    held++;
                    long c = mmu.cellsOf(bytes);
                    pgCells[in * 8 + pg] += c;
                    qCells[out * 8 + q] += c;
                    totalCells += c;
                    admitted++;
                    if (mmu.shouldXoff(in, pg)) {
                        mmu.markXoffSent(in, pg);
                    }
                } else {
                    dropped++;
                    assertTrue(r == Mmu.DROP_HEADROOM ? (pg == 3 || pg == 4) : true, "only lossless PGs drop for headroom");
                }
                checkPg(mmu, cfg, in, pg, pgCells[in * 8 + pg]);
            } else {
                int k = rnd.nextInt(held);
                int in = hIn[k];
                int pg = hPg[k];
                long c = mmu.cellsOf(hBytes[k]);
                mmu.release(in, pg, hOut[k], hQ[k], hBytes[k]);
                pgCells[in * 8 + pg] -= c;
                qCells[hOut[k] * 8 + hQ[k]] -= c;
                totalCells -= c;
                held--;
                hIn[k] = hIn[held];
                hPg[k] = hPg[held];
                hOut[k] = hOut[held];
                hQ[k] = hQ[held];
                hBytes[k] = hBytes[held];
                if (mmu.shouldXon(in, pg)) {
                    mmu.markXonSent(in, pg);
                }
                checkPg(mmu, cfg, in, pg, pgCells[in * 8 + pg]);
            }
            assertEquals(totalCells * cell, mmu.ingressTotalBytes());
            assertEquals(mmu.ingressTotalBytes(), mmu.egressTotalBytes(), "ingress total == egress total");
            if (op % 500 == 0) {
                checkAll(mmu, cfg, pgCells, qCells);
            }
        }
        assertTrue(dropped > 100 && admitted > 5000, "the run must exercise drops and admissions: " + dropped + "/" + admitted);
        assertTrue(mmu.drops(Mmu.DROP_HEADROOM) + mmu.drops(Mmu.DROP_INGRESS_LOSSY) + mmu.drops(Mmu.DROP_EGRESS_LOSSY) == dropped);
        while (held > 0) {
            held--;
            mmu.release(hIn[held], hPg[held], hOut[held], hQ[held], hBytes[held]);
            if (mmu.shouldXon(hIn[held], hPg[held])) {
                mmu.markXonSent(hIn[held], hPg[held]);
            }
        }
        assertEquals(0, mmu.ingressTotalBytes());
        assertEquals(0, mmu.egressTotalBytes());
        for (int p = 0; p < cfg.pools().size(); p++) {
            assertEquals(0, mmu.poolSharedBytes(p), "pool " + p);
            assertEquals(0, mmu.headroomPoolBytes(p));
        }
        long xoffs = 0;
        for (int port = 0; port < PORTS; port++) {
            for (int pg = 0; pg < 8; pg++) {
                assertEquals(0, mmu.reservedBytes(port, pg) + mmu.sharedBytes(port, pg) + mmu.headroomBytes(port, pg));
                assertEquals(0, mmu.egressQueueBytes(port, pg));
                assertEquals(0, mmu.egressQueueBufferBytes(port, pg));
                assertFalse(mmu.isPaused(port, pg), "every XOFF is matched by an XON once drained");
                assertEquals(mmu.xoffCount(port, pg), mmu.xonCount(port, pg));
                xoffs += mmu.xoffCount(port, pg);
            }
        }
        assertTrue(xoffs > 0, "the run must exercise PFC");
    }

    private static void checkPg(SharedBufferMmu mmu, MmuConfig cfg, int port, int pg, long expectCells) {
        long c = cfg.cellBytes();
        long r = mmu.reservedBytes(port, pg);
        long s = mmu.sharedBytes(port, pg);
        long h = mmu.headroomBytes(port, pg);
        assertTrue(r >= 0 && s >= 0 && h >= 0, "negative region at port " + port + " PG " + pg);
        assertEquals(expectCells * c, r + s + h, "regions of port " + port + " PG " + pg);
        PgProfile p = cfg.pgProfile(port, pg);
        assertTrue(r <= mmu.cellsOf(p.reservedBytes()) * c, "reserved within its size");
        assertTrue(h <= mmu.cellsOf(p.headroomBytes()) * c, "headroom within its cap");
        assertTrue(h <= mmu.peakHeadroomBytes(port, pg));
    }

    private static void checkAll(SharedBufferMmu mmu, MmuConfig cfg, long[] pgCells, long[] qCells) {
        long c = cfg.cellBytes();
        for (int port = 0; port < PORTS; port++) {
            for (int i = 0; i < 8; i++) {
                checkPg(mmu, cfg, port, i, pgCells[port * 8 + i]);
                assertEquals(qCells[port * 8 + i] * c, mmu.egressQueueBufferBytes(port, i));
            }
        }
        for (int p = 0; p < cfg.pools().size(); p++) {
            PoolConfig pool = cfg.pools().get(p);
            assertTrue(mmu.poolSharedBytes(p) >= 0 && mmu.headroomPoolBytes(p) >= 0);
            if (pool.ingress()) {
                assertTrue(mmu.poolSharedBytes(p) <= mmu.cellsOf(pool.sizeBytes()) * c, "ingress pool within its size");
                assertTrue(mmu.headroomPoolBytes(p) <= mmu.cellsOf(pool.headroomPoolBytes()) * c);
            }
        }
    }
}
