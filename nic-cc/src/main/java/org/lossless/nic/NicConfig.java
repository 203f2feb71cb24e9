package org.lossless.nic;

/**
 * NIC settings.
 *
 * @param mtu      RDMA payload bytes per packet (path MTU), 256..9000
 * @param ackEvery the receiver ACKs every this many data packets, and always the last one
 */
public record NicConfig(int mtu, int ackEvery) {
    public NicConfig {
        if (mtu < 64 || mtu > 9000) {
            throw new IllegalArgumentException("nic.mtu must be 64..9000 bytes, got " + mtu);
        }
        if (ackEvery < 1) {
            throw new IllegalArgumentException("ACK interval must be >= 1 packet, got " + ackEvery);
        }
    }
}
