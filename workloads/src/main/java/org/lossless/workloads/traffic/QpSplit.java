package org.lossless.workloads.traffic;

import org.lossless.core.net.MessageSize;

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
 * message is: on the workloads' side, when a program posts ({@link NicPostingContext}). Each part is a
 * {@link MessageSize} made here (at least one byte: a part is never empty), which the NIC's flow takes unchecked.
 */
public final class QpSplit {
    private QpSplit() {
    }

    /** Parts ({@code N} above) of a {@code size} message at payload {@code mtu} spread over {@code qps} QPs. */
    public static int parts(MessageSize size, int mtu, int qps) {
        return (int) Math.min(qps, packets(size, mtu));
    }

    /**
     * QP {@code j}'s part of a {@code size} message at payload {@code mtu} cut into {@code parts} parts
     * ({@link #parts}), 0 &lt;= j &lt; parts: {@code size} itself when it is not cut, and {@code previous} (QP
     * {@code j - 1}'s part, or null) when it is as large, so that no new object is made for it. The parts take at most
     * three sizes (q + 1 packets, q packets, the last part), so a message allocates at most three, most often one.
     */
    public static MessageSize part(MessageSize size, int mtu, int parts, int j, MessageSize previous) {
        if (parts == 1) {
            return size;
        }
        long packets = packets(size, mtu);
        long q = packets / parts;
        long r = packets % parts;
        // the last part: what the others leave (whole packets each, one more for the first r, r < parts)
        long bytes = j < parts - 1 ? (q + (j < r ? 1 : 0)) * mtu : size.bytes() - ((parts - 1) * q + r) * mtu;
        return previous != null && previous.bytes() == bytes ? previous : MessageSize.of(bytes);
    }

    private static long packets(MessageSize size, int mtu) {
        return (size.bytes() + mtu - 1) / mtu;
    }
}
