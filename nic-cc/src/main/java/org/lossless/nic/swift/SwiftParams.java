package org.lossless.nic.swift;

import java.util.HashMap;
import java.util.Map;

import org.lossless.core.settings.Bounds;
import org.lossless.core.settings.Section;
import org.lossless.nic.cc.CcKeys;
import org.lossless.nic.cc.CcValues;

/**
 * Swift's parameters ({@code nic.swift}). The algorithm (AIMD on a delay target scaled by hop count and by
 * the flow's window) is the Swift paper's (Kumar et al., SIGCOMM 2020, Algorithm 1 and §3.5); the paper gives
 * no universal values, so the defaults here are Lossless's for 100 Gb/s fabrics with microsecond links:
 * a target of 10 us plus 1 us per switch, flow scaling up to 10 us between windows of 0.1 and 100 packets,
 * ai one packet per RTT, β 0.8, at most halving per RTT.
 *
 * @param baseTargetPs target delay before hop and flow scaling, ps; must exceed the base RTT of the
 *                     paths (the delay Swift measures is the whole RTT, propagation included)
 * @param perHopPs     target added per switch on the path, ps
 * @param fsRangePs    largest flow-scaling addition, ps (0: off)
 * @param fsMinCwnd    window (packets) that gets the whole flow-scaling range
 * @param fsMaxCwnd    window (packets) from which flow scaling adds nothing
 * @param ai           additive increase, packets per RTT
 * @param beta         multiplicative decrease constant
 * @param maxMdf       largest fraction one decrease removes
 * @param minCwnd      smallest window, packets (below 1 the QP is paced at cwnd packets per RTT)
 * @param maxCwnd      largest window, packets
 */
