package org.lossless.workloads.traffic;

import java.util.List;

/**
 * A workload: posts messages and reacts to their completions. The context calls {@link #start} once at
 * time 0, then the callbacks in simulated-time order, never concurrently. A program keeps at most one
 * timer pending ({@link TrafficContext#wakeAt}), so a million-message workload stays one event.
 *
 * <p>Deterministic: a program may draw random numbers only from {@link TrafficContext#stream} and must
 * not depend on wall time or iteration order of hash-based collections.
 */
public interface TrafficProgram {
    /**
     * {@link #minReactionDelayPs()} of a program that posts nothing and arms no timer in reaction to a completion (it
     * may note it): a parallel run then stops its partitions only where the run may end, at its last completion.
     */
    long NEVER_REACTS = Long.MAX_VALUE;
    /** The workload's name ({@code flows.csv} column {@code workload}, {@code jobs.csv} column {@code job}). */
    String name();

    /** Opens connections, posts the first messages, arms the first timer. */
    void start(TrafficContext ctx);

    /** The receiver of {@code m}'s payload holds its last byte. */
    default void onDelivered(Message m, long nowPs) {
    }

    /** The requester of {@code m} saw its completion (last ACK of a WRITE/SEND; the data of a READ). */
    default void onAcked(Message m, long nowPs) {
    }

    /**
     * The least time, ps, between a completion this program is told of ({@link #onDelivered}, {@link #onAcked}) and
     * any message it posts or timer it arms in reaction: a host's software delay that the model really has (a
     * collective's step latency, say), never one invented for speed. 0 (the default): it may react at the very
     * instant; {@link #NEVER_REACTS}: never. A parallel run lets partitions run on for this long past a completion
     * instead of stopping them all at it; the run fails if a reaction comes sooner than declared.
     */
    default long minReactionDelayPs() {
        return 0;
    }

    /**
     * Whether the program's timer may run before completions that came before its time are reported to it (in a
     * parallel run, a timer due within the program's reaction delay of the partitions' progress runs ahead of them,
     * so its window need not end there). True only if then the program does exactly what it would have done in time
     * order: a completion posts nothing and arms its timer at least {@link #minReactionDelayPs()} later, and what a
     * timer reads or orders does not depend on completions less than that delay before it. Asked before each timer that
     * would run ahead (the answer may change during the run: a training job's follows the calls it runs). False (the
     * default): every timer waits for the partitions.
     */
    default boolean decidesAhead() {
        return false;
    }

    /** The timer this program asked for fired. */
    default void onTimer(long nowPs) {
    }

    /**
     * True once the program will post nothing more on its own (it may still post in reaction to
     * completions of messages in flight). A run ends when every program is finished and every posted
     * message is delivered and acknowledged, or at {@code stop_time}.
     */
    boolean finished();

    /** The program's job iterations for {@code jobs.csv}, in (iteration) order; empty for plain traffic. */
    default List<JobIteration> jobIterations() {
        return List.of();
    }

    /**
     * Per-operation figures (IOPS, throughput, latency percentiles) of a storage job, one entry per
     * (iteration, operation type) in that order; empty for other programs. The iterations are those of
     * {@link #jobIterations()}.
     */
    default List<OperationStats> operationStats() {
        return List.of();
    }
}
