package org.lossless.topology.io;

import org.lossless.topology.Topology;

/**
 * One line of an HPCC flow file: {@code src dst pg dport size start}.
 *
 * @param src           source node id (HPCC numbering; = host number for topologies with hosts first)
 * @param dst           destination node id
 * @param priorityGroup priority group (HPCC's generator writes 3), 0..7
 * @param dport         destination port, used as a tag: 100 background, 200 incast
 * @param sizeBytes     message size, bytes (&gt;= 1)
 * @param startPs       start time, picoseconds of HPCC simulated time (HPCC flows conventionally
 *                      start at 2 s: {@link #CONVENTIONAL_START_PS})
 */
public record HpccFlow(int src, int dst, int priorityGroup, int dport, long sizeBytes, long startPs) {
    /** Simulated time at which HPCC's generator starts traffic: 2.0 s. */
    public static final long CONVENTIONAL_START_PS = 2_000_000_000_000L;
    /** dport tag of background flows. */
    public static final int DPORT_BACKGROUND = 100;
    /** dport tag of incast flows. */
    public static final int DPORT_INCAST = 200;

    public HpccFlow {
        if (src < 0 || dst < 0 || src == dst) {
            throw new IllegalArgumentException("flow " + src + "->" + dst + ": src and dst must be different node ids "
                    + ">= 0");
        }
        if (priorityGroup < 0 || priorityGroup > 7) {
            throw new IllegalArgumentException("flow " + src + "->" + dst + ": priority group must be 0..7, got "
                    + priorityGroup);
        }
        if (dport < 0 || dport > 65_535) {
            throw new IllegalArgumentException("flow " + src + "->" + dst + ": dport must be 0..65535, got " + dport);
        }
        if (sizeBytes < 1) {
            throw new IllegalArgumentException("flow " + src + "->" + dst + ": size must be >= 1 byte, got "
                    + sizeBytes);
        }
        if (startPs < 0) {
            throw new IllegalArgumentException("flow " + src + "->" + dst + ": start must be >= 0, got " + startPs
                    + " ps");
        }
    }

    /** A flow between host numbers of {@code t}, converted to node ids. */
    public static HpccFlow ofHosts(Topology t, int srcHost, int dstHost, int priorityGroup, int dport,
            long sizeBytes, long startPs) {
        return new HpccFlow(t.hostNode(srcHost), t.hostNode(dstHost), priorityGroup, dport, sizeBytes, startPs);
    }

    /** This flow starting {@code deltaPs} later. */
    public HpccFlow shifted(long deltaPs) {
        return new HpccFlow(src, dst, priorityGroup, dport, sizeBytes, startPs + deltaPs);
    }
}