public record SwiftParams(long baseTargetPs, long perHopPs, long fsRangePs, double fsMinCwnd, double fsMaxCwnd,
                          double ai, double beta, double maxMdf, double minCwnd, double maxCwnd) {
    public static final Section SECTION = Section.of("nic.swift",
            CcKeys.time("base_target", 10_000_000L, Bounds.above(0), "target before scaling"),
            CcKeys.time("per_hop", 1_000_000L, Bounds.atLeast(0), "added per switch on the path"),
            CcKeys.time("fs_range", 10_000_000L, Bounds.atLeast(0), "largest flow-scaling addition (0: off)"),
            CcKeys.number("fs_min_cwnd", 0.1, Bounds.above(0), "window (packets) given the whole range"),
            CcKeys.number("fs_max_cwnd", 100, Bounds.above(0), "window from which scaling adds nothing; above "
                    + "`fs_min_cwnd`"),
            CcKeys.number("ai", 1, Bounds.above(0), "additive increase, packets per RTT"),
            CcKeys.number("beta", 0.8, Bounds.openClosed(0, 1), "multiplicative decrease constant"),
            CcKeys.number("max_mdf", 0.5, Bounds.open(0, 1), "largest fraction one decrease removes"),
            CcKeys.number("min_cwnd", 0.001, Bounds.above(0), "smallest window, packets"),
            CcKeys.number("max_cwnd", 1000, Bounds.atLeast(1), "largest window, packets; at least `min_cwnd`"));
    public static final SwiftParams DEFAULTS = of(Map.of());

    public SwiftParams {
        CcValues v = new CcValues(SECTION);
        if (baseTargetPs <= 0) {
            throw v.error("base_target", "must be > 0");
        }
        if (perHopPs < 0) {
            throw v.error("per_hop", "must be >= 0");
        }
        if (fsRangePs < 0) {
            throw v.error("fs_range", "must be >= 0");
        }
        if (!(fsMinCwnd > 0)) {
            throw v.error("fs_min_cwnd", "must be > 0, got " + fsMinCwnd);
        }
        if (!(fsMaxCwnd > fsMinCwnd)) {
            throw v.error("fs_max_cwnd", "must be above fs_min_cwnd (" + fsMinCwnd + "), got " + fsMaxCwnd);
        }
        if (!(ai > 0)) {
            throw v.error("ai", "must be > 0 packets, got " + ai);
        }
        if (!(beta > 0 && beta <= 1)) {
            throw v.error("beta", "must be in (0, 1], got " + beta);
        }
        if (!(maxMdf > 0 && maxMdf < 1)) {
            throw v.error("max_mdf", "must be in (0, 1), got " + maxMdf);
        }
        if (!(minCwnd > 0)) {
            throw v.error("min_cwnd", "must be > 0 packets, got " + minCwnd);
        }
        if (!(maxCwnd >= 1 && maxCwnd >= minCwnd)) {
            throw v.error("max_cwnd", "must be at least 1 and min_cwnd, got " + maxCwnd);
        }
    }

    public static SwiftParams of(Map<String, String> overrides) {
        CcValues v = new CcValues(SECTION, overrides);
        return new SwiftParams(v.time("base_target"), v.time("per_hop"), v.time("fs_range"), v.number("fs_min_cwnd"),
                v.number("fs_max_cwnd"), v.number("ai"), v.number("beta"), v.number("max_mdf"), v.number("min_cwnd"),
                v.number("max_cwnd"));
    }

    public Map<String, String> toSettings() {
        Map<String, Object> m = new HashMap<>();
        m.put("base_target", baseTargetPs);
        m.put("per_hop", perHopPs);
        m.put("fs_range", fsRangePs);
        m.put("fs_min_cwnd", fsMinCwnd);
        m.put("fs_max_cwnd", fsMaxCwnd);
        m.put("ai", ai);
        m.put("beta", beta);
        m.put("max_mdf", maxMdf);
        m.put("min_cwnd", minCwnd);
        m.put("max_cwnd", maxCwnd);
        return CcValues.format(SECTION, m);
    }

    /**
     * The target delay for a path over {@code switches} switches at window {@code cwnd} packets, ps:
     * {@code base_target + switches · per_hop + clamp(α/√cwnd + β', 0, fs_range)} with
     * {@code α = fs_range / (1/√fs_min_cwnd − 1/√fs_max_cwnd)} and {@code β' = −α/√fs_max_cwnd}.
     */
    public double targetPs(int switches, double cwnd) {
        double t = baseTargetPs + (double) switches * perHopPs;
        if (fsRangePs > 0) {
            double a = fsRangePs / (1 / Math.sqrt(fsMinCwnd) - 1 / Math.sqrt(fsMaxCwnd));
            double b = -a / Math.sqrt(fsMaxCwnd);
            t += Math.max(0, Math.min(a / Math.sqrt(cwnd) + b, fsRangePs));
        }
        return t;
    }

    /** Swift as the registry sees it (registered by its {@code @AutoService}). */
    @com.google.auto.service.AutoService(org.lossless.nic.cc.CcSpec.class)
    public static final class Spec extends org.lossless.nic.cc.DeclaredCcSpec<SwiftParams> {
        /** Its place in the lists of algorithms (docs, messages, resolved YAML): as before the registry. */
        @Override
        public int listOrder() {
            return 4;
        }

        /** The doc line of {@code nic.swift} (docs/scenario.md's {@code nic} table). */
        static final String DOC = "Swift's: `base_target` (10us), `per_hop` (1us), `fs_range` (10us), `fs_min_cwnd` (0.1), "
                + "`fs_max_cwnd` (100), `ai` (1 packet), `beta` (0.8), `max_mdf` (0.5), `min_cwnd` (0.001), "
                + "`max_cwnd` (1000); [cc.md](cc.md)";

        public Spec() {
            super(Swift.NAME, DOC, SECTION, SwiftParams::of, SwiftParams::toSettings,
                    (p, nic) -> new Swift(p, nic.lineRateBps(), nic.mtu(), nic.packetWireBytes()));
        }
    }
}
