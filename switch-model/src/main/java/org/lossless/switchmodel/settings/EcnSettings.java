package org.lossless.switchmodel.settings;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code switch.ecn}: enabled, kmin, kmax (bytes), pmax (0..1), mark_on (dequeue | enqueue).
 */
public record EcnSettings(Boolean enabled, Long kmin, Long kmax, Double pmax, String markOn) {
    public EcnSettings {
        if (kmin != null && kmax != null && kmax < kmin) {
            throw new IllegalArgumentException("switch.ecn.kmax (" + kmax + " B) must be >= kmin (" + kmin + " B)");
        }
        if (pmax != null && !(pmax >= 0 && pmax <= 1)) {
            throw new IllegalArgumentException("switch.ecn.pmax must be in [0, 1], got " + pmax);
        }
        if (markOn != null && !markOn.equals("dequeue") && !markOn.equals("enqueue")) {
            throw new IllegalArgumentException("switch.ecn.mark_on must be dequeue or enqueue, got '" + markOn + "'");
        }
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        Put.put(m, "enabled", enabled);
        Put.put(m, "kmin", kmin);
        Put.put(m, "kmax", kmax);
        Put.put(m, "pmax", pmax);
        Put.put(m, "mark_on", markOn);
        return m;
    }
}
