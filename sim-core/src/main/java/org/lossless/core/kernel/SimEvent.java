package org.lossless.core.kernel;

/**
 * A reusable simulation event. Models keep one instance per recurring action (a port's
 * "transmission done", a link's "head packet arrives") and re-arm it with
 * {@link Scheduler#schedule(SimEvent, long)} instead of allocating a new event per packet.
 *
 * <p>Order: earlier time first; at equal time by the event's {@linkplain #tieKey() tie key}: with
 * {@link TieOrder#FIFO} the order of scheduling; with {@link TieOrder#SOURCE} (the parallel engine's) the key holds the
 * source the event was first scheduled through ({@link Scheduler#source(int)}: a node, a link; 0 for the run's global
 * events) and that source's count of events keyed so far (given once, at the first schedule). At one instant the run's
 * global events come first; then the sources, in an order that changes from one microsecond to the next ({@link #place}:
 * a pseudo-random permutation of the ids keyed by the time's microsecond, {@link #PERMUTATION_SHIFT}, so no two
 * sources share a place and each source of a group goes first about equally often: a fixed order made one of two
 * symmetric senders win every tie at a shared switch and finish measurably first, and an XOR of the ids with a random
 * mask, fair between two sources, put one of three first at half the instants); then each source's events in
 * the order it keyed them. An event is pending at most once, so (time, key) orders every pending event totally, and
 * the key depends only on what a source did and the time, never on which partition or thread ran it: a parallel run
 * breaks ties exactly as a sequential one.
 *
 * <p>Invariant: an event is in at most one event list at a time; {@link #isScheduled()} tells whether it is pending.
 */
public abstract class SimEvent {
    /** Bits of {@link #order} that hold the per-source count. */
    static final int COUNT_BITS = 40;
    /** Largest per-source count: 2^40 - 1 events keyed by one source (a run of 10^12 distinct events). */
    static final long MAX_COUNT = (1L << COUNT_BITS) - 1;
    /** Bits of the (permuted) source id, above the count. */
    static final int SOURCE_BITS = 22;
    /** Largest source id: 2^22 - 1 (4 M nodes and links). */
    public static final int MAX_SOURCE = (1 << SOURCE_BITS) - 1;
    /**
     * log2 of the span of time over which the sources' order at a tie stays the same, ps: 2^20 ps, about 1 us. Within
     * a span the order is fixed, so a result moves smoothly when a parameter shifts event times by less (a calibration
     * fit or a sweep needs that: hashing every picosecond made small shifts reshuffle every tie); from span to span it
     * changes, so over a run no source is favoured.
     */
    static final int PERMUTATION_SHIFT = 20;
    /** Set in the key of every event but the run's global ones (bit 62: the key stays a positive long). */
    static final long NOT_GLOBAL = 1L << (COUNT_BITS + SOURCE_BITS);

    /** Absolute execution time, ps. Valid while scheduled. */
    long timePs;
    /**
     * Tie key at equal time: a sequence number ({@link TieOrder#FIFO}); or ({@link TieOrder#SOURCE}) {@code count}
     * for a global event, else {@code NOT_GLOBAL | place(source, time >> 20)
     * << 40 | count}; 0 until first scheduled. The count is kept when the event is scheduled again; the rest follows the time.
     */
    long order;
    /** The source the event was first scheduled through ({@link TieOrder#SOURCE}). */
    int sourceId;
    /** Its rank among that source's events, 0 until first scheduled ({@link TieOrder#SOURCE}). */
    long count;
    /** {@link #where}: not pending. */
    static final int NOWHERE = -1;
    /** {@link #where}: pending in the far heap of a {@link CalendarQueue}. */
    static final int FAR = -2;
    /** {@link #where}: pending in the sorted current bucket of a {@link CalendarQueue}. */
    static final int CURRENT = -3;
    /**
     * Where the pending event is: {@link #NOWHERE}, {@link #FAR}, {@link #CURRENT}, or the bucket slot of a
     * {@link CalendarQueue}. Maintained by the queue.
     */
    int where = NOWHERE;
    /** Index in the far heap, or place in the bucket (-1 in its overflow list). Maintained by the queue. */
    int pos;
    /** Next event of a calendar bucket's overflow list (a singly linked list through the events). */
    SimEvent bucketNext;

    protected SimEvent() {
    }

    /** What the event does when it fires. Runs at {@link #timePs()}. */
    protected abstract void fire();

    /** Absolute execution time of the pending event, ps. */
    public final long timePs() {
        return timePs;
    }

    /** Whether the event is pending in an event list. */
    public final boolean isScheduled() {
        return where != NOWHERE;
    }

    /** The tie key at its current time, 0 if never scheduled. */
    public final long tieKey() {
        return order;
    }

    /** The source the event was first scheduled through (see {@link Scheduler#source(int)}). */
    public final int source() {
        return sourceId;
    }

    /** The event's rank among its source's events (1 for the first it keyed), under {@link TieOrder#SOURCE}. */
    public final long count() {
        return count;
    }

    /** The {@link #SOURCE_BITS} low bits. */
    private static final long IDS = MAX_SOURCE;
    private static final int HALF = SOURCE_BITS / 2;

    /**
     * The place of source {@code source} at a tie in span {@code span} (the time shifted by {@link #PERMUTATION_SHIFT}):
     * a permutation of the 22-bit ids keyed by the span. Three rounds of XOR with 22 bits of a hash of the span
     * (SplitMix64's finalizer), multiplication by an odd constant mod 2^22 and an xorshift by 11: each step is a
     * bijection of the 22-bit ids (so two sources never share a place), and together they mix every bit of the id
     * into every other, so the relative order of any few sources varies from span to span like a random shuffle
     * (an XOR with the key alone could only flip the bits that already separate them: fair between two sources, it
     * put one of three first at half the instants).
     */
    static long place(int source, long span) {
        long z = span * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        long x = ((source ^ z) * 0x9E3779B1L) & IDS;
        x ^= x >>> HALF;
        x = ((x ^ (z >>> SOURCE_BITS)) * 0x85EBCA6BL) & IDS;
        x ^= x >>> HALF;
        x = ((x ^ (z >>> (2 * SOURCE_BITS))) * 0xC2B2AE35L) & IDS;
        return x ^ (x >>> HALF);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[t=" + timePs + " ps, source=" + sourceId + ", count=" + count + "]";
    }
}
