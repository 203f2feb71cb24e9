package org.lossless.experiments.run;

/**
 * Frames of a lossless (PFC) priority group that a switch dropped because the group's headroom was full: what
 * PFC exists to prevent. One per switch ingress (port, priority group) that dropped any (summary.json
 * {@code drops.lossless}, the run's console warning).
 *
 * <p>The drop is counted where it happened: the <b>ingress</b> port whose headroom overflowed, facing {@code peer},
 * the transmitter that kept sending after the PAUSE. ({@code ports.csv} counts the same frames at the egress port and
 * queue they were headed for.)
 *
 * @param node          the switch
 * @param port          its ingress port
 * @param peer          the node at the other end of that port's cable
 * @param priorityGroup the ingress priority group
 * @param packets       frames dropped
 * @param bytes         frame bytes dropped
 * @param poolDryPackets of {@code packets}, those the group's own headroom had room for but its pool's shared
 *                      headroom pool did not
 * @param headroomBytes the group's headroom (its configured xoff), buffer bytes
 * @param peakBytes     the most headroom the group held, buffer bytes
 */
public record LosslessDrop(String node, int port, String peer, int priorityGroup, long packets, long bytes,
                           long poolDryPackets, long headroomBytes, long peakBytes) {
    public LosslessDrop {
        if (packets <= 0 || bytes < 0 || poolDryPackets < 0 || poolDryPackets > packets || headroomBytes < 0
                || peakBytes < 0) {
            throw new IllegalArgumentException("a lossless drop needs packets > 0 and sizes >= 0: " + packets + ", "
                    + bytes + ", " + headroomBytes + ", " + peakBytes);
        }
    }

    /** "agg22:1" */
    public String where() {
        return node + ":" + port;
    }
}
