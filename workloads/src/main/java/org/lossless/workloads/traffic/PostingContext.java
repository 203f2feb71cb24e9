package org.lossless.workloads.traffic;

import org.lossless.core.net.MessageSize;
import org.lossless.nic.Verb;

/**
 * A {@link TrafficContext} whose posts are made into {@link Message}s here, on the programs' side, and handed to
 * the engine whole ({@link #submit}): a message's size and the rest of its definition go to the engine once, in
 * the message the program gets back, and the engine never copies them into a message of its own making. The engine
 * gives the id ({@link #nextMessageId()}) and the workload name ({@link #poster()}).
 *
 * <p>Nothing is allocated beyond the message itself, as when the engine made it, and for a size the program computed
 * (a {@code long}) its {@link MessageSize}; a size the program was given (its workload's record holds it) is the
 * message's as it is.
 */
public abstract class PostingContext implements TrafficContext {
    /**
     * Makes the message of a size the program computed ({@link MessageSize#of}, the one check) and hands it to
     * {@link #submit}; returns it.
     *
     * @throws IllegalArgumentException when the message is not valid ({@link Message}, {@link MessageSize}) or the
     *                                  engine refuses it
     */
    @Override
    public final Message post(Connection c, long bytes, Verb op, MessageTag tag, long atPs) {
        return post(c, MessageSize.of(bytes), op, tag, atPs);
    }

    /**
     * Makes the message of a size the program was given (a workload's record holds it, checked when it was read) and
     * hands it to {@link #submit}; returns it. The message holds {@code size} as it is.
     *
     * @throws IllegalArgumentException when the message is not valid ({@link Message}) or the engine refuses it
     */
    @Override
    public final Message post(Connection c, MessageSize size, Verb op, MessageTag tag, long atPs) {
        Message m = new Message(nextMessageId(), poster(), c, size, op, tag, atPs);
        submit(m);
        return m;
    }

    /** The id of the next message posted: the run's messages are numbered densely in post order. */
    protected abstract long nextMessageId();

    /** The name of the program posting through this context (its messages' workload). */
    protected abstract String poster();

    /**
     * Takes message {@code m}, just made from a program's post, which gets {@code m} back when this returns.
     *
     * @throws IllegalArgumentException when the engine refuses it (e.g. a connection it did not open, a release
     *                                  time in the past); the id is then given again to the next message
     */
    protected abstract void submit(Message m);
}
