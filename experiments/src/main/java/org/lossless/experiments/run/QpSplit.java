package org.lossless.experiments.run;

import java.util.List;

import org.lossless.nic.Flow;
import org.lossless.nic.FlowTable;
import org.lossless.nic.HostNic;

/**
 * Spreads each user flow (a message of {@link FlowSpec}) over its {@code qps} RC queue pairs, as NCCL
 * does with {@code NCCL_IB_QPS_PER_CONNECTION}, and maps the parts back for the results.
 *
 * <p>Split: a message of {@code P = ceil(size / mtu)} packets uses {@code N = min(qps, P)} QPs (a QP
 * never carries an empty message). QP j (0-based) carries {@code floor(P / N)} packets, plus one for
 * the first {@code P mod N} QPs; the QPs take consecutive pieces of the message, so only the last QP's
 * last packet may be shorter than the MTU. Each part is one nic-cc {@link Flow} (its own QP: UDP source
 * port {@link HostNic#udpSourcePort(int, int)}, PSNs, go-back-N, ACKs, rate limiter and DCQCN reaction
 * point) with the user flow's source, destination, start and priority; each part's first packet
 * carries its own RETH, as each QP posts its own RDMA WRITE.
 *
 * <p>Why parts are whole Flows rather than several QPs inside one Flow: the NIC's hot path (one Flow
 * per packet lookup by id, one QueuePair per Flow) stays exactly as it is and allocation-free, and
 * the round-robin over the NIC's active QPs interleaves the parts packet by packet as a real NIC's
 * QP arbiter does. The price is a mapping kept here: the parts of user flow i are the nic-cc flows
 * {@code first[i] .. first[i+1]-1}, contiguous and in QP order. With every {@code qps = 1}, part id =
 * flow id and port = {@link HostNic#udpSourcePort(int)} of the flow id, so such runs are unchanged.
 */
final class QpSplit {
    /** first[i] = id of user flow i's QP 0; first[n] = number of parts. */
    private final int[] first;

    private QpSplit(int[] first) {
        this.first = first;
    }

    /** Adds the parts of every flow of {@code specs}, in order, to the empty table {@code table}. */
    static QpSplit build(List<FlowSpec> specs, int mtu, FlowTable table) {
        if (table.size() != 0) {
            throw new IllegalArgumentException("the flow table must be empty");
        }
        int[] first = new int[specs.size() + 1];
        for (int i = 0; i < specs.size(); i++) {
            FlowSpec s = specs.get(i);
            first[i] = table.size();
            long[] sizes = partSizes(s.sizeBytes(), mtu, s.qps());
            for (int j = 0; j < sizes.length; j++) {
                table.add(new Flow(table.size(), s.workload(), s.src(), s.dst(), sizes[j], s.startPs(), s.priority(),
                        HostNic.udpSourcePort(i, j)));
            }
        }
        first[specs.size()] = table.size();
        return new QpSplit(first);
    }

    /** Bytes of each QP's part of a {@code sizeBytes} message at payload {@code mtu} spread over {@code qps} QPs. */
    static long[] partSizes(long sizeBytes, int mtu, int qps) {
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

    /** Number of user flows. */
    int flows() {
        return first.length - 1;
    }

    /** The nic-cc flow id of user flow {@code i}'s QP 0. */
    int firstPart(int i) {
        return first[i];
    }

    /** QPs that user flow {@code i} uses (min(qps, packets)). */
    int partCount(int i) {
        return first[i + 1] - first[i];
    }

    /** When the destination held the last byte of every part of flow {@code i}, ps; -1 while one is unfinished. */
    long finishPs(FlowTable t, int i) {
        long finish = -1;
        for (int id = first[i]; id < first[i + 1]; id++) {
            Flow f = t.get(id);
            if (!f.finished()) {
                return -1;
            }
            finish = Math.max(finish, f.finishPs());
        }
        return finish;
    }

    /** Payload bytes the destination holds, in order, of every part of flow {@code i}, summed. */
    long receivedBytes(FlowTable t, int i) {
        long n = 0;
        for (int id = first[i]; id < first[i + 1]; id++) {
            n += t.get(id).receivedBytes();
        }
        return n;
    }

    /** When the sender saw the last ACK of every part of flow {@code i}, ps; -1 while one is unacknowledged. */
    long ackedPs(FlowTable t, int i) {
        long acked = -1;
        for (int id = first[i]; id < first[i + 1]; id++) {
            long a = t.get(id).ackedPs();
            if (a < 0) {
                return -1;
            }
            acked = Math.max(acked, a);
        }
        return acked;
    }

    /** Data packets the parts of flow {@code i} sent again, summed. */
    long retransmits(FlowTable t, int i) {
        long n = 0;
        for (int id = first[i]; id < first[i + 1]; id++) {
            n += t.get(id).retransmittedPackets();
        }
        return n;
    }

    /** CNPs the QPs of flow {@code i} received, summed. */
    long cnps(FlowTable t, int i) {
        long n = 0;
        for (int id = first[i]; id < first[i + 1]; id++) {
            n += t.get(id).cnpsReceived();
        }
        return n;
    }

    /** The parts of flow {@code i} (for sampling). */
    Flow[] parts(FlowTable t, int i) {
        Flow[] parts = new Flow[partCount(i)];
        for (int j = 0; j < parts.length; j++) {
            parts[j] = t.get(first[i] + j);
        }
        return parts;
    }
}
