package org.lossless.nic;

/**
 * One message (an RDMA WRITE) on one RC queue pair, from a source host to a destination host: its
 * definition plus the progress the NICs record. Flow ids are dense, 0..n-1, so state can live in arrays.
 *
 * <p>A connection that spreads one user message over several QPs (scenario key {@code qps}) is several
 * Flows here, one per QP, each with its own UDP source port, PSNs, rate limiter and DCQCN state; the
 * experiments layer maps them back to the user's flow. The NIC therefore knows only single-QP flows.
 */
public final class Flow {
    public final int id;
    public final String workload;
    public final int src;
    public final int dst;
    public final long sizeBytes;
    public final long startPs;
    public final int priority;
    /** RoCEv2 UDP source port of this flow's QP, 49152..65535 (ECMP entropy). */
    public final int udpSrcPort;

    /** Payload bytes the destination holds, in order. */
    long receivedBytes;
    /** Next PSN the destination expects. */
    long expectedPsn;
    /** When the destination held the last byte, ps; -1 until then. */
    long finishPs = -1;
    /** When the source saw the last ACK, ps; -1 until then. */
    long ackedPs = -1;
    /** The expected PSN for which the destination last sent a NACK (one NACK per gap); -1 none. */
    long nackedPsn = -1;
    /** Data packets the source sent again (go-back-N after a NACK or a timeout). */
    long retransmittedPackets;
    /** Retransmission timeouts that fired for this flow. */
    long timeouts;
    /** The sender's queue pair, once started. */
    QueuePair qp;
    /** The receiver's DCQCN notification point, created at the first CE mark. */
    org.lossless.nic.dcqcn.NotificationPoint np;

    /** A flow on its own QP whose UDP source port is {@link HostNic#udpSourcePort(int) derived from its id}. */
    public Flow(int id, String workload, int src, int dst, long sizeBytes, long startPs, int priority) {
        this(id, workload, src, dst, sizeBytes, startPs, priority, HostNic.udpSourcePort(id));
    }

    /** A flow whose QP uses RoCEv2 UDP source port {@code udpSrcPort} (49152..65535). */
    public Flow(int id, String workload, int src, int dst, long sizeBytes, long startPs, int priority,
                int udpSrcPort) {
        if (id < 0) {
            throw new IllegalArgumentException("flow id must be >= 0");
        }
        if (src == dst) {
            throw new IllegalArgumentException("flow " + id + ": source and destination are both host " + src);
        }
        if (sizeBytes <= 0) {
            throw new IllegalArgumentException("flow " + id + ": size must be > 0 bytes, got " + sizeBytes);
        }
        if (startPs < 0) {
            throw new IllegalArgumentException("flow " + id + ": start must be >= 0 ps");
        }
        if (priority < 0 || priority > 7) {
            throw new IllegalArgumentException("flow " + id + ": priority must be 0..7, got " + priority);
        }
        if (udpSrcPort < HostNic.UDP_PORT_MIN || udpSrcPort > HostNic.UDP_PORT_MAX) {
            throw new IllegalArgumentException("flow " + id + ": UDP source port must be " + HostNic.UDP_PORT_MIN
                    + ".." + HostNic.UDP_PORT_MAX + ", got " + udpSrcPort);
        }
        this.id = id;
        this.workload = workload;
        this.src = src;
        this.dst = dst;
        this.sizeBytes = sizeBytes;
        this.startPs = startPs;
        this.priority = priority;
        this.udpSrcPort = udpSrcPort;
    }

    public boolean finished() {
        return finishPs >= 0;
    }

    public long finishPs() {
        return finishPs;
    }

    public long receivedBytes() {
        return receivedBytes;
    }

    public long ackedPs() {
        return ackedPs;
    }

    /**
     * The sender's current rate-limiter rate, bps: 0 before the flow starts and after the source has
     * sent and seen acknowledged every byte.
     */
    public long currentRateBps(long nowPs) {
        return qp == null || ackedPs >= 0 ? 0 : qp.rateBps(nowPs);
    }

    /** CNPs (or CNP flags) the source's reaction point received; 0 without congestion control. */
    public long cnpsReceived() {
        return qp == null || qp.rp == null ? 0 : qp.rp.cnps();
    }

    public long retransmittedPackets() {
        return retransmittedPackets;
    }

    public long timeouts() {
        return timeouts;
    }

    /** Number of packets at payload {@code mtu} bytes each (the last may be shorter). */
    public long packets(int mtu) {
        return (sizeBytes + mtu - 1) / mtu;
    }
}
