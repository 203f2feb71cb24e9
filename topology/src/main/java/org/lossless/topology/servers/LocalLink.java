package org.lossless.topology.servers;

/**
 * A link inside a server (NVLink between GPUs, PCIe between a GPU and its NIC): one direction's rate and the
 * time from a transfer's last byte leaving its sender to it landing at the other end. Both directions have
 * their own rate (full duplex).
 *
 * @param rateBps   rate of one direction, bits per second, &gt; 0
 * @param latencyPs latency after the last byte, picoseconds, &gt;= 0
 */
public record LocalLink(long rateBps, long latencyPs) {
    public LocalLink {
        if (rateBps <= 0) {
            throw new IllegalArgumentException("a server link's rate must be > 0 bps, got " + rateBps);
        }
        if (latencyPs < 0) {
            throw new IllegalArgumentException("a server link's latency must be >= 0 ps, got " + latencyPs);
        }
    }
}
