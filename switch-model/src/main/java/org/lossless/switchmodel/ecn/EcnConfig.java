package org.lossless.switchmodel.ecn;

import java.util.Map;
import java.util.TreeMap;

/**
 * ECN settings of a switch ({@code switch.ecn}): on/off, marking point, and RED parameters per port
 * speed (HPCC {@code KMIN_MAP/KMAX_MAP/PMAX_MAP}); {@code defaults} applies to speeds without an entry.
 *
 * @param enabled  whether the switch marks at all
 * @param markOn   dequeue (default) or enqueue
 * @param defaults parameters for any port speed not in {@code perRate}; may be null only if every
 *                 port speed has an entry
 * @param perRate  port speed (bps) → parameters; may be empty
 */
public record EcnConfig(boolean enabled, MarkPoint markOn, RedParams defaults, Map<Long, RedParams> perRate) {
    public EcnConfig {
        if (markOn == null) {
            throw new IllegalArgumentException("switch.ecn.mark_on must be dequeue or enqueue");
        }
        perRate = perRate == null ? Map.of() : Map.copyOf(perRate);
        if (enabled && defaults == null && perRate.isEmpty()) {
            throw new IllegalArgumentException("switch.ecn: kmin, kmax and pmax are required when ECN is enabled");
        }
    }

    /** One parameter set for every speed, marking at dequeue. */
    public static EcnConfig of(long kminBytes, long kmaxBytes, double pmax) {
        return new EcnConfig(true, MarkPoint.DEQUEUE, new RedParams(kminBytes, kmaxBytes, pmax), Map.of());
    }

    /**
     * Parameters for a port of {@code rateBps}.
     *
     * @throws IllegalArgumentException if the speed has no entry and there is no default
     */
    public RedParams paramsFor(long rateBps) {
        RedParams p = perRate.get(rateBps);
        if (p != null) {
            return p;
        }
        if (defaults == null) {
            throw new IllegalArgumentException("switch.ecn: no kmin/kmax/pmax for port speed " + rateBps
                    + " bps; speeds configured: " + new TreeMap<>(perRate).keySet());
        }
        return defaults;
    }
}
