package org.lossless.experiments.scenario;

import java.util.Objects;

/**
 * The {@code nic} section, the same for every host.
 *
 * @param mtuBytes RDMA payload bytes per packet (64..9000); headers come on top (WireFormat)
 * @param cc       congestion control
 * @param dcqcn    DCQCN profile and overrides (read whatever {@code cc} is, used when it is dcqcn)
 */
public record NicConfig(int mtuBytes, CongestionControl cc, DcqcnConfig dcqcn) {
    public static final int MIN_MTU = 64;
    public static final int MAX_MTU = 9000;

    public NicConfig {
        if (mtuBytes < MIN_MTU || mtuBytes > MAX_MTU) {
            throw new IllegalArgumentException("mtu must be " + MIN_MTU + ".." + MAX_MTU + " bytes, got " + mtuBytes);
        }
        Objects.requireNonNull(cc, "cc");
        Objects.requireNonNull(dcqcn, "dcqcn");
    }

    /** {@code nic.cc}: written in lower case in the file. */
    public enum CongestionControl {
        DCQCN, HPCC, TIMELY, DCTCP, NONE
    }
}
