package org.lossless.core.kernel;

/**
 * What every engine shares with other threads while it runs: an abort asked from outside (a signal handler, the
 * daemon) and the progress figures a display reads. Published once per batch or window by the engine, never per
 * event; read from any thread (volatile).
 */
abstract class EngineSignals implements Engine {
    /** Set from any thread; the engine looks at it between batches (sequential) or windows (parallel). */
    protected volatile boolean abortRequested;
    /** Whether the last run ended because of {@link #abortRequested}; reset when a run starts. */
    protected boolean aborted;
    /** Simulated time and events executed as last published, for observers on other threads. */
    protected volatile long publishedNowPs;
    protected volatile long publishedEvents;

    /** From any thread: the running {@code runUntil} returns after the current batch of events (or window). */
    @Override
    public final void requestAbort() {
        abortRequested = true;
    }

    @Override
    public final boolean aborted() {
        return aborted;
    }

    @Override
    public final long progressNowPs() {
        return publishedNowPs;
    }

    @Override
    public final long progressEvents() {
        return publishedEvents;
    }
}
