package org.lossless.core.kernel;

import org.lossless.core.random.RandomStreams;

/**
 * What runs a model: a {@link Scheduler} for its events plus run control. {@link Kernel} is the sequential engine
 * (one {@link EventLoop}); {@link ParallelEngine} runs partitions of the model on several threads with the same
 * results.
 */
public interface Engine extends Scheduler {
    /**
     * Runs events up to and including time {@code stopPs}, or until an event calls {@link #stop()}; events still
     * pending stay for a later run.
     */
    void runUntil(long stopPs);

    /** Ends the current run right after the event that calls it; the clock stays at that event's time. */
    void stop();

    /** Asks a running {@link #runUntil} to return soon, from any thread; {@link #aborted()} then tells. */
    void requestAbort();

    /** True if the last run was ended by {@link #requestAbort()}. */
    boolean aborted();

    /** Simulated time reached, ps, readable from another thread (updated every few thousand events). */
    long progressNowPs();

    /** Events executed, readable from another thread (updated every few thousand events). */
    long progressEvents();

    /** Events executed so far, over all runs. */
    long eventsExecuted();

    /** The named random streams, seeded from the run's seed. */
    RandomStreams streams();

    /** Number of partitions (1 for the sequential kernel). */
    int partitions();

    /**
     * The scheduler of partition {@code p} (0 .. {@link #partitions()} - 1): a model's components take their
     * {@link Scheduler#source(int) source} from the view of the partition they are in. The sequential kernel has one
     * partition for every {@code p}.
     */
    Scheduler partition(int p);
}
