package org.lossless.switchmodel.settings;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code switch.llr}: injected frame errors on every link and link-level retry (Ultra Ethernet LLR) against them
 * ({@link org.lossless.switchmodel.llr.LlrLink}).
 *
 * @param enabled        whether every link retries a corrupted frame from its transmitter's replay buffer (else a
 *                       corrupted frame is lost and the transport recovers it)
 * @param frameErrorRate probability that a frame is corrupted on a link, 0..1 (default 0: no errors)
 */
public record LlrSettings(boolean enabled, double frameErrorRate) {
    public LlrSettings {
        if (!(frameErrorRate >= 0 && frameErrorRate <= 1)) {
            throw new IllegalArgumentException("switch.llr.frame_error_rate must be 0..1, got " + frameErrorRate);
        }
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("enabled", enabled);
        m.put("frame_error_rate", frameErrorRate);
        return m;
    }
}
