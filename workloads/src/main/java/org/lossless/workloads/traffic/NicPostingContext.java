package org.lossless.workloads.traffic;

import org.lossless.core.net.MessageSize;
import org.lossless.nic.Flow;
import org.lossless.nic.FlowTable;
import org.lossless.nic.HostNic;

/**
 * A {@link PostingContext} whose messages go to the NICs from here: each post is split into one nic-cc {@link Flow}
 * per queue pair ({@link QpSplit}) and put into the run's {@link FlowTable} on the workloads' side, so a message's
 * size goes from the program to nic-cc directly. The engine checks the post first ({@link #admit}: the connection
 * and the release time, never the size) and learns of the message on the way out ({@link #posted}: its log, the
 * completions it reports to the program, the release of the parts to their NIC at the message's time).
 *
 * <p>Allocates one flow per part and, for a message cut into several parts, at most three part sizes (parts of
 * equal size share one, {@link QpSplit#part}); a message on one queue pair gives its flow its own size object.
 */
public abstract class NicPostingContext extends PostingContext {
    @Override
    protected final void submit(Message m) {
        Connection c = m.connection();
        admit(c, m.postPs());
        int parts = QpSplit.parts(m.size(), mtu(), c.options().qps());
        FlowTable flows = flowTable();
        int first = flows.size();
        MessageSize part = null;
        for (int j = 0; j < parts; j++) {
            part = QpSplit.part(m.size(), mtu(), parts, j, part);
            flows.add(new Flow(flows.size(), m.workload(), m.dataSrc(), m.dataDst(), part, m.postPs(),
                    c.options().priority(), HostNic.udpSourcePort(c.id(), j), m.op()));
        }
        posted(m, first, parts);
    }

    /**
     * Checks a post on {@code c} released at {@code atPs}, before anything of it is made into flows.
     *
     * @throws IllegalArgumentException when the engine refuses it (a connection it did not open, a release time in
     *                                  the past or before the previous message's on {@code c})
     */
    protected abstract void admit(Connection c, long atPs);

    /** The run's flow table: every nic-cc flow, by dense id. */
    protected abstract FlowTable flowTable();

    /**
     * Message {@code m} is posted: its parts are flows {@code firstPart .. firstPart + parts - 1} of the
     * {@link #flowTable()}, waiting for their release at {@link Message#postPs()}.
     */
    protected abstract void posted(Message m, int firstPart, int parts);
}
