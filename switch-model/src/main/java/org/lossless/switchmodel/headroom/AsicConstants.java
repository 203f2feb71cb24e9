package org.lossless.switchmodel.headroom;

/**
 * Per-ASIC constants of the SONiC dynamic headroom model (STATE_DB {@code ASIC_TABLE}); SONiC stores the
 * latencies in KB and the Lua multiplies them by 1024.
 *
 * @param name                 e.g. {@code MELLANOX-SPECTRUM}
 * @param cellBytes            buffer cell, bytes
 * @param pipelineLatencyBytes the XON size (pipeline latency), bytes
 * @param macPhyDelayBytes     bytes held in the MAC/PHY when XOFF is generated
 * @param peerResponseBytes    SONiC's peer response for a speed without a pause-quanta entry, bytes; kept for reference
 *                             only: here such a speed takes the next faster speed's quanta ({@link PeerResponse})
 * @param speedOverheadBytes   added to size without a shared headroom pool (0 for 4-lane ports)
 */
public record AsicConstants(String name, int cellBytes, double pipelineLatencyBytes, double macPhyDelayBytes,
                            double peerResponseBytes, long speedOverheadBytes) {
    /** Spectrum-1: cell 96 B, pipeline latency 18 KB, MAC/PHY 0.8 KB, peer response 3.8 KB (reference §5.3). */
    public static final AsicConstants SPECTRUM_1 =
            new AsicConstants("MELLANOX-SPECTRUM", 96, 18 * 1024, 0.8 * 1024, 3.8 * 1024, 0);

    public AsicConstants {
        if (cellBytes < 1 || pipelineLatencyBytes < 0 || macPhyDelayBytes < 0 || peerResponseBytes < 0
                || speedOverheadBytes < 0) {
            throw new IllegalArgumentException("ASIC constants must be >= 0 (cell >= 1): " + name);
        }
    }
}
