package org.lossless.experiments.metrics;

import java.util.AbstractList;

/**
 * A run's rows when they were streamed to the result files as they were made ({@link FlowStream}): how many and
 * how many unfinished, not the rows themselves. Its {@link #size()} is the number of messages; reading a row fails.
 *
 * @see RunResult#unfinished()
 */
public final class StreamedFlows extends AbstractList<FlowResult> {
    private final int size;
    private final long unfinished;
    private final int streamedDuringRun;

    /**
     * {@code size} rows, {@code unfinished} of them not finished at the receiver, {@code streamedDuringRun} of them
     * handed on before the run ended (the others at its end).
     */
    public StreamedFlows(int size, long unfinished, int streamedDuringRun) {
        if (size < 0 || unfinished < 0 || unfinished > size || streamedDuringRun < 0 || streamedDuringRun > size) {
            throw new IllegalArgumentException("rows " + size + ", unfinished " + unfinished + ", streamed during the run "
                    + streamedDuringRun);
        }
        this.size = size;
        this.unfinished = unfinished;
        this.streamedDuringRun = streamedDuringRun;
    }

    @Override
    public FlowResult get(int index) {
        throw new UnsupportedOperationException("the run's rows were streamed to the result files as the messages "
                + "completed (flows.csv, flows_summary.csv, summary.json); read them there");
    }

    @Override
    public int size() {
        return size;
    }

    /** Rows whose message had not finished at the receiver when the run ended. */
    public long unfinished() {
        return unfinished;
    }

    /** Rows handed on before the run ended (final during it); the rest were handed on at its end. */
    public int streamedDuringRun() {
        return streamedDuringRun;
    }
}
