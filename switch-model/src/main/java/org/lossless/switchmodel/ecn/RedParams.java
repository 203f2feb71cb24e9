package org.lossless.switchmodel.ecn;

import org.lossless.core.units.Units;

/**
 * RED/ECN marking curve on the egress queue length q in bytes:
 * p(q) = 0 for q &le; K_min; P_max·(q − K_min)/(K_max − K_min) for K_min &lt; q &le; K_max; 1 for q &gt; K_max.
 *
 * @param kminBytes K_min, bytes, &ge; 0
 * @param kmaxBytes K_max, bytes, &ge; K_min (equal: a step from 0 to 1 at K_min)
 * @param pmax      P_max in [0, 1]
 */
public record RedParams(long kminBytes, long kmaxBytes, double pmax) {
    public RedParams {
        check(kminBytes, kmaxBytes, pmax, "switch.ecn");
    }

    /**
     * The curve's invariants, checked here only: K_min &ge; 0, K_max &ge; K_min, P_max in [0, 1]. The settings of
     * {@code switch.ecn} (as written, and resolved per port speed) call this too, on the values they have: an unset
     * (null) value is not checked.
     *
     * @param where the section's key path ({@code switch.ecn}, {@code switch.ecn.by_rate}), for the messages
     * @throws Order when K_max is below K_min
     * @throws IllegalArgumentException when K_min or P_max is out of its range
     */
    public static void check(Long kmin, Long kmax, Double pmax, String where) {
        if (kmin != null && kmin < 0) {
            throw new IllegalArgumentException(where + ".kmin must be >= 0 bytes, got " + kmin);
        }
        if (kmin != null && kmax != null && kmax < kmin) {
            throw new Order(where, kmin, kmax);
        }
        if (pmax != null && !(pmax >= 0 && pmax <= 1)) {
            throw new IllegalArgumentException(where + ".pmax must be in [0, 1], got " + pmax);
        }
    }

    /**
     * K_max below K_min. The message names the section ({@code switch.ecn.kmax (100000 B) must be >= kmin (400000 B)});
     * {@link #atKey()} is the same refusal as the scenario reader reports it at the key that set K_max (or K_min).
     */
    public static final class Order extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final long kmin;
        private final long kmax;

        Order(String where, long kmin, long kmax) {
            super(where + ".kmax (" + kmax + " B) must be >= kmin (" + kmin + " B)");
            this.kmin = kmin;
            this.kmax = kmax;
        }

        /** The refusal at a key path: {@code kmax (100KB) must be >= kmin (400KB)}. */
        public String atKey() {
            return "kmax (" + Units.formatSize(kmax) + ") must be >= kmin (" + Units.formatSize(kmin) + ")";
        }
    }

    /** Marking probability at queue length {@code queueBytes}. */
    public double probability(long queueBytes) {
        if (queueBytes <= kminBytes) {
            return 0;
        }
        if (queueBytes > kmaxBytes) {
            return 1;
        }
        return pmax * (double) (queueBytes - kminBytes) / (double) (kmaxBytes - kminBytes);
    }
}
