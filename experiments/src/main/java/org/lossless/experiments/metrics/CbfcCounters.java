package org.lossless.experiments.metrics;

import java.util.List;

/**
 * Credit-based flow control over one run ({@code summary.json} {@code cbfc}, the console's CBFC line): how long
 * classes waited for credit and how full the credited buffers got.
 *
 * @param priorities    the classes under CBFC
 * @param minGrantBytes the smallest credit a receiver granted per class on a link, bytes
 * @param maxGrantBytes the largest, bytes
 * @param creditDelayPs the credit-update handling delay, ps
 * @param stallPs       time classes had a frame to send but not its credit, summed over every port and class, ps
 * @param stalls        stalls (of positive length) over every port and class
 * @param creditFrames  credit update frames sent over the fabric
 * @param peakHeldBytes the most bytes of one (switch ingress port, class) held at once, over the fabric
 * @param peakHeldOfGrant that use as a fraction of its grant, the largest over the fabric (at most 1 by construction)
 * @param overGrant     arrivals that took a (port, class) over its grant: 0 unless the model is broken
 * @param ports         the ports that stalled longest (at most {@link #PORTS_LISTED}), longest first
 * @param portsStalled  how many (port, class) stalled at all
 */
public record CbfcCounters(List<Integer> priorities, long minGrantBytes, long maxGrantBytes, long creditDelayPs,
                           long stallPs, long stalls, long creditFrames, long peakHeldBytes, double peakHeldOfGrant,
                           long overGrant, List<PortStall> ports, int portsStalled) {
    /** Ports listed under {@code cbfc.ports} at most. */
    public static final int PORTS_LISTED = 20;

    public CbfcCounters {
        priorities = List.copyOf(priorities);
        ports = List.copyOf(ports);
        if (stallPs < 0 || stalls < 0 || creditFrames < 0 || peakHeldBytes < 0 || overGrant < 0 || portsStalled < 0) {
            throw new IllegalArgumentException("CBFC counters are never negative");
        }
    }

    /**
     * One transmitter's stalls for want of credit.
     *
     * @param node     the transmitting node
     * @param port     its port index
     * @param peer     the node at the other end (the receiver granting the credit)
     * @param priority the class
     * @param stallPs  time the class had a frame to send but not its credit, ps
     * @param stalls   how many times
     */
    public record PortStall(String node, int port, String peer, int priority, long stallPs, long stalls) {
    }
}
