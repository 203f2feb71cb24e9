package org.lossless.switchmodel.settings;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One entry of {@code switch.pools} (new key; SONiC {@code BUFFER_POOL}).
 *
 * @param name         pool name, e.g. {@code ingress_lossless_pool}
 * @param type         {@code ingress} or {@code egress}
 * @param mode         {@code static} or {@code dynamic} (informative: thresholds are set per profile)
 * @param size         shared size, bytes
 * @param headroomPool shared headroom pool size (SONiC {@code xoff}), bytes; ingress only; null = none
 */
public record PoolSettings(String name, String type, String mode, Long size, Long headroomPool) {
    public PoolSettings {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("switch.pools[].name is required");
        }
        if (!"ingress".equals(type) && !"egress".equals(type)) {
            throw new IllegalArgumentException("switch.pools[" + name + "].type must be ingress or egress, got " + type);
        }
        if (size == null || size < 0) {
            throw new IllegalArgumentException("switch.pools[" + name + "].size must be >= 0 bytes, got " + size);
        }
        if (headroomPool != null && (headroomPool < 0 || "egress".equals(type))) {
            throw new IllegalArgumentException("switch.pools[" + name + "].headroom_pool must be >= 0 and on an ingress pool");
        }
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        Put.put(m, "name", name);
        Put.put(m, "type", type);
        Put.put(m, "mode", mode);
        Put.put(m, "size", size);
        Put.put(m, "headroom_pool", headroomPool);
        return m;
    }
}
