package org.lossless.workloads.traffic;

import org.lossless.core.net.MessageSize;
import org.lossless.nic.Verb;

import java.util.Objects;

/**
 * One posted message: its definition (fixed at post time) and the two completion times the context
 * records. The context calls the program back when each becomes known.
 *
 * <p>{@code deliveredPs}: the data's receiver holds the last byte (for a READ, the requester). {@code
 * ackedPs}: the requester knows it is done (for a WRITE or SEND, the last ACK reached the source; for a
 * READ it equals {@code deliveredPs}), i.e. what an application polling its completion queue sees.
 *
 * <p>Its size is a {@link MessageSize}, checked where it was made (the workload's record as read, or the context for
 * a size the program computed), and held as it is: the NIC's flow of a one-queue-pair message takes the same object.
 */
public final class Message {
    private final long id;
    private final String workload;
    private final Connection connection;
    private final MessageSize size;
    private final Verb op;
    private final MessageTag tag;
    private final long postPs;
    private long deliveredPs = -1;
    private long ackedPs = -1;

    /**
     * @param id       dense message id of the run (the {@code flow_id} of {@code flows.csv})
     * @param workload the posting program's name
     * @param size     payload bytes
     * @param postPs   when it was posted, ps
     */
    public Message(long id, String workload, Connection connection, MessageSize size, Verb op, MessageTag tag,
                   long postPs) {
        if (id < 0) {
            throw new IllegalArgumentException("message id must be >= 0, got " + id);
        }
        if (postPs < 0) {
            throw new IllegalArgumentException("message " + id + ": post time must be >= 0 ps");
        }
        this.id = id;
        this.workload = Objects.requireNonNull(workload, "workload");
        this.connection = Objects.requireNonNull(connection, "connection");
        this.size = Objects.requireNonNull(size, "size");
        this.op = Objects.requireNonNull(op, "op");
        this.tag = tag == null ? MessageTag.NONE_TAG : tag;
        this.postPs = postPs;
    }

    public long id() {
        return id;
    }

    public String workload() {
        return workload;
    }

    public Connection connection() {
        return connection;
    }

    /** Payload bytes, &gt;= 1. */
    public long bytes() {
        return size.bytes();
    }

    /** Its size as the value the NIC's flows are made from ({@link QpSplit}). */
    public MessageSize size() {
        return size;
    }

    public Verb op() {
        return op;
    }

    public MessageTag tag() {
        return tag;
    }

    public long postPs() {
        return postPs;
    }

    /** Host that sends the payload: the connection's source, or its destination for a READ. */
    public int dataSrc() {
        return op == Verb.READ ? connection.dstHost() : connection.srcHost();
    }

    /** Host that receives the payload. */
    public int dataDst() {
        return op == Verb.READ ? connection.srcHost() : connection.dstHost();
    }

    /** When the payload's receiver held the last byte, ps; -1 until then. */
    public long deliveredPs() {
        return deliveredPs;
    }

    /** When the requester saw the completion, ps; -1 until then. */
    public long ackedPs() {
        return ackedPs;
    }

    public boolean delivered() {
        return deliveredPs >= 0;
    }

    public boolean acked() {
        return ackedPs >= 0;
    }

    /** Records delivery at {@code nowPs}; for the context only. */
    public void markDelivered(long nowPs) {
        if (deliveredPs >= 0) {
            throw new IllegalStateException("message " + id + " delivered twice");
        }
        deliveredPs = nowPs;
    }

    /** Records the requester's completion at {@code nowPs}; for the context only. */
    public void markAcked(long nowPs) {
        if (ackedPs >= 0) {
            throw new IllegalStateException("message " + id + " acknowledged twice");
        }
        ackedPs = nowPs;
    }
}
