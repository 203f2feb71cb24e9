package org.lossless.core.net;

/**
 * The DSCP (the IP header's 6-bit Differentiated Services Code Point, 0..63) conventions shared by NICs and
 * switches. The default is the class-selector convention (RFC 2474 §4.2.2): priority p is marked CS p =
 * 8·p, and a switch without an explicit {@code switch.qos_map.dscp_to_tc} maps DSCP d to traffic class
 * d &gt;&gt; 3 (the top three bits), which is also the mlx5 NIC's default DSCP-to-priority table. So a
 * scenario that never mentions a DSCP classifies every packet by its NIC priority, as before DSCPs existed,
 * and an explicit DSCP 26 (AF31, the usual RoCE marking) lands on traffic class 3. With the default CNP
 * priority 6 the default CNP DSCP is 48, mlx5's {@code cnp_dscp} default.
 */
public final class Dscp {
    /** Largest DSCP value. */
    public static final int MAX = 63;
    /** Number of DSCP values (array size of a DSCP-indexed table). */
    public static final int VALUES = 64;

    private Dscp() {
    }

    /** The default DSCP of priority {@code p} (0..7): class selector CS p = 8·p. */
    public static int ofPriority(int p) {
        if (p < 0 || p > 7) {
            throw new IllegalArgumentException("priority must be 0..7, got " + p);
        }
        return p << 3;
    }

    /** The default traffic class of DSCP {@code d} (0..63): its class-selector bits, d &gt;&gt; 3. */
    public static int defaultTrafficClass(int d) {
        if (d < 0 || d > MAX) {
            throw new IllegalArgumentException("DSCP must be 0..63, got " + d);
        }
        return d >> 3;
    }
}
