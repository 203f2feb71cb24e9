package org.lossless.experiments.metrics;

import java.util.List;

import org.lossless.nic.Flow;

/**
 * Streams a run's rows to a {@link FlowSink} as messages complete, instead of keeping every message until the
 * result files are written: the {@link MessageLog} calls {@link #row} for each message whose row is final, in id
 * order (its reorder buffer), and drops the entries behind; {@link #finish} hands on the rest when the run is over.
 * A row is made as {@link FlowResultList} makes it at the end, with its ideals computed when it is made, so the
 * sink sees the same rows in the same order as the list would give, whatever the threads.
 *
 * <p>Memory: the log's entries from the first message not final yet to the last posted (88 B each), nothing per
 * message handed on (what the sink keeps is its own).
 */
public final class FlowStream implements MessageLog.Rows {
    private final MessageLog log;
    private final List<Flow> parts;
    private final MessageIdeals ideals;
    private final FlowSink sink;
    private long unfinished;

    /**
     * Streams {@code log}'s rows to {@code sink}; {@code parts}: the run's NIC flows by id (null once released),
     * {@code ideals}: each message's ideal completion times.
     */
    public FlowStream(MessageLog log, List<Flow> parts, MessageIdeals ideals, FlowSink sink) {
        this.log = log;
        this.parts = parts;
        this.ideals = ideals;
        this.sink = sink;
        log.stream(this);
    }

    @Override
    public void row(int id) {
        long receiver = ideals.receiverPs(id);
        FlowResult r = FlowResultList.row(log, parts, id, receiver, ideals.senderPs(id, receiver));
        if (!r.finished()) {
            unfinished++;
        }
        sink.accept(r);
    }

    /**
     * The run is over at {@code endPs}: tells the sink, hands on the rows not handed on yet, and returns the run's
     * rows as counts ({@link StreamedFlows}).
     */
    public StreamedFlows finish(long endPs) {
        sink.end(endPs);
        int during = log.finish();
        return new StreamedFlows(log.size(), unfinished, during);
    }
}
