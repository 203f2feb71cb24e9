package org.lossless.experiments.metrics;

/**
 * Where a run's {@code flows.csv} rows go as they are made: the result files' writers, which keep running totals
 * and what exact percentiles need instead of the rows. Rows come once each, in message id order; those that are
 * final during the run (both completions in, counters settled) come as they become final, the others after
 * {@link #end}, when the run is over.
 */
public interface FlowSink {
    /** The next row, in id order. */
    void accept(FlowResult row);

    /**
     * The run ended at {@code endPs}: the rows still to come are those not final (unfinished, or behind an unfinished
     * one in id order), each as it stands at the end. Called once, before them.
     */
    void end(long endPs);
}
