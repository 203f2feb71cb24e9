package org.lossless.experiments.metrics;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

import org.lossless.nic.Flow;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.Message;

/**
 * The run's {@code flows.csv} rows as a list that builds each {@link FlowResult} when it is read, from the
 * program's {@link Message} and the NIC's flows (QP parts) the run kept anyway, instead of a second object per
 * message held next to them while the results are written.
 *
 * <p>Memory: per message the two ideal completion times (16 B, computed once, in id order, when the list is
 * made) and an int; the rows themselves are short-lived (about 160 B each: the row and its label). On a
 * 1,024-GPU ring all-reduce (17 M messages) that is about 2.7 GB fewer at the end of the run. It holds neither
 * the programs (their plans) nor the fabric, which the garbage collector may take once the run is over.
 *
 * <p>Rows are equal ({@link FlowResult#equals}) to those built eagerly before: same fields, same order.
 */
public final class FlowResultList extends AbstractList<FlowResult> implements RandomAccess {
    private final List<Message> messages;
    private final List<Flow> parts;
    /** Message i's parts are {@code parts[firstPart[i] .. firstPart[i+1]-1]}. */
    private final int[] firstPart;
    private final long[] receiverIdeal;
    private final long[] senderIdeal;

    public FlowResultList(List<Message> messages, List<Flow> parts, int[] firstPart, long[] receiverIdeal, long[] senderIdeal) {
        if (firstPart.length != messages.size() + 1 || receiverIdeal.length != messages.size()
                || senderIdeal.length != messages.size()) {
            throw new IllegalArgumentException("one part range and two ideals per message");
        }
        this.messages = messages;
        this.parts = parts;
        this.firstPart = firstPart;
        this.receiverIdeal = receiverIdeal;
        this.senderIdeal = senderIdeal;
    }

    @Override
    public FlowResult get(int i) {
        Message m = messages.get(i);
        long retransmits = 0;
        long retransmittedBytes = 0;
        long cnps = 0;
        long delivered = 0;
        for (int j = firstPart[i]; j < firstPart[i + 1]; j++) {
            Flow f = parts.get(j);
            retransmits += f.retransmittedPackets();
            retransmittedBytes += f.retransmittedBytes();
            cnps += f.cnpsReceived();
            delivered += f.receivedBytes();
        }
        ConnectionOptions o = m.connection().options();
        return new FlowResult(m.id(), m.workload(), m.dataSrc(), m.dataDst(), o.priority(), m.bytes(), m.postPs(),
                m.deliveredPs(), receiverIdeal[i], retransmits, cnps, MessageLabel.of(m), Math.min(delivered, m.bytes()),
                m.ackedPs(), senderIdeal[i], retransmittedBytes);
    }

    @Override
    public int size() {
        return messages.size();
    }
}
