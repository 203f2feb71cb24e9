package org.lossless.experiments.scenario;

import java.util.Objects;

/**
 * The {@code switch} section, the same for every switch of the fabric.
 *
 * @param bufferBytes shared packet buffer per switch, bytes (&gt; 0)
 * @param pfc         priority flow control
 * @param ecn         RED-style ECN marking on egress queues
 */
public record SwitchConfig(long bufferBytes, PfcConfig pfc, EcnConfig ecn) {
    public SwitchConfig {
        if (bufferBytes <= 0) {
            throw new IllegalArgumentException("switch buffer must be > 0 bytes, got " + bufferBytes);
        }
        Objects.requireNonNull(pfc, "pfc");
        Objects.requireNonNull(ecn, "ecn");
    }
}
