package org.lossless.nic.timely;

import java.util.HashMap;
import java.util.Map;

import org.lossless.core.settings.Bounds;
import org.lossless.core.settings.Section;
import org.lossless.nic.cc.CcKeys;
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
 * @param baseRttPs   the window's base RTT, ps, or {@link CcKeys#AUTO} (the fabric's largest)
 */
public record TimelyParams(double alpha, double beta, long tLowPs, long tHighPs, long minRttPs, long aiBps,
                           long haiBps, long haiAfter, long minRateBps, boolean window, long baseRttPs) {
    public static final Section SECTION = Section.of("nic.timely",
            CcKeys.number("alpha", 0.875, Bounds.openClosed(0, 1), "EWMA weight of the newest RTT difference "
                    + "(paper, simulator)"),
            CcKeys.number("beta", 0.8, Bounds.openClosed(0, 1), "multiplicative decrease (paper, simulator)"),
            CcKeys.time("t_low", 50_000_000L, Bounds.atLeast(0), "below it, increase (paper and simulator)"),
            CcKeys.time("t_high", 500_000_000L, Bounds.above(0),
                    "above it, decrease; above `t_low` (paper and simulator)"),
            CcKeys.time("min_rtt", 20_000_000L, Bounds.above(0), "normalises the gradient (paper, simulator)"),
            CcKeys.rate("ai", 100_000_000L, Bounds.above(0), "additive step δ (`run.py` at 100 G: 10 × B / 10; the "
                    + "paper's 10 Mb/s was for 10 G NICs)"),
            CcKeys.rate("hai", 500_000_000L, Bounds.above(0), "hyper-active step, at least `ai` (`run.py` at 100 G)"),
            CcKeys.integer("hai_after", 5, Bounds.atLeast(0),
                    "increases in a row before HAI (paper's N = 5, simulator)"),
            CcKeys.rate("min_rate", 100_000_000L, Bounds.above(0), "lowest rate"),
            CcKeys.bool("window", false, "also hold a BDP window scaled by the rate (`run.py`'s `timely_vwin`)"),
            CcKeys.timeOrAuto("base_rtt", Bounds.above(0), "that window's base RTT; `auto` = the fabric's largest"));
    public static final TimelyParams DEFAULTS = of(Map.of());

    public TimelyParams {
        CcValues v = new CcValues(SECTION);
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
        if (baseRttPs != CcKeys.AUTO && baseRttPs <= 0) {
            throw v.error("base_rtt", "must be auto or > 0");
        }
    }

    public static TimelyParams of(Map<String, String> overrides) {
        CcValues v = new CcValues(SECTION, overrides);
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
        return CcValues.format(SECTION, m);
    }

    public TimelyParams resolve(long fabricRttPs) {
        return baseRttPs != CcKeys.AUTO ? this : new TimelyParams(alpha, beta, tLowPs, tHighPs, minRttPs, aiBps, haiBps,
                haiAfter, minRateBps, window, fabricRttPs);
    }

    /** Timely as the registry sees it (registered by its {@code @AutoService}). */
    @com.google.auto.service.AutoService(org.lossless.nic.cc.CcSpec.class)
    public static final class Spec extends org.lossless.nic.cc.DeclaredCcSpec<TimelyParams> {
        /** Its place in the lists of algorithms (docs, messages, resolved YAML): as before the registry. */
        @Override
        public int listOrder() {
            return 2;
        }

        /** The doc line of {@code nic.timely} (docs/scenario.md's {@code nic} table). */
        static final String DOC = "TIMELY's: `alpha` (0.875), `beta` (0.8), `t_low` (50us), `t_high` (500us), `min_rtt` (20us), "
                + "`ai` (100Mbps), `hai` (500Mbps), `hai_after` (5), `min_rate` (100Mbps), `window` (false), "
                + "`base_rtt` (auto); [cc.md](cc.md)";

        public Spec() {
            super(Timely.NAME, DOC, SECTION, TimelyParams::of, TimelyParams::toSettings,
                    (p, nic) -> new Timely(p, nic.lineRateBps(), nic.mtu()),
                    TimelyParams::baseRttPs, TimelyParams::resolve);
        }
    }
}
