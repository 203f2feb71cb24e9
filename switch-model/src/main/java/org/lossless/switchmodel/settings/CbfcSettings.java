package org.lossless.switchmodel.settings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code switch.cbfc}: credit-based flow control (the Ultra Ethernet link layer's per-class credits) on the classes
 * {@code switch.flow_control} gives {@code cbfc}, on every link (switch to switch, NIC to switch, switch to NIC).
 * Credits are bytes of frame (the Ethernet frame as buffered; preamble and gap cost none), per class and link.
 *
 * @param priorities   the classes under CBFC (0..7), from {@code switch.flow_control}
 * @param credits      the credit the receiver of every link grants per class, bytes; null = {@code auto} (per link:
 *                     {@link #autoCredits})
 * @param creditDelay  time from a credit update's arrival until its credit can be spent (the receiver's and the
 *                     transmitter's handling of the update), ps; null = the default ({@link #DEFAULT_CREDIT_DELAY_PS})
 */
public record CbfcSettings(List<Integer> priorities, Long credits, Long creditDelay) {
    /**
     * {@code switch.cbfc.credit_delay} default: 100 ns. An assumption (the Ultra Ethernet specification leaves the
     * update interval and handling time to the implementation): of the order of a MAC's PFC frame handling.
     */
    public static final long DEFAULT_CREDIT_DELAY_PS = 100_000;

    public CbfcSettings {
        priorities = List.copyOf(priorities);
        if (priorities.isEmpty()) {
            throw new IllegalArgumentException("switch.cbfc needs at least one priority");
        }
        for (int p : priorities) {
            if (p < 0 || p > 7) {
                throw new IllegalArgumentException("switch.cbfc.priorities must be in 0..7, got " + p);
            }
        }
        if (credits != null && credits <= 0) {
            throw new IllegalArgumentException("switch.cbfc.credits must be > 0 bytes, got " + credits);
        }
        if (creditDelay != null && creditDelay < 0) {
            throw new IllegalArgumentException("switch.cbfc.credit_delay must be >= 0, got " + creditDelay + " ps");
        }
    }

    /** Bit p set when class p runs CBFC. */
    public int mask() {
        int m = 0;
        for (int p : priorities) {
            m |= 1 << p;
        }
        return m;
    }

    /** The credit-update handling delay, ps (the default when unset). */
    public long creditDelayPs() {
        return creditDelay == null ? DEFAULT_CREDIT_DELAY_PS : creditDelay;
    }

    /**
     * The credit granted on a link, bytes: {@code credits} when set, else {@link #autoCredits}.
     *
     * @param holdPs how long the receiver holds a frame before freeing its buffer when it is not congested (a
     *               switch's forwarding latency, 0 for a NIC), ps
     */
    public long creditsFor(long rateBps, long cableDelayPs, int frameBytes, long holdPs) {
        return credits != null ? credits : autoCredits(rateBps, cableDelayPs, frameBytes, creditDelayPs() + holdPs);
    }

    /**
     * {@code credits: auto}: the credit that keeps a link busy, the rule {@code lossless headroom --model cbfc}
     * prints:
     * <pre>
     * C = frame + (2 x cable delay + credit frame line time (84 B) + credit delay [+ receiver's hold]) x rate / 8
     * </pre>
     * rounded up to whole largest frames, because a frame starts only on its whole credit (C = 17,854 B would move
     * four 4 KB frames per loop, not 4.46).
     *
     * @param frameBytes the largest frame of the class (as buffered), bytes
     * @param delayPs    credit delay plus any hold at the receiver, ps
     */
    public static long autoCredits(long rateBps, long cableDelayPs, int frameBytes, long delayPs) {
        double loopPs = 2.0 * cableDelayPs + org.lossless.core.net.LinkCredits.WIRE_BYTES * 8e12 / rateBps + delayPs;
        double raw = frameBytes + loopPs * rateBps / 8e12;
        long frames = (long) Math.ceil(raw / frameBytes - 1e-9);
        return frames * frameBytes;
    }

    /** With the credit delay written out (the resolved scenario's form). */
    public CbfcSettings resolved() {
        return new CbfcSettings(priorities, credits, creditDelayPs());
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("priorities", priorities);
        m.put("credits", credits == null ? "auto" : credits);
        m.put("credit_delay", Put.time(creditDelayPs()));
        return m;
    }
}
