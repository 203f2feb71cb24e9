package org.lossless.core.net;

/**
 * Told of every frame an {@link EgressPort} transmits (validation tests and tools; see
 * {@link EgressPort#probe}), when its transmission starts, with the time it will end. Called before the frame
 * enters its link; it must not keep or change the frame (it is recycled after delivery).
 */
@FunctionalInterface
public interface TxProbe {
    /**
     * @param frame   the frame (data, control or PFC)
     * @param startPs when its first bit went on the wire, ps
     * @param endPs   when its last bit leaves, ps (the frame is lost instead if the link fails before)
     */
    void transmitted(Packet frame, long startPs, long endPs);
}
