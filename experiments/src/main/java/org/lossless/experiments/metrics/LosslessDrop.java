package org.lossless.experiments.metrics;

/**
 * Frames of a lossless (PFC) class dropped for lack of buffer after a PAUSE: what PFC exists to prevent. One per
 * switch ingress (port, priority group) whose headroom overflowed ({@link #SWITCH}), and one per NIC receive buffer
 * and priority that was full ({@link #NIC}, {@code nic.rx_buffer}) (summary.json {@code drops.lossless}, the run's
 * console warning). Frames the PFC watchdog's drop action discards are not here: they are dropped on purpose and
 * reported with the watchdog.
 *
 * <p>A switch drop is counted where it happened: the <b>ingress</b> port whose headroom overflowed, facing {@code
 * peer}, the transmitter that kept sending after the PAUSE. ({@code ports.csv} counts the same frames at the egress
 * port and queue they were headed for; a NIC's at its own row.)
 *
 * @param kind          {@link #SWITCH} or {@link #NIC}
 * @param node          the switch, or the host
 * @param port          the switch's ingress port (0 for a NIC)
 * @param peer          the node at the other end of that port's cable
 * @param priorityGroup the ingress priority group (a NIC: the frames' priority)
 * @param packets       frames dropped
 * @param bytes         frame bytes dropped
 * @param poolDryPackets of {@code packets}, those the group's own headroom had room for but its pool's shared
 *                      headroom pool did not
 * @param headroomBytes the group's headroom (its configured xoff), buffer bytes; a NIC: the receive buffer's size
 * @param peakBytes     the most headroom the group held, buffer bytes; a NIC: the buffer's peak occupancy
 */
public record LosslessDrop(String kind, String node, int port, String peer, int priorityGroup, long packets,
                           long bytes, long poolDryPackets, long headroomBytes, long peakBytes) {
    /** A switch's ingress priority group whose headroom overflowed. */
    public static final String SWITCH = "switch_headroom";
    /** A NIC's receive buffer that was full. */
    public static final String NIC = "nic_rx_buffer";

    public LosslessDrop {
        if (!SWITCH.equals(kind) && !NIC.equals(kind)) {
            throw new IllegalArgumentException("kind must be " + SWITCH + " or " + NIC + ", got " + kind);
        }
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
