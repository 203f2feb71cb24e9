package org.lossless.plots.data;

/**
 * One row of {@code pause_graph.csv}: one pause episode sent by {@code node} on its {@code port}.
 *
 * @param endPs    when the XON ended it, ps; -1 if still held when the run ended
 * @param cause    {@code congestion}, {@code host_rx_buffer} (roots) or {@code propagated}
 * @param causedBy the episode id that caused a propagated pause; -1 for a root or when unknown
 * @param depth    1 for a root, 1 + the causing episode's depth otherwise
 */
public record PauseRow(int id, long timePs, long endPs, String node, int port, int priority, String peer, String cause,
                       int causePort, int causedBy, int depth) {
    public boolean root() {
        return !"propagated".equals(cause);
    }

    /** {@code node:port/prio}: the pausing port and priority. */
    public String key() {
        return node + ":" + port + "/" + priority;
    }
}
