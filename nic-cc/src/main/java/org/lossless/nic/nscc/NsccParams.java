package org.lossless.nic.nscc;

import java.util.HashMap;
import java.util.Map;

import org.lossless.core.settings.Bounds;
import org.lossless.core.settings.Section;
import org.lossless.nic.cc.CcKeys;
import org.lossless.nic.cc.CcValues;

/**
 * NSCC's parameters ({@code nic.uet.nscc}). Defaults are those of the Ultra Ethernet 1.0 NSCC as the UEC's reference
 * simulator (htsim, {@code UecSrc::initNsccParams}) sets them: a target queueing delay of 0.75 x the base RTT when
 * switches trim (the base RTT without trimming), a largest window of 1.5 BDP, a multiplicative-decrease gain of
 * 0.8 capped at halving once per base RTT, an EWMA gain of 0.0125 for the delay average, quick adapt gated at
 * 1/2^3 of the largest window, fast increase below 1 us of queueing. The increase constants scale with the path's
 * BDP against a reference of 100 Gb/s x 12 us ({@link NsccSender}).
 *
 * @param targetQdelayPs target queueing delay, ps, or {@link CcKeys#AUTO}: 0.75 x each QP's base RTT (trimming
 *                       fabrics, the UET deployment NSCC was tuned for)
 * @param maxWindowBdp   largest window, in base BDPs of the QP's path
 * @param gamma          multiplicative-decrease gain
 * @param maxMd          largest fraction one decrease removes
 * @param delayAlpha     gain of the average queueing delay's EWMA
 * @param qaGate         quick adapt runs when less than maxwnd / 2^qaGate was delivered in the last period
 * @param quickAdapt     whether quick adapt runs
 * @param fastIncrease   whether fast increase runs
 */
public record NsccParams(long targetQdelayPs, double maxWindowBdp, double gamma, double maxMd, double delayAlpha,
                         long qaGate, boolean quickAdapt, boolean fastIncrease) {
    public static final Section SECTION = Section.of("nic.uet.nscc",
            CcKeys.timeOrAuto("target_qdelay", Bounds.above(0), "target queueing delay; `auto` = 0.75 × the QP's "
                    + "base RTT"),
            CcKeys.number("max_window", 1.5, Bounds.closed(0.1, 100), "largest window, in BDPs of the QP's path"),
            CcKeys.number("gamma", 0.8, Bounds.openClosed(0, 1), "multiplicative decrease gain"),
            CcKeys.number("max_md", 0.5, Bounds.open(0, 1), "largest fraction one decrease removes"),
            CcKeys.number("delay_alpha", 0.0125, Bounds.openClosed(0, 1), "EWMA weight of the delay estimate"),
            CcKeys.integer("qa_gate", 3, Bounds.closed(0, 16), "quick-adapt gate"),
            CcKeys.bool("quick_adapt", true, "whether quick adapt runs"),
            CcKeys.bool("fast_increase", true, "whether fast increase runs"));
    public static final NsccParams DEFAULTS = of(Map.of());
    /** Reference BDP the increase constants scale by: 100 Gb/s x 12 us, bytes. */
    public static final double REFERENCE_BDP_BYTES = 100e9 / 8 * 12e-6;
    /** Reference RTT of the proportional-increase scaling, ps (12 us). */
    public static final double REFERENCE_RTT_PS = 12e6;
    /** Queueing delay below which fast increase may run, ps (1 us). */
    public static final long FAST_INCREASE_DELAY_PS = 1_000_000L;

    public NsccParams {
        CcValues v = new CcValues(SECTION);
        if (targetQdelayPs != CcKeys.AUTO && targetQdelayPs <= 0) {
            throw v.error("target_qdelay", "must be auto or > 0");
        }
        if (!(maxWindowBdp >= 0.1 && maxWindowBdp <= 100)) {
            throw v.error("max_window", "must be 0.1..100 BDPs, got " + maxWindowBdp);
        }
        if (!(gamma > 0 && gamma <= 1)) {
            throw v.error("gamma", "must be in (0, 1], got " + gamma);
        }
        if (!(maxMd > 0 && maxMd < 1)) {
            throw v.error("max_md", "must be in (0, 1), got " + maxMd);
        }
        if (!(delayAlpha > 0 && delayAlpha <= 1)) {
            throw v.error("delay_alpha", "must be in (0, 1], got " + delayAlpha);
        }
        if (qaGate < 0 || qaGate > 16) {
            throw v.error("qa_gate", "must be 0..16, got " + qaGate);
        }
    }

    public static NsccParams of(Map<String, String> overrides) {
        CcValues v = new CcValues(SECTION, overrides);
        return new NsccParams(v.time("target_qdelay"), v.number("max_window"), v.number("gamma"), v.number("max_md"),
                v.number("delay_alpha"), v.integer("qa_gate"), v.bool("quick_adapt"), v.bool("fast_increase"));
    }

    /** The target queueing delay for a QP whose path has base RTT {@code baseRttPs}, ps. */
    public long targetPs(long baseRttPs) {
        return targetQdelayPs == CcKeys.AUTO ? Math.max(1, baseRttPs * 3 / 4) : targetQdelayPs;
    }

    public Map<String, String> toSettings() {
        Map<String, Object> m = new HashMap<>();
        m.put("target_qdelay", targetQdelayPs);
        m.put("max_window", maxWindowBdp);
        m.put("gamma", gamma);
        m.put("max_md", maxMd);
        m.put("delay_alpha", delayAlpha);
        m.put("qa_gate", qaGate);
        m.put("quick_adapt", quickAdapt);
        m.put("fast_increase", fastIncrease);
        return CcValues.format(SECTION, m);
    }
}
