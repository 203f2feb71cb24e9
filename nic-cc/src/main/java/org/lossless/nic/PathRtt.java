package org.lossless.nic;

/**
 * The base round-trip time of the path between two hosts, for {@code nic.window: bdp} and the congestion
 * controls that need it ({@link org.lossless.nic.cc.CcAlgorithm#needsPath()}): the time from
 * the start of a full-MTU data packet at the source until its ACK has arrived back, in the empty network.
 * The experiments layer supplies it from the topology and routes.
 */
@FunctionalInterface
public interface PathRtt {
    /** Base RTT, ps, from host {@code srcHost} to {@code dstHost} and back. */
    long ps(int srcHost, int dstHost);

    /** Switches on the path from {@code srcHost} to {@code dstHost} (Swift's hop count); 0 by default. */
    default int switches(int srcHost, int dstHost) {
        return 0;
    }
}
