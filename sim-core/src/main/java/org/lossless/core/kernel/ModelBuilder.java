package org.lossless.core.kernel;

import org.lossless.core.random.RandomStreams;

/**
 * Builds a model: creates its components, wires them, schedules the first events and takes the
 * random streams it needs by name. Called by {@link Kernel} when its first run starts, on the caller's thread
 * before the first event.
 */
@FunctionalInterface
public interface ModelBuilder {
    /**
     * @param scheduler where the model schedules its events; {@link Scheduler#now()} is the
     *     replication's start time
     * @param streams the named random streams of this replication
     */
    void build(Scheduler scheduler, RandomStreams streams);
}
