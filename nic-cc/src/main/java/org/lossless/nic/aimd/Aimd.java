package org.lossless.nic.aimd;

import java.util.HashMap;
import java.util.Map;

import org.lossless.nic.cc.CcAlgorithm;
import org.lossless.core.settings.Bounds;
import org.lossless.core.settings.Section;
import org.lossless.nic.cc.CcKeys;
import org.lossless.nic.cc.CcValues;
import org.lossless.nic.cc.CongestionControl;
import org.lossless.nic.cc.CongestionEcho;
import org.lossless.nic.cc.DeclaredCcSpec;

/**
 * {@code nic.cc: aimd}, a plain rate-based AIMD: the rate starts at line rate, grows by {@code ai} at every
 * tick of a {@code timer} (additive increase, up to line rate) and is multiplied by {@code md} when a CNP
 * arrives (multiplicative decrease, down to {@code min_rate}), at most once per {@code timer} so that a burst
 * of CNPs from one congestion episode cuts once. A cut restarts the timer. The receiver sends a CNP for every
 * CE-marked packet at once (no hold-off). DCQCN without its α estimate, byte counter and fast recovery: the
 * worked example of adding an algorithm (docs/cc.md), not a published algorithm; its defaults are round
 * numbers chosen here, not measured ones.
 *
 * <p>The timer is lazy: {@link Sender#rateBps} applies every tick elapsed since the last event at once.
 */
public final class Aimd implements CcAlgorithm {
    /** The name in {@code nic.cc} and the section {@code nic.aimd}. */
    public static final String NAME = "aimd";
    private static final CongestionEcho ECHO = new CongestionEcho() {
        @Override
        public long onCePacket(long nowPs) {
            return nowPs;
        }

        @Override
        public boolean cnpOnAck() {
            return false;
        }
    };
    private final Params params;
    private final long lineRateBps;

    public Aimd(Params params, long lineRateBps) {
        if (lineRateBps <= 0) {
            throw new IllegalArgumentException("line rate must be > 0 bps");
        }
        this.params = params;
        this.lineRateBps = lineRateBps;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Sender newSender() {
        return new Sender(params, lineRateBps);
    }

    @Override
    public CongestionEcho newEcho() {
        return ECHO;
    }

    /**
     * {@code nic.aimd}.
     *
     * @param aiBps      rate added per timer tick, bps (&gt; 0)
     * @param md         factor a cut multiplies the rate by, in (0, 1)
     * @param timerPs    the increase period and the least time between two cuts, ps (&gt; 0)
     * @param minRateBps the rate a cut never goes below, bps (&gt; 0)
     */
    public record Params(long aiBps, double md, long timerPs, long minRateBps) {
        public static final Section SECTION = Section.of("nic.aimd",
                CcKeys.rate("ai", 1_000_000_000L, Bounds.above(0), "rate added per tick"),
                CcKeys.number("md", 0.5, Bounds.open(0, 1), "factor a cut multiplies the rate by"),
                CcKeys.time("timer", 50_000_000L, Bounds.above(0),
                        "the increase period, and the least time between two cuts"),
                CcKeys.rate("min_rate", 100_000_000L, Bounds.above(0), "the rate a cut never goes below"));

        public Params {
            CcValues v = new CcValues(SECTION);
            if (aiBps <= 0) {
                throw v.error("ai", "must be > 0");
            }
            if (!(md > 0 && md < 1)) {
                throw v.error("md", "must be in (0, 1), got " + md);
            }
            if (timerPs <= 0) {
                throw v.error("timer", "must be > 0");
            }
            if (minRateBps <= 0) {
                throw v.error("min_rate", "must be > 0");
            }
        }

        public static Params of(Map<String, String> overrides) {
            CcValues v = new CcValues(SECTION, overrides);
            return new Params(v.rate("ai"), v.number("md"), v.time("timer"), v.rate("min_rate"));
        }
    }

    /** The registry's view (registered by its {@code @AutoService}: the build lists it in {@code META-INF/services}). */
    @com.google.auto.service.AutoService(org.lossless.nic.cc.CcSpec.class)
    public static final class Spec extends DeclaredCcSpec<Params> {
        /** The doc line of {@code nic.aimd} (docs/scenario.md's {@code nic} table). */
        static final String DOC = "the plain AIMD's: `ai` (1Gbps per tick), `md` (0.5), `timer` (50us), `min_rate` (100Mbps); "
                + "[cc.md](cc.md)";

        public Spec() {
            super(NAME, DOC, Params.SECTION, Params::of, Spec::settings, (p, nic) -> new Aimd(p, nic.lineRateBps()));
        }

        private static Map<String, String> settings(Params p) {
            Map<String, Object> m = new HashMap<>();
            m.put("ai", p.aiBps());
            m.put("md", p.md());
            m.put("timer", p.timerPs());
            m.put("min_rate", p.minRateBps());
            return CcValues.format(Params.SECTION, m);
        }
    }

    /** One QP's rate. Invariant: min(min_rate, line) &le; rate &le; line; below line, a tick is due at anchor + timer. */
    public static final class Sender implements CongestionControl {
        private final long aiBps;
        private final double md;
        private final long timerPs;
        private final long floorBps;
        private final long lineRateBps;
        private long rateBps;
        /** The last tick or cut, ps: the next tick is at anchor + timer. */
        private long anchorPs;
        /** The last cut, ps, or Long.MIN_VALUE before the first. */
        private long lastCutPs = Long.MIN_VALUE;

        Sender(Params p, long lineRateBps) {
            this.aiBps = p.aiBps();
            this.md = p.md();
            this.timerPs = p.timerPs();
            this.floorBps = Math.min(p.minRateBps(), lineRateBps);
            this.lineRateBps = lineRateBps;
            this.rateBps = lineRateBps;
        }

        /** Applies the ticks due by {@code nowPs}. */
        private void advance(long nowPs) {
            if (rateBps >= lineRateBps || nowPs < anchorPs + timerPs) {
                return;
            }
            long ticks = (nowPs - anchorPs) / timerPs;
            long missing = lineRateBps - rateBps;
            rateBps = ticks >= (missing + aiBps - 1) / aiBps ? lineRateBps : rateBps + ticks * aiBps;
            anchorPs += ticks * timerPs;
        }

        @Override
        public long rateBps(long nowPs) {
            advance(nowPs);
            return rateBps;
        }

        @Override
        public long nextChangePs() {
            return rateBps >= lineRateBps ? NEVER : anchorPs + timerPs;
        }

        @Override
        public void onBytesSent(long nowPs, long wireBytes) {
        }

        @Override
        public void onCongestionNotification(long nowPs) {
            advance(nowPs);
            if (lastCutPs != Long.MIN_VALUE && nowPs - lastCutPs < timerPs) {
                return;
            }
            rateBps = Math.max(floorBps, Math.round(rateBps * md));
            anchorPs = nowPs;
            lastCutPs = nowPs;
        }
    }
}
