package org.lossless.nic.hpcc;

import java.util.HashMap;
import java.util.Map;

import org.lossless.core.settings.Bounds;
import org.lossless.core.settings.Section;
import org.lossless.nic.cc.CcKeys;
import org.lossless.nic.cc.CcValues;

/**
 * HPCC's parameters ({@code nic.hpcc}), defaults from the HPCC paper (Li et al., SIGCOMM 2019, Algorithm 1)
 * and the HPCC simulator (alibaba-edu/High-Precision-Congestion-Control, {@code run.py} at 100 Gb/s).
 *
 * @param eta        target utilisation η of the most loaded hop, (0, 1] (0.95)
 * @param aiBps      additive increase W_AI as a rate, bps (the simulator's {@code RATE_AI}: 40 Mb/s at 100 G)
 * @param maxStage   additive-increase stages before a multiplicative step ({@code MI_THRESH}; paper 5)
 * @param minRateBps the lowest rate, bps
 * @param baseRttPs  T, the base RTT the window W = line rate x T and the utilisation use, ps, or
 *                   {@link CcKeys#AUTO}: the fabric's largest base RTT between two hosts (the simulator's
 *                   {@code GLOBAL_T 1}), filled in when the network is built
 * @param fastReact  react on every ACK between the once-per-RTT updates (the simulator's {@code FAST_REACT})
 * @param intBytes   bytes of INT header on every data packet and its ACK (42: five 8 B hop records and a
 *                   2 B hop count, as in the simulator)
 */
public record HpccParams(double eta, long aiBps, long maxStage, long minRateBps, long baseRttPs, boolean fastReact,
                         long intBytes) {
    /** The section's keys, in documentation order. */
    public static final Section SECTION = Section.of("nic.hpcc",
            CcKeys.number("eta", 0.95, Bounds.openClosed(0, 1), "target utilisation η (paper, `U_TARGET`)"),
            CcKeys.rate("ai", 40_000_000L, Bounds.above(0), "additive increase W_AI as a rate (`RATE_AI`; `run.py`: "
                    + "10 × B / 25 = 40 Mb/s at 100 G; scale it with the line rate)"),
            CcKeys.integer("max_stage", 5, Bounds.closed(0, 1000),
                    "additive steps before a multiplicative one (paper's "
                    + "maxStage; `MI_THRESH`, whose `run.py` value is 0)"),
            CcKeys.rate("min_rate", 100_000_000L, Bounds.above(0),
                    "lowest rate (the simulator's built-in default; `run.py` "
                    + "configs set 1 Gb/s)"),
            CcKeys.timeOrAuto("base_rtt", Bounds.above(0), "T; `auto` = the fabric's largest base RTT (`GLOBAL_T 1`)"),
            CcKeys.bool("fast_react", true, "react on every ACK between the per-RTT updates (`FAST_REACT`)"),
            CcKeys.integer("int_bytes", 42, Bounds.closed(0, 1000),
                    "bytes of INT header on every data packet and ACK"));
    /** Every default. */
    public static final HpccParams DEFAULTS = of(Map.of());

    public HpccParams {
        CcValues v = new CcValues(SECTION);
        if (!(eta > 0 && eta <= 1)) {
            throw v.error("eta", "must be in (0, 1], got " + eta);
        }
        if (aiBps <= 0) {
            throw v.error("ai", "must be > 0, got " + aiBps + " bps");
        }
        if (maxStage < 0 || maxStage > 1000) {
            throw v.error("max_stage", "must be 0..1000, got " + maxStage);
        }
        if (minRateBps <= 0) {
            throw v.error("min_rate", "must be > 0, got " + minRateBps + " bps");
        }
        if (baseRttPs != CcKeys.AUTO && baseRttPs <= 0) {
            throw v.error("base_rtt", "must be auto or > 0, got " + baseRttPs + " ps");
        }
        if (intBytes < 0 || intBytes > 1000) {
            throw v.error("int_bytes", "must be 0..1000 bytes, got " + intBytes);
        }
    }

    /** The defaults with {@code overrides} (key -&gt; scenario text). */
    public static HpccParams of(Map<String, String> overrides) {
        CcValues v = new CcValues(SECTION, overrides);
        return new HpccParams(v.number("eta"), v.rate("ai"), v.integer("max_stage"), v.rate("min_rate"),
                v.time("base_rtt"), v.bool("fast_react"), v.integer("int_bytes"));
    }

    /** Every key at its value, canonical text. */
    public Map<String, String> toSettings() {
        Map<String, Object> m = new HashMap<>();
        m.put("eta", eta);
        m.put("ai", aiBps);
        m.put("max_stage", maxStage);
        m.put("min_rate", minRateBps);
        m.put("base_rtt", baseRttPs);
        m.put("fast_react", fastReact);
        m.put("int_bytes", intBytes);
        return CcValues.format(SECTION, m);
    }

    /** With {@code base_rtt: auto} replaced by {@code fabricRttPs}. */
    public HpccParams resolve(long fabricRttPs) {
        return baseRttPs != CcKeys.AUTO ? this
                : new HpccParams(eta, aiBps, maxStage, minRateBps, fabricRttPs, fastReact, intBytes);
    }

    /** Hpcc as the registry sees it (registered by its {@code @AutoService}). */
    @com.google.auto.service.AutoService(org.lossless.nic.cc.CcSpec.class)
    public static final class Spec extends org.lossless.nic.cc.DeclaredCcSpec<HpccParams> {
        /** Its place in the lists of algorithms (docs, messages, resolved YAML): as before the registry. */
        @Override
        public int listOrder() {
            return 1;
        }

        /** The doc line of {@code nic.hpcc} (docs/scenario.md's {@code nic} table). */
        static final String DOC = "HPCC's parameters: `eta` (0.95), `ai` (40Mbps), `max_stage` (5), `min_rate` (100Mbps), "
                + "`base_rtt` (`auto`: the fabric's largest base RTT), `fast_react` (true), `int_bytes` (42); "
                + "meaning and sources in [cc.md](cc.md#hpcc-niccc-hpcc-section-nichpcc). Read, checked and kept "
                + "whatever `cc` is";

        public Spec() {
            super(Hpcc.NAME, DOC, SECTION, HpccParams::of, HpccParams::toSettings,
                    (p, nic) -> new Hpcc(p, nic.lineRateBps(), nic.mtu()),
                    HpccParams::baseRttPs, HpccParams::resolve);
        }
    }
}
