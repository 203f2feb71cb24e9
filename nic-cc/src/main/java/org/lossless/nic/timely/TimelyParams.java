package org.lossless.nic.timely;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lossless.nic.cc.CcKey;
import org.lossless.nic.cc.CcValues;

/**
 * TIMELY's parameters ({@code nic.timely}). The algorithm and α, β, T_low, T_high, minRTT and the five
 * increase steps before hyper-active increase are from the TIMELY paper (Mittal et al., SIGCOMM 2015); the
 * additive steps are the HPCC simulator's at 100 Gb/s ({@code run.py}: 100 and 500 Mb/s; the paper's
 * 10 Mb/s was for 10 Gb/s NICs).
 *
 * @param alpha       EWMA weight of the newest RTT difference (0.875)
 * @param beta        multiplicative decrease factor (0.8)
 * @param tLowPs      below this RTT always increase, ps (50 us)
 * @param tHighPs     above this RTT always decrease, ps (500 us)
 * @param minRttPs    normalises the gradient, ps (20 us)
 * @param aiBps       additive increase δ, bps
 * @param haiBps      hyper-active increase, bps, after {@code haiAfter} consecutive increases
 * @param haiAfter    increases before HAI (5)
 * @param minRateBps  the lowest rate, bps
 * @param window      also hold a window of BDP x rate / line rate (the simulator's {@code timely_vwin})
 * @param baseRttPs   the window's base RTT, ps, or {@link CcKey#AUTO} (the fabric's largest)
 */
public record TimelyParams(double alpha, double beta, long tLowPs, long tHighPs, long minRttPs, long aiBps,
                           long haiBps, long haiAfter, long minRateBps, boolean window, long baseRttPs) {
    public static final List<CcKey> KEYS = List.of(
            new CcKey("alpha", CcKey.Kind.NUMBER, "0.875"),
            new CcKey("beta", CcKey.Kind.NUMBER, "0.8"),
            new CcKey("t_low", CcKey.Kind.TIME, "50us"),
            new CcKey("t_high", CcKey.Kind.TIME, "500us"),
            new CcKey("min_rtt", CcKey.Kind.TIME, "20us"),
            new CcKey("ai", CcKey.Kind.RATE, "100Mbps"),
            new CcKey("hai", CcKey.Kind.RATE, "500Mbps"),
            new CcKey("hai_after", CcKey.Kind.INT, "5"),
            new CcKey("min_rate", CcKey.Kind.RATE, "100Mbps"),
            new CcKey("window", CcKey.Kind.BOOL, "false"),
            new CcKey("base_rtt", CcKey.Kind.TIME_OR_AUTO, "auto"));
    public static final TimelyParams DEFAULTS = of(Map.of());

    public TimelyParams {
        CcValues v = new CcValues("nic.timely", KEYS);
        if (!(alpha > 0 && alpha <= 1)) {
            throw v.error("alpha", "must be in (0, 1], got " + alpha);
        }
        if (!(beta > 0 && beta <= 1)) {
            throw v.error("beta", "must be in (0, 1], got " + beta);
        }
        if (tLowPs < 0) {
            throw v.error("t_low", "must be >= 0");
        }
        if (tHighPs <= tLowPs) {
            throw v.error("t_high", "must be above t_low (" + tLowPs + " ps), got " + tHighPs + " ps");
        }
        if (minRttPs <= 0) {
            throw v.error("min_rtt", "must be > 0");
        }
        if (aiBps <= 0) {
            throw v.error("ai", "must be > 0");
        }
        if (haiBps < aiBps) {
            throw v.error("hai", "must be at least ai (" + aiBps + " bps), got " + haiBps + " bps");
        }
        if (haiAfter < 0) {
            throw v.error("hai_after", "must be >= 0");
        }
        if (minRateBps <= 0) {
            throw v.error("min_rate", "must be > 0");
        }
        if (baseRttPs != CcKey.AUTO && baseRttPs <= 0) {
            throw v.error("base_rtt", "must be auto or > 0");
        }
    }

    public static TimelyParams of(Map<String, String> overrides) {
        CcValues v = new CcValues("nic.timely", KEYS, overrides);
        return new TimelyParams(v.number("alpha"), v.number("beta"), v.time("t_low"), v.time("t_high"),
                v.time("min_rtt"), v.rate("ai"), v.rate("hai"), v.integer("hai_after"), v.rate("min_rate"),
                v.bool("window"), v.time("base_rtt"));
    }

    public Map<String, String> toSettings() {
        Map<String, Object> m = new HashMap<>();
        m.put("alpha", alpha);
        m.put("beta", beta);
        m.put("t_low", tLowPs);
        m.put("t_high", tHighPs);
        m.put("min_rtt", minRttPs);
        m.put("ai", aiBps);
        m.put("hai", haiBps);
        m.put("hai_after", haiAfter);
        m.put("min_rate", minRateBps);
        m.put("window", window);
        m.put("base_rtt", baseRttPs);
        return CcValues.format(KEYS, m);
    }

    public TimelyParams resolve(long fabricRttPs) {
        return baseRttPs != CcKey.AUTO ? this : new TimelyParams(alpha, beta, tLowPs, tHighPs, minRttPs, aiBps, haiBps,
                haiAfter, minRateBps, window, fabricRttPs);
    }

    /** Timely as the registry sees it ({@code META-INF/services/org.lossless.nic.cc.CcSpec}). */
    public static final class Spec extends org.lossless.nic.cc.DeclaredCcSpec<TimelyParams> {
        /** The doc line of {@code nic.timely} (docs/scenario.md's {@code nic} table). */
        static final String DOC = "TIMELY's: `alpha` (0.875), `beta` (0.8), `t_low` (50us), `t_high` (500us), `min_rtt` (20us), "
                + "`ai` (100Mbps), `hai` (500Mbps), `hai_after` (5), `min_rate` (100Mbps), `window` (false), "
                + "`base_rtt` (auto); [cc.md](cc.md)";

        public Spec() {
            super(Timely.NAME, DOC, KEYS, TimelyParams::of, TimelyParams::toSettings,
                    (p, nic) -> new Timely(p, nic.lineRateBps(), nic.mtu()),
                    TimelyParams::baseRttPs, TimelyParams::resolve);
        }
    }
}
