package org.lossless.plots.data;

/** One row of {@code pfcwd.csv}: a PFC watchdog storm episode; {@code endPs} -1 while still stormed. */
public record StormRow(String node, int port, int priority, long startPs, long endPs, String action,
                       long droppedPackets) {
}
