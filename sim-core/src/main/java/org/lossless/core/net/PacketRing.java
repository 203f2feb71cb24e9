package org.lossless.core.net;

/**
 * A FIFO of packets in a growable power-of-two ring, tracking the frame bytes it holds. Allocates
 * only when it grows past its largest size so far. The array is made by the first {@link #add}: a switch
 * port has a ring per priority and most priorities never carry a frame (a 27,648-host fat-tree has 1.5
 * million rings; their empty 16-slot arrays were most of the 134 MB of ring arrays before this).
 */
public final class PacketRing {
    private static final Packet[] EMPTY = new Packet[0];
    /** First array size, then doubled. */
    private static final int FIRST = 16;
    private Packet[] ring = EMPTY;
    /**
     * A time per queued frame, at the frame's slot ({@link #tagTail}, {@link #peekTag}), or null: made at the first
     * tag, so that rings that never carry one (every ring but a switch's output queues with a forwarding latency or
     * cut-through) pay nothing. Kept here rather than in every {@link Packet} (8 bytes per buffered frame).
     */
    private long[] tags;
    private int head;
    private int count;
    private long bytes;
    /** The most frame bytes held at once so far (a queue's high-water mark, kept where it is cheap to compare). */
    private long peakBytes;

    /** Appends {@code p}; returns whether the ring now holds more frame bytes than ever before. */
    public boolean add(Packet p) {
        if (count == ring.length) {
            Packet[] r = new Packet[ring.length == 0 ? FIRST : ring.length * 2];
            for (int i = 0; i < count; i++) {
                r[i] = ring[(head + i) & (ring.length - 1)];
            }
            if (tags != null) {
                long[] t = new long[r.length];
                for (int i = 0; i < count; i++) {
                    t[i] = tags[(head + i) & (ring.length - 1)];
                }
                tags = t;
            }
            ring = r;
            head = 0;
        }
        ring[(head + count) & (ring.length - 1)] = p;
        count++;
        long b = bytes += p.frameBytes;
        if (b > peakBytes) {
            peakBytes = b;
            return true;
        }
        return false;
    }

    /** Sets the tag of the frame added last (the ring must not be empty), ps by convention. */
    public void tagTail(long tag) {
        if (count == 0) {
            throw new IllegalStateException("no frame to tag");
        }
        if (tags == null) {
            tags = new long[ring.length];
        }
        tags[(head + count - 1) & (ring.length - 1)] = tag;
    }

    /**
     * The tag of the head ({@link #tagTail}); the ring must not be empty. 0 if no frame of this ring was ever tagged;
     * an untagged frame in a ring that tags others has no defined tag (its slot may hold an earlier frame's): tag
     * every frame of a ring or none (a switch's output queues do one or the other for the whole run).
     */
    public long peekTag() {
        if (count == 0) {
            throw new IllegalStateException("empty ring");
        }
        return tags == null ? 0 : tags[head];
    }

    /** Removes and returns the head, or null if empty. */
    public Packet poll() {
        if (count == 0) {
            return null;
        }
        Packet p = ring[head];
        ring[head] = null;
        head = (head + 1) & (ring.length - 1);
        count--;
        bytes -= p.frameBytes;
        return p;
    }

    /** The head without removing it, or null. */
    public Packet peek() {
        return count == 0 ? null : ring[head];
    }

    public boolean isEmpty() {
        return count == 0;
    }

    public int size() {
        return count;
    }

    /** The most frame bytes queued at once so far. */
    public long peakBytes() {
        return peakBytes;
    }

    /** Frame bytes queued. */
    public long bytes() {
        return bytes;
    }

    /** The {@code i}-th queued packet from the head (0 = head), read-only; {@code 0 <= i < size()}. */
    public Packet get(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException(i);
        }
        return ring[(head + i) & (ring.length - 1)];
    }
}
