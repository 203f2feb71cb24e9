package org.lossless.core.net;

/**
 * A message's payload size in bytes, checked once, here: a value of this type is at least {@link #MIN_BYTES}, so the
 * records that hold a size (a flow list's entry as read, a job's record, the program's posted message, the NIC's flow
 * of each queue pair) take it as this type and check nothing. It is made where a size enters the model: where the
 * scenario's size key is read (its schema, after the key's own checks with the key path), where a queue pair's part
 * is cut from a message ({@code QpSplit}), and where a program posts a size it computed; the scenario's size keys take
 * their least and largest values from here.
 *
 * <p>One object of 24 bytes. A value read from the scenario is shared, not copied: the flow's record and the message
 * posted from it hold the one made at the read, and a message on one queue pair hands it to its NIC flow as it is
 * (the flow keeps its bytes as a {@code long}, the field its per-packet code reads).
 *
 * @param bytes payload bytes, at least {@link #MIN_BYTES}
 */
public record MessageSize(long bytes) {
    /** The least payload of a message: 1 byte (an RDMA message of 0 bytes carries nothing to model). */
    public static final long MIN_BYTES = 1;
    /**
     * The largest flow a flow list or a flow file may give: 1 TiB. Its ideal completion time at 1 Gb/s with 64-byte
     * packets is about 4e17 ps, well inside a signed 64-bit picosecond count (9.2e18); far larger sizes made the
     * ideal completion times overflow. The readers of those keys and files check it with their own messages; a size
     * a program computes is not bound by it.
     */
    public static final long MAX_LISTED_BYTES = 1L << 40;

    /**
     * The one rule: at least {@link #MIN_BYTES}. Builds no text unless it refuses (a program's computed size is
     * checked at each post).
     *
     * @throws IllegalArgumentException "message size must be &gt; 0 bytes, got 0" when below
     */
    public MessageSize {
        if (bytes < MIN_BYTES) {
            throw new IllegalArgumentException("message size must be > 0 bytes, got " + bytes);
        }
    }

    /** {@code bytes} as a message's size ({@link #MessageSize(long) the one rule}). */
    public static MessageSize of(long bytes) {
        return new MessageSize(bytes);
    }
}
