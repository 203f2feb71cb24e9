package org.lossless.switchmodel.ecn;

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
        if (kminBytes < 0) {
            throw new IllegalArgumentException("switch.ecn.kmin must be >= 0 bytes, got " + kminBytes);
        }
        if (kmaxBytes < kminBytes) {
            throw new IllegalArgumentException("switch.ecn.kmax (" + kmaxBytes + " B) must be >= kmin (" + kminBytes + " B)");
        }
        if (!(pmax >= 0 && pmax <= 1)) {
            throw new IllegalArgumentException("switch.ecn.pmax must be in [0, 1], got " + pmax);
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
