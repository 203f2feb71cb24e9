package org.lossless.experiments.metrics;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

import org.lossless.nic.Flow;

/**
 * The run's {@code flows.csv} rows as a list that builds each {@link FlowResult} when it is read, from the
 * compact {@link MessageLog} of the posted messages and the NIC's flows (QP parts) still held (a released one's
 * counters are in the log; it delivered its whole part), instead
 * of one row object per message held until the files are written.
 *
 * <p>Memory: per message the log's columns (about 87 B) and the two ideal completion times (16 B, computed once,
 * in id order, when the list is made); the rows themselves are short-lived (about 160 B each: the row and its
 * label). It holds neither the programs (their plans) nor the fabric, which the garbage collector may take once the
 * run is over.
 *
 * <p>Rows are equal ({@link FlowResult#equals}) to those built from the message objects: same fields, same order.
 */
public final class FlowResultList extends AbstractList<FlowResult> implements RandomAccess {
    private final MessageLog messages;
    private final List<Flow> parts;
    private final long[] receiverIdeal;
    private final long[] senderIdeal;

    public FlowResultList(MessageLog messages, List<Flow> parts, long[] receiverIdeal, long[] senderIdeal) {
        if (receiverIdeal.length != messages.size() || senderIdeal.length != messages.size()) {
            throw new IllegalArgumentException("two ideals per message");
        }
        this.messages = messages;
        this.parts = parts;
        this.receiverIdeal = receiverIdeal;
        this.senderIdeal = senderIdeal;
    }

    @Override
    public FlowResult get(int i) {
        return row(messages, parts, i, receiverIdeal[i], senderIdeal[i]);
    }

    /**
     * Message {@code i}'s row from the log and the flows (QP parts) still held, with its two ideals (ps): the one
     * way rows are made, whether at the end ({@link #get}) or as each becomes final ({@link FlowStream}).
     */
    static FlowResult row(MessageLog m, List<Flow> parts, int i, long receiverIdeal, long senderIdeal) {
        // released parts: counters in the log, and they delivered their whole size
        long retransmits = m.releasedRetransmits(i);
        long retransmittedBytes = m.releasedRetransmittedBytes(i);
        long cnps = m.releasedCnps(i);
        long bytes = m.bytes(i);
        long delivered = bytes;
        int first = m.firstPart(i);
        for (int j = first; j < first + m.parts(i); j++) {
            Flow f = parts.get(j);
            if (f != null) {
                retransmits += f.retransmittedPackets();
                retransmittedBytes += f.retransmittedBytes();
                cnps += f.cnpsReceived();
                delivered -= f.sizeBytes - f.receivedBytes();
            }
        }
        return new FlowResult(i, m.workload(i), m.dataSrc(i), m.dataDst(i), m.connection(i).options().priority(), bytes,
                m.postPs(i), m.deliveredPs(i), receiverIdeal, retransmits, cnps, m.label(i),
                Math.min(delivered, bytes), m.ackedPs(i), senderIdeal, retransmittedBytes);
    }

    @Override
    public int size() {
        return messages.size();
    }
}
