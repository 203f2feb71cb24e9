package org.lossless.workloads.traffic;

/**
 * How a message is spread over its connection's {@code qps} RC queue pairs, as NCCL does with
 * {@code NCCL_IB_QPS_PER_CONNECTION}.
 *
 * <p>Split: a message of {@code P = ceil(size / mtu)} packets uses {@code N = min(qps, P)} QPs (a QP never
 * carries an empty part). QP j (0-based) carries {@code floor(P / N)} packets, plus one for the first
 * {@code P mod N} QPs; the QPs take consecutive pieces of the message, so only the last QP's last packet may
 * be shorter than the MTU. Each part is one nic-cc {@link org.lossless.nic.Flow} on QP j of the connection
 * (its own UDP source port {@link org.lossless.nic.HostNic#udpSourcePort(int, int)}, PSNs, go-back-N, ACKs,
 * rate limiter and congestion-control state); each part of a WRITE carries its own RETH, as each QP posts its
 * own RDMA WRITE. The message is delivered (acknowledged) when every part is; the round-robin over the NIC's
 * active QPs interleaves the parts packet by packet as a real NIC's QP arbiter does. The split is made where the
 * message is: on the workloads' side, when a program posts ({@link NicPostingContext}).
 */
public final class QpSplit {
    private QpSplit() {
    }

    /** Bytes of each QP's part of a {@code sizeBytes} message at payload {@code mtu} spread over {@code qps} QPs. */
    public static long[] partSizes(long sizeBytes, int mtu, int qps) {
        long packets = (sizeBytes + mtu - 1) / mtu;
        int n = (int) Math.min(qps, packets);
        long q = packets / n;
        long r = packets % n;
        long[] sizes = new long[n];
        long left = sizeBytes;
        for (int j = 0; j < n - 1; j++) {
            sizes[j] = (q + (j < r ? 1 : 0)) * mtu;
            left -= sizes[j];
        }
        sizes[n - 1] = left;
        return sizes;
    }
}
