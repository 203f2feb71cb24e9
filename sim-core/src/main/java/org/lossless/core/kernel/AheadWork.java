package org.lossless.core.kernel;

/**
 * What lets some of the run's global events run before the window they fall in, ahead of the partitions, instead of
 * ending it ({@link Ahead}): deferred work ({@link Deferred}) that also implements this. The model
 * answers for its own events: one may run ahead only if what it does depends on nothing a partition may still do
 * before its time (the model's reaction delay makes sure: {@link Deferred#horizonPs} already bounds the
 * window by the earliest completion plus that delay), and if it acts on a partition only through {@link
 * Ahead#scheduleFirst}.
 */
public interface AheadWork {
    /**
     * Whether global event {@code next}, due inside the next window, may run before that window (false: it ends the
     * window, as any global event does). Asked between windows, with several partitions only.
     */
    boolean runsAhead(SimEvent next);

    /**
     * After an event ran ahead at {@code atPs}: whether the partitions must stop there (the window ends at it, and no
     * later event runs ahead of it).
     */
    boolean holdsAt(long atPs);

    /**
     * The instant at which the run ends because of an event that ran ahead ({@code Long.MAX_VALUE}: none): the
     * partitions run every event before it and none at it, and the run's clock ends there, as if that event had
     * stopped the run when it ran at its time.
     */
    long stopsAtPs();
}
