package org.lossless.nic.dctcp;

import java.util.HashMap;
import java.util.Map;

import org.lossless.core.settings.Bounds;
import org.lossless.core.settings.Section;
import org.lossless.nic.cc.CcKeys;
import org.lossless.nic.cc.CcValues;

/**
 * DCTCP's parameters ({@code nic.dctcp}), as the HPCC simulator's rate-based DCTCP for RDMA ({@code CC_MODE 8},
 * {@code run.py}): g = 1/16 (the DCTCP paper's, Alizadeh et al., SIGCOMM 2010), an additive increase of one
 * MTU per RTT expressed as a rate (1 KB per 13 us = 615 Mb/s) and a window of one BDP scaled by the rate.
 * DCTCP needs step marking at the switch: {@code switch.ecn} with kmin = kmax (the simulator: 300 KB at
 * 100 G) and pmax 1.
 *
 * @param g          EWMA gain of the marked fraction α
 * @param aiBps      rate added once per window of data while not in congestion-window reduction, bps
 * @param minRateBps the lowest rate, bps
 * @param window     hold a window of BDP x rate / line rate ({@code HAS_WIN 1, VAR_WIN 1})
 * @param baseRttPs  the window's base RTT, ps, or {@link CcKeys#AUTO} (the fabric's largest)
 */
public record DctcpParams(double g, long aiBps, long minRateBps, boolean window, long baseRttPs) {
    public static final Section SECTION = Section.of("nic.dctcp",
            CcKeys.number("g", 1.0 / 16, Bounds.openClosed(0, 1), "EWMA gain (DCTCP paper, `run.py`'s `EWMA_GAIN`: "
                    + "1/16)"),
            CcKeys.rate("ai", 615_000_000L, Bounds.above(0), "one 1 KB packet per 13 µs RTT as a rate (`run.py`'s "
                    + "`DCTCP_RATE_AI`)"),
            CcKeys.rate("min_rate", 100_000_000L, Bounds.above(0), "lowest rate"),
            CcKeys.bool("window", true, "hold a BDP window scaled by the rate (`HAS_WIN 1`, `VAR_WIN 1`)"),
            CcKeys.timeOrAuto("base_rtt", Bounds.above(0), "that window's base RTT; `auto` = the fabric's largest"));
    public static final DctcpParams DEFAULTS = of(Map.of());

    public DctcpParams {
        CcValues v = new CcValues(SECTION);
        if (!(g > 0 && g <= 1)) {
            throw v.error("g", "must be in (0, 1], got " + g);
        }
        if (aiBps <= 0) {
            throw v.error("ai", "must be > 0");
        }
        if (minRateBps <= 0) {
            throw v.error("min_rate", "must be > 0");
        }
        if (baseRttPs != CcKeys.AUTO && baseRttPs <= 0) {
            throw v.error("base_rtt", "must be auto or > 0");
        }
    }

    public static DctcpParams of(Map<String, String> overrides) {
        CcValues v = new CcValues(SECTION, overrides);
        return new DctcpParams(v.number("g"), v.rate("ai"), v.rate("min_rate"), v.bool("window"), v.time("base_rtt"));
    }

    public Map<String, String> toSettings() {
        Map<String, Object> m = new HashMap<>();
        m.put("g", g);
        m.put("ai", aiBps);
        m.put("min_rate", minRateBps);
        m.put("window", window);
        m.put("base_rtt", baseRttPs);
        return CcValues.format(SECTION, m);
    }

    public DctcpParams resolve(long fabricRttPs) {
        return baseRttPs != CcKeys.AUTO ? this : new DctcpParams(g, aiBps, minRateBps, window, fabricRttPs);
    }

    /** Dctcp as the registry sees it (registered by its {@code @AutoService}). */
    @com.google.auto.service.AutoService(org.lossless.nic.cc.CcSpec.class)
    public static final class Spec extends org.lossless.nic.cc.DeclaredCcSpec<DctcpParams> {
        /** Its place in the lists of algorithms (docs, messages, resolved YAML): as before the registry. */
        @Override
        public int listOrder() {
            return 3;
        }

        /** The doc line of {@code nic.dctcp} (docs/scenario.md's {@code nic} table). */
        static final String DOC = "DCTCP's: `g` (1/16), `ai` (615Mbps), `min_rate` (100Mbps), `window` (true), `base_rtt` (auto); "
                + "needs step marking (`switch.ecn` kmin = kmax, pmax 1); [cc.md](cc.md)";

        public Spec() {
            super(Dctcp.NAME, DOC, SECTION, DctcpParams::of, DctcpParams::toSettings,
                    (p, nic) -> new Dctcp(p, nic.lineRateBps(), nic.mtu()),
                    DctcpParams::baseRttPs, DctcpParams::resolve);
        }
    }
}
