package org.lossless.switchmodel.mmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The hpcc2019 MMU against the HPCC simulator's own formulas (its {@code SwitchMmu}): a hand case, then a
 * random sequence compared step by step with {@link Reference}, a direct statement of those formulas kept
 * here (per port p, priority q: ingress, hdrm, egress bytes; one shared_used).
 *
 * <ul>
 * <li>T(p) = (buffer − Σ headroom − ports × reserve − shared_used) &gt;&gt; shift(p)</li>
 * <li>shared(p, q) = max(0, ingress − reserve)</li>
 * <li>admission fails iff size + hdrm &gt; headroom(p) and size + shared &gt; T(p)</li>
 * <li>update: new = ingress + size; new &le; reserve: ingress = new; else if new − reserve &gt; T: hdrm += size;
 *     else ingress = new, shared_used += min(size, new − reserve); egress(out) += size</li>
 * <li>removal: h = min(hdrm, size); s = min(size − h, shared); hdrm −= h; ingress −= size − h;
 *     shared_used −= s; egress(out) −= size</li>
 * <li>pause iff not paused and (hdrm &gt; 0 or shared &ge; T); resume iff paused, hdrm = 0 and
 *     (shared = 0 or shared + resume_offset &le; T)</li>
 * </ul>
 */
class Hpcc2019FormulaTest {
    private static final long RESERVE = 4096;
    private static final long OFFSET = 3072;

