package org.lossless.core.net;

/**
 * Told of every frame an {@link EgressPort} finishes serializing (validation tests and tools; see
 * {@link EgressPort#probe}). Called before the frame enters its link; it must not keep or change the
 * frame (it is recycled after delivery).
 */
@FunctionalInterface
public interface TxProbe {
    /**
     * @param frame   the frame (data, control or PFC)
     * @param startPs when its first bit went on the wire, ps
     * @param endPs   when its last bit did (now), ps
     */
    void transmitted(Packet frame, long startPs, long endPs);
}
