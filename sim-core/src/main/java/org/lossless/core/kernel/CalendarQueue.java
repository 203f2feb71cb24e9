package org.lossless.core.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The pending events of a {@link LongHeapEventList}, in the order {@code (timePs, order)}: a calendar queue
 * (Brown 1988) of {@value #BUCKETS} buckets of {@code 2^shift} ps over a window that slides with the clock, and
 * a 4-ary {@link EventHeap} for the events beyond the window.
 *
 * <p>Why: on a large fabric almost every event is due within a microsecond or two (a port's end of
 * transmission, a link's next arrival), thousands are pending, and a heap pays some 25 mispredicted comparisons
 * on cold event objects per event. Here scheduling appends the event to the bucket of its time, O(1), with its
 * key copied next to it; a bucket is sorted (on the copied keys, small) when the clock reaches it, and events
 * leave it in order. Events beyond the window (timers, pause expiries) wait in the heap and move into their
 * bucket once the window reaches them.
 *
 * <p>The order is exactly the heap's: earliest time first, then {@link SimEvent#order} (priority, then FIFO),
 * so the simulation's results do not depend on which structure holds the events.
 *
 * <p>Invariants: the current bucket {@code cur} (absolute bucket number, {@code time >> shift}) holds no event
 * earlier than the last one removed; bucket slot {@code a & MASK} holds the events of absolute bucket
 * {@code a} for {@code cur <= a < cur + BUCKETS}; the heap holds exactly the events with {@code a >= cur +
 * BUCKETS}. Scheduling before the current bucket (only when a run stopped between two events and the next
 * one schedules into that gap, or in direct use) rebuilds the structure around the earlier time, O(n).
 */
final class CalendarQueue implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    static final int BUCKETS = 4096;
    private static final int MASK = BUCKETS - 1;
    private static final int WORDS = BUCKETS / 64;
    /** Above this, a bucket is sorted by heapsort instead of insertion sort. */
    private static final int INSERTION_SORT_MAX = 24;

    /** log2 of a bucket's width, ps. */
    private final int shift;
    private final SimEvent[][] items = new SimEvent[BUCKETS][];
    /** Per bucket, the keys of its events, two longs per entry: time, order (read without the events). */
    private final long[][] keys = new long[BUCKETS][];
    private final int[] sizes = new int[BUCKETS];
    /** Bit per bucket slot: holds entries. */
    private final long[] occupied = new long[WORDS];
    private final EventHeap far = new EventHeap();
    /** Absolute number of the current bucket. */
    private long cur;
    /** The current bucket is sorted; its entries before {@link #cursor} have left. */
    private boolean sorted;
    private int cursor;
    /** Events in buckets (removed entries of the sorted current bucket not counted). */
    private int near;

    /** @param shift log2 of the bucket width in ps, 1..40 */
    CalendarQueue(int shift) {
        if (shift < 1 || shift > 40) {
            throw new IllegalArgumentException("bucket shift " + shift + " outside 1..40");
        }
        this.shift = shift;
    }

    int size() {
        return near + far.size();
    }

    /** Adds {@code e} (not pending) with its {@code timePs} and {@code order} already set. */
    void add(SimEvent e) {
        long a = e.timePs >> shift;
        if (a < cur) {
            rebuild(a);
        }
        if (a - cur >= BUCKETS) {
            far.add(e);
            return;
        }
        int s = (int) a & MASK;
        if (sorted && a == cur) {
            insertSorted(s, e);
        } else {
            append(s, e);
        }
        near++;
    }

    /** The earliest event, or null when empty. */
    SimEvent peek() {
        while (true) {
            int s = (int) cur & MASK;
            if (sorted) {
                SimEvent[] it = items[s];
                int n = sizes[s];
                while (cursor < n && it[cursor] == null) {
                    cursor++;
                }
                if (cursor < n) {
                    return it[cursor];
                }
                Arrays.fill(it, 0, n, null);
                sizes[s] = 0;
                cursor = 0;
                sorted = false;
                occupied[s >>> 6] &= ~(1L << s);
            } else if (sizes[s] > 0) {
                sort(s);
                sorted = true;
                cursor = 0;
                continue;
            }
            if (near == 0 && far.size() == 0) {
                return null;
            }
            advance(s);
        }
    }

    /** Removes and returns the earliest event, or null when empty. */
    SimEvent poll() {
        SimEvent e = peek();
        if (e != null) {
            items[(int) cur & MASK][cursor++] = null;
            near--;
            e.where = SimEvent.NOWHERE;
        }
        return e;
    }

    /** Removes {@code e}, which is pending here. */
    void remove(SimEvent e) {
        int s = e.where;
        if (s == SimEvent.FAR) {
            far.remove(e);
            return;
        }
        SimEvent[] it = items[s];
        if (sorted && s == ((int) cur & MASK)) {
            for (int i = cursor, n = sizes[s]; i < n; i++) {
                if (it[i] == e) {
                    it[i] = null; // its key stays: the bucket stays sorted
                    break;
                }
            }
        } else {
            int i = e.pos;
            int last = --sizes[s];
            if (i != last) {
                SimEvent moved = it[last];
                it[i] = moved;
                moved.pos = i;
                long[] k = keys[s];
                k[2 * i] = k[2 * last];
                k[2 * i + 1] = k[2 * last + 1];
            }
            it[last] = null;
            if (last == 0) {
                occupied[s >>> 6] &= ~(1L << s);
            }
        }
        near--;
        e.where = SimEvent.NOWHERE;
    }

    /** Whether {@code e} is pending in this queue (not in another one). */
    boolean holds(SimEvent e) {
        int s = e.where;
        if (s == SimEvent.FAR) {
            return e.pos < far.size() && far.at(e.pos) == e;
        }
        if (s < 0) {
            return false;
        }
        if (sorted && s == ((int) cur & MASK)) {
            for (int i = cursor, n = sizes[s]; i < n; i++) {
                if (items[s][i] == e) {
                    return true;
                }
            }
            return false;
        }
        return e.pos < sizes[s] && items[s][e.pos] == e;
    }

    /** Every pending event, in no particular order. */
    List<SimEvent> snapshot() {
        List<SimEvent> all = new ArrayList<>(size());
        int c = (int) cur & MASK;
        for (int s = 0; s < BUCKETS; s++) {
            for (int i = (sorted && s == c) ? cursor : 0, n = sizes[s]; i < n; i++) {
                if (items[s][i] != null) {
                    all.add(items[s][i]);
                }
            }
        }
        for (int i = 0; i < far.size(); i++) {
            all.add(far.at(i));
        }
        return all;
    }

    /** Removes every event (marking each as not pending). */
    void clear() {
        for (SimEvent e : snapshot()) {
            e.where = SimEvent.NOWHERE;
        }
        for (int s = 0; s < BUCKETS; s++) {
            if (sizes[s] > 0) {
                Arrays.fill(items[s], 0, sizes[s], null);
                sizes[s] = 0;
            }
        }
        Arrays.fill(occupied, 0);
        far.clear();
        near = 0;
        sorted = false;
        cursor = 0;
    }

    /** Makes {@code a} (earlier than the current bucket) the current bucket and puts every event back. */
    private void rebuild(long a) {
        List<SimEvent> all = snapshot();
        clear();
        cur = a;
        for (SimEvent e : all) {
            add(e);
        }
    }

    /** Moves on from the (empty) current bucket at slot {@code s} to the next one that holds an event. */
    private void advance(int s) {
        if (near > 0) {
            cur += (nextOccupied(s) - s) & MASK;
        } else {
            cur = far.peek().timePs >> shift;
        }
        long end = cur + BUCKETS;
        while (far.size() > 0 && (far.peek().timePs >> shift) < end) {
            SimEvent e = far.poll();
            append((int) (e.timePs >> shift) & MASK, e);
            near++;
        }
    }

    /** The first occupied slot after {@code s}, going round. Some slot other than {@code s} is occupied. */
    private int nextOccupied(int s) {
        int start = (s + 1) & MASK;
        int w = start >>> 6;
        long bits = occupied[w] & (-1L << start);
        while (bits == 0) {
            w = (w + 1) & (WORDS - 1);
            bits = occupied[w];
        }
        return (w << 6) | Long.numberOfTrailingZeros(bits);
    }

    private void append(int s, SimEvent e) {
        int n = sizes[s];
        SimEvent[] it = items[s];
        if (it == null || n == it.length) {
            it = grow(s);
        }
        it[n] = e;
        long[] k = keys[s];
        k[2 * n] = e.timePs;
        k[2 * n + 1] = e.order;
        e.where = s;
        e.pos = n;
        sizes[s] = n + 1;
        if (n == 0) {
            occupied[s >>> 6] |= 1L << s;
        }
    }

    /** Puts {@code e} into the sorted current bucket at slot {@code s}, among its entries from the cursor on. */
    private void insertSorted(int s, SimEvent e) {
        int n = sizes[s];
        if (n == items[s].length) {
            if (cursor > 0) { // room at the front: close the gap first
                System.arraycopy(items[s], cursor, items[s], 0, n - cursor);
                System.arraycopy(keys[s], 2 * cursor, keys[s], 0, 2 * (n - cursor));
                Arrays.fill(items[s], n - cursor, n, null);
                n -= cursor;
                cursor = 0;
            } else {
                grow(s);
            }
        }
        SimEvent[] it = items[s];
        long[] k = keys[s];
        long t = e.timePs;
        long o = e.order;
        int lo = cursor;
        int hi = n;
        while (lo < hi) { // first entry after e
            int mid = (lo + hi) >>> 1;
            long mt = k[2 * mid];
            if (mt > t || (mt == t && k[2 * mid + 1] > o)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        System.arraycopy(it, lo, it, lo + 1, n - lo);
        System.arraycopy(k, 2 * lo, k, 2 * lo + 2, 2 * (n - lo));
        it[lo] = e;
        k[2 * lo] = t;
        k[2 * lo + 1] = o;
        e.where = s;
        e.pos = -1; // positions in the sorted current bucket are not kept: removal searches
        sizes[s] = n + 1;
        occupied[s >>> 6] |= 1L << s;
    }

    private SimEvent[] grow(int s) {
        int cap = items[s] == null ? 8 : items[s].length * 2;
        items[s] = items[s] == null ? new SimEvent[cap] : Arrays.copyOf(items[s], cap);
        keys[s] = keys[s] == null ? new long[2 * cap] : Arrays.copyOf(keys[s], 2 * cap);
        return items[s];
    }

    /** Sorts the entries of slot {@code s} by key. */
    private void sort(int s) {
        BucketSort.sort(items[s], keys[s], sizes[s], INSERTION_SORT_MAX);
    }
}