    @Test
    void handCaseThroughXoffHeadroomAndXon() {
        // buffer 100,000 B, ports {0: headroom 10,000, 1: 0}, shift 1: T = (100,000 - 10,000 - 8,192 - used) >> 1
        Hpcc2019Mmu mmu = new Hpcc2019Mmu(new Hpcc2019Config(100_000, RESERVE, OFFSET, new long[] {10_000, 0},
                new int[] {1, 1}));
        assertEquals(40_904, mmu.thresholdBytes(0, 3));
        mmu.admit(0, 3, 1, 3, 1500);
        mmu.admit(0, 3, 1, 3, 1500); // 3000: reserve
        assertEquals(0, mmu.sharedUsedBytes());
        mmu.admit(0, 3, 1, 3, 1500); // 4500: 404 above the reserve, <= T: shared_used 404
        assertEquals(404, mmu.sharedUsedBytes());
        assertEquals(40_702, mmu.thresholdBytes(0, 3));
        mmu.admit(0, 3, 1, 3, 9000); // 13,500: shared 9,404 <= 40,702; used += 9000
        mmu.admit(0, 3, 1, 3, 9000); // 22,500: 18,404 <= (81,808 - 9,404) >> 1 = 36,202
        assertFalse(mmu.shouldXoff(0, 3), "18,404 < (81,808 - 18,404) >> 1 = 31,702");
        mmu.admit(0, 3, 1, 3, 9000); // 31,500: 27,404 <= 31,702
        assertEquals(27_404, mmu.sharedUsedBytes());
        assertEquals(27_202, mmu.thresholdBytes(0, 3));
        assertTrue(mmu.shouldXoff(0, 3), "27,404 >= 27,202");
        mmu.markXoffSent(0, 3);
        assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 1500)); // 28,904 > 27,202: the whole frame to headroom
        assertEquals(1500, mmu.headroomBytes(0, 3));
        assertEquals(27_404, mmu.sharedBytes(0, 3));
        assertEquals(33_000, mmu.egressQueueBytes(1, 3));
        // a frame too big for both the headroom left and the threshold is dropped
        assertEquals(Mmu.DROP_HEADROOM, mmu.admit(0, 3, 1, 3, 9000)); // 9000 + 1500 > 10,000, 9000 + 27,404 > 27,202
        mmu.release(0, 3, 1, 3, 1500); // from headroom
        assertEquals(0, mmu.headroomBytes(0, 3));
        assertFalse(mmu.shouldXon(0, 3), "27,404 + 3,072 > 27,202");
        mmu.release(0, 3, 1, 3, 9000); // all from shared: ingress 22,500, used 18,404, T 31,702
        assertEquals(18_404, mmu.sharedUsedBytes());
        assertEquals(31_702, mmu.thresholdBytes(0, 3));
        assertTrue(mmu.shouldXon(0, 3), "18,404 + 3,072 = 21,476 <= 31,702");
        assertEquals(22_500, mmu.egressQueueBytes(1, 3));
        assertEquals(22_500, mmu.ingressTotalBytes());
        assertEquals(22_500, mmu.egressTotalBytes());
        assertEquals(RESERVE, mmu.reservedBytes(0, 3));
    }

    /** HPCC's SwitchMmu arithmetic, restated (no uint32 wrap: the test keeps the pool far from empty). */
    static final class Reference {
        final long buffer;
        final long[] headroom;
        final int[] shift;
        final long[][] ingress;
        final long[][] hdrm;
        final long[][] egress;
        final boolean[][] paused;
        long sharedUsed;

        Reference(long buffer, long[] headroom, int[] shift) {
            this.buffer = buffer;
            this.headroom = headroom;
            this.shift = shift;
            int n = headroom.length;
            ingress = new long[n][8];
            hdrm = new long[n][8];
            egress = new long[n][8];
            paused = new boolean[n][8];
        }

        long threshold(int port) {
            long totalHdrm = 0;
            for (long h : headroom) {
                totalHdrm += h;
            }
            return (buffer - totalHdrm - headroom.length * RESERVE - sharedUsed) >> shift[port];
        }

        long shared(int port, int q) {
            return Math.max(0, ingress[port][q] - RESERVE);
        }

        boolean admit(int in, int q, int out, int size) {
            if (size + hdrm[in][q] > headroom[in] && size + shared(in, q) > threshold(in)) {
                return false;
            }
            long next = ingress[in][q] + size;
            if (next <= RESERVE) {
                ingress[in][q] = next;
            } else if (next - RESERVE > threshold(in)) {
                hdrm[in][q] += size;
            } else {
                ingress[in][q] = next;
                sharedUsed += Math.min(size, next - RESERVE);
            }
            egress[out][q] += size;
            return true;
        }

        void release(int in, int q, int out, int size) {
            long h = Math.min(hdrm[in][q], size);
            long s = Math.min(size - h, shared(in, q));
            hdrm[in][q] -= h;
            ingress[in][q] -= size - h;
            sharedUsed -= s;
            egress[out][q] -= size;
        }

        boolean shouldPause(int p, int q) {
            return !paused[p][q] && (hdrm[p][q] > 0 || shared(p, q) >= threshold(p));
        }

        boolean shouldResume(int p, int q) {
            return paused[p][q] && hdrm[p][q] == 0 && (shared(p, q) == 0 || shared(p, q) + OFFSET <= threshold(p));
        }
    }

    @Test
    void aRandomSequenceMatchesTheFormulasStepByStep() {
        long[] headroom = {6000, 9000, 0, 12_000};
        int[] shift = {3, 3, 2, 1};
        long buffer = 200_000;
        Hpcc2019Mmu mmu = new Hpcc2019Mmu(new Hpcc2019Config(buffer, RESERVE, OFFSET, headroom, shift));
        Reference ref = new Reference(buffer, headroom, shift);
        SplittableRandom rnd = new SplittableRandom(18);
        List<int[]> held = new ArrayList<>();
        int drops = 0;
        int pauses = 0;
        for (int step = 0; step < 20_000; step++) {
            if (held.isEmpty() || rnd.nextInt(100) < 55) {
                int in = rnd.nextInt(4);
                int q = 1 + rnd.nextInt(7);
                int out = rnd.nextInt(4);
                int size = 64 + rnd.nextInt(4000);
                boolean ok = ref.admit(in, q, out, size);
                assertEquals(ok ? Mmu.ADMIT : Mmu.DROP_HEADROOM, mmu.admit(in, q, out, q, size), "step " + step);
                if (ok) {
                    held.add(new int[] {in, q, out, size});
                    boolean pause = ref.shouldPause(in, q);
                    assertEquals(pause, mmu.shouldXoff(in, q), "XOFF at step " + step);
                    if (pause) {
                        ref.paused[in][q] = true;
                        mmu.markXoffSent(in, q);
                        pauses++;
                    }
                } else {
                    drops++;
                }
            } else {
                int[] f = held.remove(rnd.nextInt(held.size()));
                ref.release(f[0], f[1], f[2], f[3]);
                mmu.release(f[0], f[1], f[2], f[1], f[3]);
                boolean resume = ref.shouldResume(f[0], f[1]);
                assertEquals(resume, mmu.shouldXon(f[0], f[1]), "XON at step " + step);
                if (resume) {
                    ref.paused[f[0]][f[1]] = false;
                    mmu.markXonSent(f[0], f[1]);
                }
            }
            assertEquals(ref.sharedUsed, mmu.sharedUsedBytes(), "shared_used at step " + step);
            for (int p = 0; p < 4; p++) {
                assertEquals(ref.threshold(p), mmu.thresholdBytes(p, 1));
                for (int q = 1; q < 8; q++) {
                    assertEquals(ref.hdrm[p][q], mmu.headroomBytes(p, q));
                    assertEquals(ref.shared(p, q), mmu.sharedBytes(p, q));
                    assertEquals(Math.min(ref.ingress[p][q], RESERVE), mmu.reservedBytes(p, q));
                    assertEquals(ref.egress[p][q], mmu.egressQueueBytes(p, q));
                }
            }
        }
        assertTrue(drops > 0 && pauses > 0, "the sequence reaches XOFF and headroom drops: " + pauses + ", " + drops);
    }

    @Test
    void aFrameEndingExactlyAtTIsSharedAndControlPrioritiesBypassEvenAtTZero() {
        // buffer 100,000 B, headroom 10,000 B on both ports, shift 0: T = 100,000 - 20,000 - 8,192 - used
        Hpcc2019Config cfg = new Hpcc2019Config(100_000, RESERVE, OFFSET, new long[] {10_000, 10_000}, new int[] {0, 0})
                .withControl(1 << 7);
        Hpcc2019Mmu mmu = new Hpcc2019Mmu(cfg);
        assertSame(cfg, mmu.config());
        assertEquals(71_808, mmu.thresholdBytes(0, 3));
        mmu.admit(0, 3, 1, 3, 4096); // exactly the reserve
        assertEquals(0, mmu.sharedUsedBytes());
        // new - reserve = 71,808 = T: not above T, so the frame goes to ingress (shared), not to headroom
        assertEquals(Mmu.ADMIT, mmu.admit(0, 3, 1, 3, 71_808));
        assertEquals(71_808, mmu.sharedUsedBytes());
        assertEquals(0, mmu.headroomBytes(0, 3));
        assertEquals(0, mmu.thresholdBytes(1, 3), "the pool is used up");
        assertTrue(mmu.shouldXoff(1, 3), "HPCC's rule: shared 0 >= T 0");
        // priority 7 is a control priority: never paused, charged or released, whatever T is
        assertFalse(mmu.shouldXoff(1, 7));
        assertEquals(Mmu.ADMIT, mmu.admit(1, 7, 0, 7, 1500));
        assertEquals(0, mmu.egressQueueBytes(0, 7));
        mmu.release(1, 7, 0, 7, 1500);
        assertEquals(4096 + 71_808, mmu.ingressTotalBytes());
        // with T = 0 every further frame of port 0 priority 3 goes whole to headroom; the peak stays at its maximum
        mmu.admit(0, 3, 1, 3, 1500);
        mmu.admit(0, 3, 1, 3, 1500);
        mmu.release(0, 3, 1, 3, 1500);
        assertEquals(1500, mmu.headroomBytes(0, 3));
        assertEquals(3000, mmu.peakHeadroomBytes(0, 3));
    }

    @Test
    void xonExactlyWhenSharedPlusTheResumeOffsetReachesT() {
        // buffer 100,000 B, headroom 10,000 B on both ports, shift 0: T = 71,808 - used. 4096 B of reserve, then
        // 40,000 B shared: T = 31,808 <= 40,000: XOFF. XON needs s + 3072 <= 71,808 - s, i.e. s <= 34,368
        Hpcc2019Mmu mmu = new Hpcc2019Mmu(new Hpcc2019Config(100_000, RESERVE, OFFSET, new long[] {10_000, 10_000},
                new int[] {0, 0}));
        mmu.admit(0, 3, 1, 3, 4096);
        mmu.admit(0, 3, 1, 3, 40_000);
        assertTrue(mmu.shouldXoff(0, 3));
        mmu.markXoffSent(0, 3);
        mmu.release(0, 3, 1, 3, 5631); // s = 34,369: 37,441 > T = 37,439
        assertFalse(mmu.shouldXon(0, 3));
        mmu.release(0, 3, 1, 3, 1); // s = 34,368: 37,440 = T
        assertEquals(37_440, mmu.thresholdBytes(0, 3));
        assertTrue(mmu.shouldXon(0, 3));
        assertFalse(mmu.shouldXon(0, 0), "priority 0 is HPCC's control queue");
    }
}
