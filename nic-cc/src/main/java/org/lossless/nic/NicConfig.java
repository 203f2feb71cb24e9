package org.lossless.nic;

/**
 * NIC settings.
 *
 * @param mtu      RDMA payload bytes per packet (path MTU), 64..9000
 * @param ackEvery the receiver ACKs every this many data packets, and always the last one
 * @param rtoPs    retransmission timeout, ps: a QP with unacknowledged data that has seen no ACK
 *                 progress and sent nothing for this long goes back to its first unacknowledged packet
 */
public record NicConfig(int mtu, int ackEvery, long rtoPs) {
    /** Default retransmission timeout: 1 ms. */
    public static final long DEFAULT_RTO_PS = 1_000_000_000L;

    public NicConfig {
        if (mtu < 64 || mtu > 9000) {
            throw new IllegalArgumentException("nic.mtu must be 64..9000 bytes, got " + mtu);
        }
        if (ackEvery < 1) {
            throw new IllegalArgumentException("ACK interval must be >= 1 packet, got " + ackEvery);
        }
        if (rtoPs <= 0) {
            throw new IllegalArgumentException("retransmission timeout must be > 0 ps, got " + rtoPs);
        }
    }

    public NicConfig(int mtu, int ackEvery) {
        this(mtu, ackEvery, DEFAULT_RTO_PS);
    }
}
