package org.lossless.core.net;

/**
 * A message's payload size in bytes, and its one rule: at least {@link #MIN_BYTES}. Every record that holds a
 * message's size (a flow list's entry as read, the program's posted message, the NIC's flow of each queue pair)
 * checks it here, with its own words for what is refused, instead of restating the rule; the scenario's size keys
 * take their least value from here. A check builds no text unless it refuses (a message is checked at each post).
 */
public final class MessageSize {
    /** The least payload of a message: 1 byte (an RDMA message of 0 bytes carries nothing to model). */
    public static final long MIN_BYTES = 1;
    /**
     * The largest flow a flow list or a flow file may give: 1 TiB. Its ideal completion time at 1 Gb/s with 64-byte
     * packets is about 4e17 ps, well inside a signed 64-bit picosecond count (9.2e18); far larger sizes made the
     * ideal completion times overflow.
     */
    public static final long MAX_LISTED_BYTES = 1L << 40;

    private MessageSize() {
    }

    /**
     * {@code bytes} when at least {@link #MIN_BYTES}.
     *
     * @param what what holds it, the start of the refusal (e.g. {@code "flow size"}: "flow size must be &gt; 0
     *             bytes, got 0")
     * @throws IllegalArgumentException otherwise
     */
    public static long check(long bytes, String what) {
        if (bytes < MIN_BYTES) {
            throw new IllegalArgumentException(what + " must be > 0 bytes, got " + bytes);
        }
        return bytes;
    }

    /**
     * {@code bytes} when at least {@link #MIN_BYTES}: the size of {@code what} number {@code id} (e.g.
     * {@code "message"}, 7: "message 7: size must be &gt; 0 bytes, got 0").
     *
     * @throws IllegalArgumentException otherwise
     */
    public static long check(long bytes, String what, long id) {
        if (bytes < MIN_BYTES) {
            throw new IllegalArgumentException(what + " " + id + ": size must be > 0 bytes, got " + bytes);
        }
        return bytes;
    }
}
