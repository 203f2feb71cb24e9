package org.lossless.switchmodel.settings;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Threshold profile of lossy PGs ({@code switch.lossy_pg}) or of egress queues
 * ({@code switch.queues.lossless}, {@code switch.queues.lossy}); new keys, SONiC {@code BUFFER_PROFILE}.
 *
 * @param pool      pool name (with explicit {@code switch.pools}); null = the default pool
 * @param reserved  guaranteed bytes (SONiC {@code size} on these profiles)
 * @param dynamicTh α = 2^dynamic_th; exclusive with {@code staticTh}
 * @param staticTh  fixed limit, bytes
 */
public record BufferProfileSettings(String pool, Long reserved, Integer dynamicTh, Long staticTh) {
    public BufferProfileSettings {
        if (dynamicTh != null && staticTh != null) {
            throw new IllegalArgumentException("set dynamic_th or static_th, not both");
        }
        if (reserved != null && reserved < 0 || staticTh != null && staticTh < 0) {
            throw new IllegalArgumentException("reserved and static_th must be >= 0 bytes");
        }
    }

    /**
     * Unset values filled: pool {@code defaultPool}, reserved {@link BufferSchema}'s default (0) and, when {@code defaultDynamicTh} is not
     * null and no static_th is set, dynamic_th {@code defaultDynamicTh}.
     */
    public static BufferProfileSettings resolved(BufferProfileSettings b, String defaultPool, Integer defaultDynamicTh) {
        BufferProfileSettings p = b == null ? new BufferProfileSettings(null, null, null, null) : b;
        Integer dyn = p.staticTh != null ? null : p.dynamicTh != null ? p.dynamicTh : defaultDynamicTh;
        return new BufferProfileSettings(p.pool == null ? defaultPool : p.pool, p.reserved == null ? (Long) BufferSchema.DEFAULT_RESERVED : p.reserved,
                dyn, p.staticTh);
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        Put.put(m, "pool", pool);
        Put.put(m, "reserved", reserved);
        Put.put(m, "dynamic_th", dynamicTh);
        Put.put(m, "static_th", staticTh);
        return m;
    }
}
