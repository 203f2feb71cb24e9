package org.lossless.plots.data;

/** One row of {@code ports.csv}: one egress port and priority; bytes are frame bytes, times ps. */
public record PortRow(String node, int port, String peer, int priority, long rateBps, long txBytes, long txPackets,
                      long drops, long ecnMarked, long pauseTx, long pauseRx, long pausedPs, long maxQueueBytes) {
    /** {@code node:port}, the name of the egress port (as in {@code telemetry.queues}). */
    public String portName() {
        return node + ":" + port;
    }
}
