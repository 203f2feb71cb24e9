package org.lossless.plots.data;

/**
 * One row of {@code thresholds.csv}: the reference levels of a switch egress queue, bytes; -1 where the file's
 * cell is empty (ECN off; a priority PFC does not protect).
 *
 * @param xoffBytes the queue length at which the switch first asks for XOFF when one ingress port feeds the queue
 */
public record ThresholdRow(String node, int port, int priority, long rateBps, long kminBytes, long kmaxBytes,
                           long xoffBytes) {
    /** {@code node:port/prio}, as the queue charts name a queue. */
    public String key() {
        return node + ":" + port + "/" + priority;
    }
}
