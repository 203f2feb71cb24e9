package org.lossless.core.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The pending events of a {@link LongHeapEventList}, in the order {@code (timePs, order)}: a calendar queue
 * (R. Brown, CACM 1988) of {@value #BUCKETS} buckets of {@code 2^shift} ps over a window that slides with the
 * clock, and a 4-ary {@link EventHeap} for the events beyond the window.
 *
 * <p>Why: on a large fabric almost every event is due within a microsecond or two (a port's end of
 * transmission, a link's next arrival) and thousands are pending; a heap paid some 25 mispredicted comparisons
 * on cold event objects per event. Here scheduling pushes the event onto its bucket's list, a singly linked list
 * through the events themselves: O(1), touching only the event (which the model is working on) and the array of
 * list heads (small, in cache). When the clock reaches a bucket, its few events are copied with their keys into
 * one reused array and sorted there; they leave it in order. Events beyond the window (timers, pause expiries)
 * wait in the heap and move to their bucket when the window reaches them.
 *
 * <p>The order is exactly the heap's: earliest time first, then {@link SimEvent#order} (priority, then FIFO),
 * so the simulation's results do not depend on which structure holds the events.
 *
 * <p>Invariants: {@code cur} is the absolute number ({@code time >> shift}) of the current bucket, and no pending
 * event is in an earlier one; while {@code sorted}, the current bucket's events are in {@code run} from
 * {@code cursor} on, in order (removed ones null), and its list is empty; bucket slot {@code a & MASK} lists
 * the events of absolute bucket {@code a} for {@code cur <= a < cur + BUCKETS}; the heap holds exactly the
 * events with {@code a >= cur + BUCKETS}. Scheduling before the current bucket (only when a run stopped between
 * two events and the next run schedules into that gap, or in direct use) rebuilds the structure, O(n).
 * Removing an event from a bucket list walks that (short) list.
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
    /** First event of each bucket slot's list, or null. */
    private final SimEvent[] heads = new SimEvent[BUCKETS];
    /** Bit per bucket slot: its list is not empty. */
    private final long[] occupied = new long[WORDS];
    private final EventHeap far = new EventHeap();
    /** Absolute number of the current bucket. */
    private long cur;
    /** The current bucket's events are in {@link #run}, sorted. */
    private boolean sorted;
    private SimEvent[] run = new SimEvent[64];
    /** Keys of {@link #run}'s entries, two longs each: time, order (compared without reading the events). */
    private long[] runKeys = new long[128];
    private int cursor;
    private int runSize;
    /** Events in bucket lists and in {@link #run}. */
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
        if (sorted && a == cur) {
            insertSorted(e);
        } else {
            push((int) a & MASK, e);
        }
        near++;
    }

    /** The earliest event, or null when empty. */
    SimEvent peek() {
        while (true) {
            if (sorted) {
                while (cursor < runSize && run[cursor] == null) {
                    cursor++;
                }
                if (cursor < runSize) {
                    return run[cursor];
                }
                runSize = 0;
                cursor = 0;
                sorted = false;
            }
            int s = (int) cur & MASK;
            if (heads[s] != null) {
                load(s);
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
            removePeeked(e);
        }
        return e;
    }

    /** Removes {@code e}, which {@link #peek()} has just returned (nothing added or removed since). */
    void removePeeked(SimEvent e) {
        run[cursor++] = null;
        near--;
        e.where = SimEvent.NOWHERE;
    }

    /** Removes {@code e}, which is pending here. */
    void remove(SimEvent e) {
        int s = e.where;
        if (s == SimEvent.FAR) {
            far.remove(e);
            return;
        }
        if (s == SimEvent.CURRENT) {
            run[indexInRun(e)] = null; // its key stays: the run stays sorted
        } else if (heads[s] == e) {
            heads[s] = e.bucketNext;
            if (heads[s] == null) {
                occupied[s >>> 6] &= ~(1L << s);
            }
        } else {
            SimEvent p = heads[s];
            while (p.bucketNext != e) {
                p = p.bucketNext;
            }
            p.bucketNext = e.bucketNext;
        }
        e.bucketNext = null;
        near--;
        e.where = SimEvent.NOWHERE;
    }

    /** Whether {@code e} is pending in this queue (not in another one). */
    boolean holds(SimEvent e) {
        int s = e.where;
        if (s == SimEvent.FAR) {
            return e.pos < far.size() && far.at(e.pos) == e;
        }
        if (s == SimEvent.CURRENT) {
            return indexInRun(e) >= 0;
        }
        if (s < 0) {
            return false;
        }
        for (SimEvent p = heads[s]; p != null; p = p.bucketNext) {
            if (p == e) {
                return true;
            }
        }
        return false;
    }

    /** Every pending event, in no particular order. */
    List<SimEvent> snapshot() {
        List<SimEvent> all = new ArrayList<>(size());
        for (int i = cursor; i < runSize; i++) {
            if (run[i] != null) {
                all.add(run[i]);
            }
        }
        for (int s = 0; s < BUCKETS; s++) {
            for (SimEvent p = heads[s]; p != null; p = p.bucketNext) {
                all.add(p);
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
            e.bucketNext = null;
        }
        Arrays.fill(heads, null);
        Arrays.fill(occupied, 0);
        Arrays.fill(run, 0, runSize, null);
        far.clear();
        near = 0;
        sorted = false;
        cursor = 0;
        runSize = 0;
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
            push((int) (e.timePs >> shift) & MASK, e);
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

    private void push(int s, SimEvent e) {
        SimEvent h = heads[s];
        e.bucketNext = h;
        e.where = s;
        heads[s] = e;
        if (h == null) {
            occupied[s >>> 6] |= 1L << s;
        }
    }

    /** Makes slot {@code s}'s list the sorted run of the current bucket. */
    private void load(int s) {
        int n = 0;
        for (SimEvent e = heads[s]; e != null; ) {
            SimEvent following = e.bucketNext;
            if (n == run.length) {
                growRun();
            }
            run[n] = e;
            runKeys[2 * n] = e.timePs;
            runKeys[2 * n + 1] = e.order;
            e.where = SimEvent.CURRENT;
            e.bucketNext = null;
            n++;
            e = following;
        }
        heads[s] = null;
        occupied[s >>> 6] &= ~(1L << s);
        BucketSort.sort(run, runKeys, n, INSERTION_SORT_MAX);
        runSize = n;
        cursor = 0;
        sorted = true;
    }

    /** Puts {@code e} into the sorted run of the current bucket, among its entries from the cursor on. */
    private void insertSorted(SimEvent e) {
        if (runSize == run.length) {
            if (cursor > 0) { // room at the front: close the gap
                System.arraycopy(run, cursor, run, 0, runSize - cursor);
                System.arraycopy(runKeys, 2 * cursor, runKeys, 0, 2 * (runSize - cursor));
                Arrays.fill(run, runSize - cursor, runSize, null);
                runSize -= cursor;
                cursor = 0;
            } else {
                growRun();
            }
        }
        long t = e.timePs;
        long o = e.order;
        int lo = cursor;
        int hi = runSize;
        while (lo < hi) { // first entry after e
            int mid = (lo + hi) >>> 1;
            long mt = runKeys[2 * mid];
            if (mt > t || (mt == t && runKeys[2 * mid + 1] > o)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        System.arraycopy(run, lo, run, lo + 1, runSize - lo);
        System.arraycopy(runKeys, 2 * lo, runKeys, 2 * lo + 2, 2 * (runSize - lo));
        run[lo] = e;
        runKeys[2 * lo] = t;
        runKeys[2 * lo + 1] = o;
        e.where = SimEvent.CURRENT;
        runSize++;
    }

    private int indexInRun(SimEvent e) {
        for (int i = cursor; i < runSize; i++) {
            if (run[i] == e) {
                return i;
            }
        }
        return -1;
    }

    private void growRun() {
        run = Arrays.copyOf(run, run.length * 2);
        runKeys = Arrays.copyOf(runKeys, runKeys.length * 2);
    }
}
