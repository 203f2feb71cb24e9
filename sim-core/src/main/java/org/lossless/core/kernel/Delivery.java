package org.lossless.core.kernel;

/**
 * What a component does when something handed off to it arrives ({@link Scheduler#handOff}): typically the receiving
 * half of a link appends a frame and schedules its arrival event. It runs in the receiving component's partition,
 * before that partition's clock reaches {@code atPs}: at once in a sequential run, at the end of the sender's window
 * in a parallel one. Either way the receiver's state at any time {@code >= atPs} is the same, provided the delivery
 * only records the payload and schedules events at or after {@code atPs}.
 */
@FunctionalInterface
public interface Delivery {
    /**
     * @param atPs    when the payload takes effect at the receiver, ps
     * @param payload what was handed off (a frame)
     */
    void deliver(long atPs, Object payload);
}
