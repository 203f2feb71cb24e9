package org.lossless.experiments.metrics;

/** One row of {@code ports.csv}: one port and priority that carried traffic. Bytes are frame bytes. */
public record PortResult(String node, int port, String peer, int priority, long rateBps, long txBytes,
                         long txPackets, long drops, long ecnMarked, long pauseTx, long pauseRx, long pausedPs,
                         long maxQueueBytes) {
}
