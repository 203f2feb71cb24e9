package org.lossless.experiments.metrics;

/**
 * One pause episode and why it happened: a row of {@code pause_graph.csv} and an edge of the pause
 * propagation graph (reference switch-buffer-pfc.md §3.3). "Node {@code node} paused the transmitter of
 * {@code peer} on the cable of its port {@code port}, for {@code priority}, because its egress
 * {@code causePort} held the priority group's bytes and was congested ({@link Cause#CONGESTION}) or was
 * itself paused by episode {@code causedBy} ({@link Cause#PROPAGATED})".
 *
 * @param id           episode number, 0-based, in the order the episodes began (event order)
 * @param timePs       when the first XOFF of the episode was sent, ps (refreshes are not episodes)
 * @param endPs        when the XON that ended it was sent, ps, or -1 if it was still held at the end of the run
 * @param node         the node that sent the XOFF (a switch, or a host NIC with a receive buffer)
 * @param port         its port the XOFF left on (a switch: the ingress port of the paused priority group)
 * @param peer         the paused transmitter's node (other end of the cable)
 * @param peerPort     the paused transmitter's port
 * @param causePort    switch: the egress port whose queue of {@code priority} held most of the group's bytes;
 *                     -1 for a NIC
 * @param causePeer    the node that egress port faces; empty for a NIC
 * @param queuedBytes  switch: frame bytes from ingress {@code port} queued at ({@code causePort}, {@code priority})
 *                     at the XOFF; -1 for a NIC
 * @param causedBy     propagated: the id of the episode holding {@code causePort} paused, or -1 if none was
 *                     found; -1 for a root
 * @param causedByNode propagated: the node whose pause holds {@code causePort} (= causePeer); empty for a root
 * @param causedByPort propagated: that node's port towards {@code node}; -1 for a root
 * @param depth        1 for a root; 1 + the depth of {@code causedBy} for a propagated pause (2 when the
 *                     causing episode is unknown)
 */
public record PauseEdge(int id, long timePs, long endPs, String node, int port, int priority, String peer,
                        int peerPort, Cause cause, int causePort, String causePeer, long queuedBytes, int causedBy,
                        String causedByNode, int causedByPort, int depth) {

    /** Why a pause began. */
    public enum Cause {
        /** Root: the egress queue holding the group's bytes was not paused, so it was congested (e.g. incast). */
        CONGESTION("congestion"),
        /** The egress queue holding the group's bytes was paused by its downstream neighbour. */
        PROPAGATED("propagated"),
        /** Root: a host NIC's receive buffer ({@code nic.rx_buffer}) crossed its XOFF level (slow receiver). */
        HOST_RX_BUFFER("host_rx_buffer");

        private final String key;

        Cause(String key) {
            this.key = key;
        }

        /** The value written in {@code pause_graph.csv}. */
        public String key() {
            return key;
        }
    }

    /** Whether this episode starts a chain (not caused by another pause). */
    public boolean root() {
        return cause != Cause.PROPAGATED;
    }
}
