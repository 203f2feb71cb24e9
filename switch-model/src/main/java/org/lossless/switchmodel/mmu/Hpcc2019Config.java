package org.lossless.switchmodel.mmu;

import java.util.Arrays;

/**
 * Parameters of the {@code hpcc2019} switch profile: the HPCC ns-3 MMU (reference §2;
 * alibaba-edu/High-Precision-Congestion-Control {@code switch-mmu.cc} and {@code scratch/third.cc}).
 *
 * @param bufferBytes       the single pool, bytes ({@code BUFFER_SIZE} MiB × 2^20 in HPCC; 32 MiB at 100 G)
 * @param reserveBytes      private bytes per ingress (port, priority): 4 KiB in HPCC
 * @param resumeOffsetBytes XON when shared + offset &le; T: 3 KiB in HPCC
 * @param headroomBytes     headroom per port (each priority of the port may use all of it), bytes; ports are
 *                          numbered 0..n-1 here (HPCC's devices 1..n) and all count in Σ headroom and Σ reserve
 * @param shift             per port: T = free &gt;&gt; shift (α = 2^-shift)
 * @param controlMask       priorities treated as HPCC's queue 0 (its ACK/CNP queue): never charged, dropped,
 *                          paused or resumed; bit 0 always set. {@link org.lossless.switchmodel.settings.MmuFactory}
 *                          adds every priority that is not in {@code switch.pfc.priorities} (HPCC pauses all its
 *                          data queues and never its queue 0), so ACKs on priority 7 (ACK_HIGH_PRIO 1 as imported)
 *                          and CNPs on 6 bypass the MMU as HPCC's do
 */
public record Hpcc2019Config(long bufferBytes, long reserveBytes, long resumeOffsetBytes, long[] headroomBytes,
                             int[] shift, int controlMask) {
    /** HPCC's reserve per (port, priority): 4 KiB. */
    public static final long RESERVE = 4 * 1024;
    /** HPCC's resume offset: 3 KiB. */
    public static final long RESUME_OFFSET = 3 * 1024;
    /** HPCC's shift for ports at the NIC speed: 3 (α = 1/8). */
    public static final int BASE_SHIFT = 3;

    /** HPCC's own numbering: only priority 0 is its control queue. */
    public Hpcc2019Config(long bufferBytes, long reserveBytes, long resumeOffsetBytes, long[] headroomBytes, int[] shift) {
        this(bufferBytes, reserveBytes, resumeOffsetBytes, headroomBytes, shift, 1);
    }

    public Hpcc2019Config {
        if ((controlMask & 1) == 0 || controlMask < 0 || controlMask > 0xFF) {
            throw new IllegalArgumentException("hpcc2019: the control priorities must include 0 and lie in 0..7, got mask "
                    + controlMask);
        }
        if (bufferBytes <= 0) {
            throw new IllegalArgumentException("hpcc2019: buffer must be > 0 bytes, got " + bufferBytes);
        }
        if (reserveBytes < 0 || resumeOffsetBytes < 0) {
            throw new IllegalArgumentException("hpcc2019: reserve and resume offset must be >= 0 bytes");
        }
        if (headroomBytes == null || shift == null || headroomBytes.length == 0
                || headroomBytes.length != shift.length) {
            throw new IllegalArgumentException("hpcc2019: need one headroom and one shift per port (>= 1 port)");
        }
        headroomBytes = headroomBytes.clone();
        shift = shift.clone();
        for (int p = 0; p < shift.length; p++) {
            if (shift[p] < 0 || shift[p] > 31) {
                throw new IllegalArgumentException("hpcc2019: port " + p + " shift must be in 0..31, got " + shift[p]);
            }
            if (headroomBytes[p] < 0) {
                throw new IllegalArgumentException("hpcc2019: port " + p + " headroom must be >= 0, got " + headroomBytes[p]);
            }
        }
    }

    /**
     * HPCC's {@code third.cc} set-up: headroom = 3 × rate × delay / 8 with the delay in whole ns and
     * integer division in HPCC's order (rate·delay/8/10^9, then × 3); shift = 3, minus 1 per halving of
     * the port rate down to the NIC rate (never below 0).
     *
     * @param bufferBytes buffer, bytes
     * @param rateBps     per port line rate
     * @param delayPs     per port one-way propagation delay, ps (truncated to ns as in ns-3)
     * @param nicRateBps  host NIC rate ({@code nic_rate} in third.cc)
     */
    public static Hpcc2019Config forPorts(long bufferBytes, long[] rateBps, long[] delayPs, long nicRateBps) {
        if (rateBps.length != delayPs.length) {
            throw new IllegalArgumentException("hpcc2019: need one rate and one delay per port");
        }
        long[] h = new long[rateBps.length];
        int[] s = new int[rateBps.length];
        for (int p = 0; p < h.length; p++) {
            h[p] = headroomBytes(rateBps[p], delayPs[p]);
            s[p] = shift(rateBps[p], nicRateBps);
        }
        return new Hpcc2019Config(bufferBytes, RESERVE, RESUME_OFFSET, h, s);
    }

    /** 3 × rate × delay / 8, as HPCC computes it: 37,500 B at 100 Gb/s and 1 µs. */
    public static long headroomBytes(long rateBps, long delayPs) {
        long delayNs = delayPs / 1000;
        return rateBps * delayNs / 8 / 1_000_000_000L * 3;
    }

    /** 3 for a port at the NIC rate, one less per doubling above it (400 G over 100 G NICs: 1). */
    public static int shift(long rateBps, long nicRateBps) {
        int s = BASE_SHIFT;
        long r = rateBps;
        while (r > nicRateBps && s > 0) {
            s--;
            r /= 2;
        }
        return s;
    }

    /** A copy whose control priorities (HPCC's queue 0 class) are {@code mask} (bit 0 is added). */
    public Hpcc2019Config withControl(int mask) {
        return new Hpcc2019Config(bufferBytes, reserveBytes, resumeOffsetBytes, headroomBytes, shift, mask | 1);
    }

    /** Whether {@code priority} bypasses the MMU as HPCC's queue 0. */
    public boolean control(int priority) {
        return (controlMask >> priority & 1) != 0;
    }

    public int ports() {
        return shift.length;
    }

    @Override
    public long[] headroomBytes() {
        return headroomBytes.clone();
    }

    @Override
    public int[] shift() {
        return shift.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Hpcc2019Config c && c.bufferBytes == bufferBytes && c.reserveBytes == reserveBytes
                && c.resumeOffsetBytes == resumeOffsetBytes && Arrays.equals(c.headroomBytes, headroomBytes)
                && Arrays.equals(c.shift, shift) && c.controlMask == controlMask;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(bufferBytes) * 31 + Arrays.hashCode(headroomBytes) * 17 + Arrays.hashCode(shift);
    }

    @Override
    public String toString() {
        return "Hpcc2019Config[buffer=" + bufferBytes + "B, reserve=" + reserveBytes + "B, resumeOffset="
                + resumeOffsetBytes + "B, headroom=" + Arrays.toString(headroomBytes) + ", shift=" + Arrays.toString(shift)
                + ", control=0x" + Integer.toHexString(controlMask) + "]";
    }
}
