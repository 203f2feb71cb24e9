package org.lossless.core.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The pending events of an {@link EventLoop}, in the order {@code (timePs, order)}: a calendar queue
 * (R. Brown, CACM 1988) of {@value #BUCKETS} buckets of {@code 2^shift} ps over a window that slides with the
 * clock, and a 4-ary {@link EventHeap} for the events beyond the window. A queue whose buckets are crowded refines
 * itself: twice the buckets of half the width, over the same window ({@link #refine}).
 *
 * <p>Why: on a large fabric almost every event is due within a microsecond or two (a port's end of
 * transmission, a link's next arrival) and thousands are pending; a heap paid some 25 mispredicted comparisons
 * on cold event objects per event. Here scheduling stores the event into its bucket's cache line of
 * {@value #CAP} references (more go to an overflow list threaded through the events): O(1), reading nothing
 * cold. When the clock reaches a bucket, its events are copied with their keys into one reused array and
 * sorted there; they leave it in order. Events beyond the window (timers, pause expiries)
 * wait in the heap and move to their bucket when the window reaches them.
 *
 * <p>The order is exactly the heap's: earliest time first, then {@link SimEvent#order} (the tie key: source, then its count),
 * so the simulation's results do not depend on which structure holds the events.
 *
 * <p>Invariants: {@code cur} is the absolute number ({@code time >> shift}) of the current bucket, and no pending
 * event is in an earlier one; while {@code sorted}, the current bucket's events are in {@code run} from
 * {@code cursor} on, in order (removed ones null), and its list is empty; bucket slot {@code a & MASK} lists
 * the events of absolute bucket {@code a} for {@code cur <= a < cur + BUCKETS}; the heap holds exactly the
 * events with {@code a >= cur + BUCKETS}. Scheduling before the current bucket (only when a run stopped between
 * two events and the next run schedules into that gap, or in direct use) rebuilds the structure, O(n + buckets); a run
 * that stops at a time limit peeks with it ({@link #peek(long)}), so that the current bucket stays at or before the
 * limit's and what is scheduled after the limit (a partition's hand-offs at the next window) needs none.
 * Removing an event from a bucket's overflow list walks that list; the overflow list is empty unless the
 * bucket's {@value #CAP} places are taken.
 *
 * <p>Crowds: the width suits a fabric of 100 Gb/s links, a few events per bucket. On a 1,024-GPU fabric at 400 Gb/s a
 * single event list's 1 ns buckets held some 75 events each: 59 of them on the overflow list, cold events read one
 * after the other when the bucket is loaded and walked on every cancel. So the queue counts the events of the buckets
 * it loads: when {@value #CHECK_LOADS} buckets' worth of {@value #CROWD} events a bucket come in fewer than
 * {@value #CHECK_LOADS} loads (a crowd), and below
 * {@value #MAX_BUCKETS} buckets, it doubles its buckets and halves their width (between two buckets, every event
 * re-placed: O(events + buckets), at most three times a run; finer, the places outgrow the caches: a trial that went to
 * 65,536 buckets was slower). The window stays what it was made with (2^(shift + 12) ps for the shift given to the
 * constructor), so nothing moves to or from the far heap; the order is the keys', so no result changes
 * (benchmarks/README.md, "The event list refines itself"). A queue that is not crowded (a fabric of a few events a
 * nanosecond) never refines.
 *
 * <p>Sparse queues: a partition of a {@link ParallelEngine} holds only its part of the fabric's events, in buckets as
 * fine as the whole fabric's: on the k=8 all-reduce cut into 8, about one event in ten buckets, so that every event
 * has its bucket's cache lines (its places, its count) to itself, and the 8 partitions' calendars are 8 times the
 * memory one sequential calendar touches per simulated microsecond (a JFR profile of the 8 partitions on one thread
 * put more than half of their extra time over the sequential engine in this queue's {@code load}, {@code peek} and
 * {@code push}). So a partition's queue (made with a coarsening allowed) also counts the buckets the clock passes:
 * when {@value #CHECK_LOADS} loads held fewer than one event per {@value #SPARSE} buckets passed, it doubles its
 * buckets' width (as many buckets, over twice the window; every event re-placed between two buckets, as a refinement
 * does), at most {@value #MAX_COARSENING} times past the width it was made with. A crowd refines it again. A
 * sequential run's queue does not coarsen: its width suits its fabric, and widening it in a run's quiet phases gained
 * nothing measurable and went back and forth with the refinements. The order is the keys', so no result changes
 * (benchmarks/README.md, "Step 31").
 */
final class CalendarQueue implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    /** Buckets a queue starts with. */
    static final int BUCKETS = 4096;
    /** Most buckets a queue refines to (2 MiB of places; see the class). */
    static final int MAX_BUCKETS = 32_768;
    /** Buckets loaded over which the crowd is counted. */
    static final int CHECK_LOADS = 4096;
    /**
     * Buckets the clock passes (empty ones included) per event loaded, over {@value #CHECK_LOADS} loads, above which the
     * queue coarsens ({@link #coarsen}): fewer than one event in two buckets.
     */
    static final int SPARSE = 2;
    /** Widest buckets a queue coarsens to: 2^20 ps, about 1 us (a window of about 4 ms with 4,096 buckets). */
    static final int MAX_SHIFT = 20;
    /** Doublings of the width a queue may coarsen by, past the width it was made with (a partition's list). */
    static final int MAX_COARSENING = 3;
    /** The widest buckets this queue coarsens to, log2 ps. */
    private final int maxShift;
    /** Up to this many entries a bucket is sorted by insertion sort alone ({@link BucketSort}). */
    private static final int INSERTION_SORT_MAX = 24;

    /** log2 of a bucket's width, ps. */
    private int shift;
    /** Buckets (a power of two), {@code buckets - 1}, and words of {@link #occupied}. */
    private int buckets = BUCKETS;
    private int mask = BUCKETS - 1;
    private int words = BUCKETS / 64;
    /** Events a bucket holds in {@link #slots}; more go to its overflow list. */
    static final int CAP = 16;
    /**
     * Events per loaded bucket, on average, above which the queue refines: a bucket's places ({@link #CAP}), beyond
     * which the average bucket spills onto its overflow list.
     */
    static final int CROWD = CAP;
    /**
     * Bucket {@code s}'s first events: {@code slots[s * CAP ..]}, {@link #counts}{@code [s]} of them. 16 compressed
     * references are one cache line: scheduling only stores into it, and loading a bucket reads it at once and then
     * its events' keys with independent reads (a linked list would chase one cold pointer after the other).
     */
    private SimEvent[] slots = new SimEvent[BUCKETS * CAP];
    private int[] counts = new int[BUCKETS];
    /** Each bucket slot's overflow: a list threaded through the events, or null. */
    private SimEvent[] heads = new SimEvent[BUCKETS];
    /** Bit per bucket slot: its list is not empty. */
    private long[] occupied = new long[BUCKETS / 64];
    /** Buckets loaded and the events they held since the last check of the crowd. */
    private int loads;
    private long loaded;
    /** The last check found a crowd: refine before the next bucket. */
    private boolean crowded;
    /** The last check found the buckets mostly empty: coarsen before the next bucket. */
    private boolean sparse;
    /** The current bucket when the crowd was last checked (the buckets passed since are {@code cur - checkedAt}). */
    private long checkedAt;
    private final EventHeap far = new EventHeap();
    /** Sorts a bucket's events when the clock reaches it (its scratch is this queue's own). */
    private final BucketSort sorter = new BucketSort();
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
    /** {@link #rebuild}s so far (for tests: a partition's windows should cause none). */
    int rebuilds;
    /** {@link #refine}s so far (for tests and benchmarks). */
    int refinements;
    /** {@link #coarsen}s so far (for tests and benchmarks). */
    int coarsenings;

    /** @param shift log2 of the bucket width in ps, 1..40 */
    CalendarQueue(int shift) {
        this(shift, 0);
    }

    /**
     * @param shift      log2 of the bucket width in ps, 1..40
     * @param coarsening doublings of the width the queue may make when sparse ({@link #coarsen}), 0 to
     *                   {@link #MAX_COARSENING}: a partition's list, not a sequential run's, whose width suits its fabric
     */
    CalendarQueue(int shift, int coarsening) {
        if (shift < 1 || shift > 40) {
            throw new IllegalArgumentException("bucket shift " + shift + " outside 1..40");
        }
        if (coarsening < 0 || coarsening > MAX_COARSENING) {
            throw new IllegalArgumentException("coarsening " + coarsening + " outside 0.." + MAX_COARSENING);
        }
        this.shift = shift;
        this.maxShift = Math.min(MAX_SHIFT, shift + coarsening);
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
        if (a - cur >= buckets) {
            far.add(e);
            return;
        }
        if (sorted && a == cur) {
            insertSorted(e);
        } else {
            push((int) a & mask, e);
        }
        near++;
    }

    /** The earliest event, or null when empty. */
    SimEvent peek() {
        return peek(Long.MAX_VALUE);
    }

    /**
     * The earliest event, or null when none is due at or before {@code lastPs} (one later may be returned). The current
     * bucket moves no further than {@code lastPs}'s: a run that stops there (a partition's window end) can then be given
     * events just after {@code lastPs} without a {@link #rebuild} (it cleared every bucket, an O(buckets) step per window).
     */
    SimEvent peek(long lastPs) {
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
                if (crowded) {
                    refine();
                } else if (sparse) {
                    coarsen();
                }
            }
            int s = (int) cur & mask;
            if (counts[s] > 0) {
                load(s);
                continue;
            }
            if (near == 0 && far.size() == 0) {
                return null;
            }
            long next = near > 0 ? cur + ((nextOccupied(s) - s) & mask) : far.peek().timePs >> shift;
            if (next > lastPs >> shift) { // shift as of now: a refinement may have changed it
                return null;
            }
            advance(next);
        }
    }

    /**
     * Time of the earliest event, or {@code Long.MAX_VALUE} when empty, without moving the current bucket (asked between a
     * partition's windows, before what other partitions handed it is scheduled).
     */
    long firstTime() {
        if (sorted) {
            while (cursor < runSize && run[cursor] == null) {
                cursor++;
            }
            if (cursor < runSize) {
                return runKeys[2 * cursor];
            }
        }
        if (near == 0) {
            return far.size() == 0 ? Long.MAX_VALUE : far.peek().timePs;
        }
        int s = (int) cur & mask;
        if (counts[s] == 0 && heads[s] == null) {
            s = nextOccupied(s);
        }
        long t = Long.MAX_VALUE;
        for (int i = 0, base = s * CAP; i < counts[s]; i++) {
            t = Math.min(t, slots[base + i].timePs);
        }
        for (SimEvent e = heads[s]; e != null; e = e.bucketNext) {
            t = Math.min(t, e.timePs);
        }
        return t;
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
        } else if (e.pos >= 0) {
            int last = --counts[s];
            int base = s * CAP;
            SimEvent moved = slots[base + last];
            slots[base + last] = null;
            if (moved != e) {
                slots[base + e.pos] = moved;
                moved.pos = e.pos;
            }
            if (heads[s] != null) { // keep the slots full first: the list's head takes the freed place
                SimEvent h = heads[s];
                heads[s] = h.bucketNext;
                h.bucketNext = null;
                slots[base + last] = h;
                h.pos = last;
                counts[s] = last + 1;
            } else if (last == 0) {
                occupied[s >>> 6] &= ~(1L << s);
            }
        } else if (heads[s] == e) {
            heads[s] = e.bucketNext;
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
        if (e.pos >= 0) {
            return e.pos < counts[s] && slots[s * CAP + e.pos] == e;
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
        for (int s = 0; s < buckets; s++) {
            for (int i = 0; i < counts[s]; i++) {
                all.add(slots[s * CAP + i]);
            }
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
        Arrays.fill(slots, null);
        Arrays.fill(counts, 0);
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
        rebuilds++;
        List<SimEvent> all = snapshot();
        clear();
        placeAgain(all, a);
    }

    /** Makes {@code a} the current bucket of the cleared queue (sparseness counted from it), adds {@code all} back. */
    private void placeAgain(List<SimEvent> all, long a) {
        cur = a;
        checkedAt = a;
        for (SimEvent e : all) {
            add(e);
        }
    }

    /**
     * Twice the buckets, half as wide, over the same window: every pending event is placed again, as a {@link #rebuild}
     * does (those beyond the window go back to the far heap). Called between two buckets (no sorted run), so the
     * current bucket is empty and no pending event is earlier than its start, which becomes the start of the new
     * current bucket.
     */
    private void refine() {
        crowded = false;
        List<SimEvent> all = snapshot();
        clear();
        buckets *= 2;
        mask = buckets - 1;
        words = buckets / 64;
        shift--;
        slots = new SimEvent[buckets * CAP];
        counts = new int[buckets];
        heads = new SimEvent[buckets];
        occupied = new long[words];
        placeAgain(all, cur << 1);
        refinements++;
    }

    /**
     * As many buckets, twice as wide, over twice the window: every pending event is placed again, as {@link #refine}
     * does (the far heap's events now within the window come into buckets). Called between two buckets, like
     * {@link #refine}: the current bucket is empty and no pending event is earlier than its start, which lies in the new
     * current bucket.
     */
    private void coarsen() {
        sparse = false;
        List<SimEvent> all = snapshot();
        clear();
        shift++;
        placeAgain(all, cur >> 1);
        coarsenings++;
    }

    /** Moves on from the (empty) current bucket to {@code next}, the next one that holds an event. */
    private void advance(long next) {
        cur = next;
        long end = cur + buckets;
        while (far.size() > 0 && (far.peek().timePs >> shift) < end) {
            SimEvent e = far.poll();
            push((int) (e.timePs >> shift) & mask, e);
            near++;
        }
    }

    /** The first occupied slot after {@code s}, going round. Some slot other than {@code s} is occupied. */
    private int nextOccupied(int s) {
        int start = (s + 1) & mask;
        int w = start >>> 6;
        long bits = occupied[w] & (-1L << start);
        while (bits == 0) {
            w = (w + 1) & (words - 1);
            bits = occupied[w];
        }
        return (w << 6) | Long.numberOfTrailingZeros(bits);
    }

    private void push(int s, SimEvent e) {
        int n = counts[s];
        e.where = s;
        if (n < CAP) {
            slots[s * CAP + n] = e;
            e.pos = n;
            counts[s] = n + 1;
        } else {
            e.bucketNext = heads[s];
            e.pos = -1;
            heads[s] = e;
        }
        occupied[s >>> 6] |= 1L << s;
    }

    /** Makes slot {@code s}'s list the sorted run of the current bucket. */
    private void load(int s) {
        int n = counts[s]; // at most CAP, below run's smallest length (64): the places always fit
        for (int i = 0, base = s * CAP; i < n; i++) {
            SimEvent e = slots[base + i];
            slots[base + i] = null;
            run[i] = e;
            runKeys[2 * i] = e.timePs;
            runKeys[2 * i + 1] = e.order;
            e.where = SimEvent.CURRENT;
        }
        counts[s] = 0;
        int listed = n;
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
        loaded += n;
        loads++;
        if (loaded > (long) CROWD * CHECK_LOADS) { // more than CROWD a bucket, whatever the next loads hold
            crowded = buckets < MAX_BUCKETS && shift > 1;
            loads = 0;
            loaded = 0;
            checkedAt = cur;
        } else if (loads == CHECK_LOADS) {
            // fewer than one event per SPARSE buckets the clock passed: each event pays for its bucket's lines alone
            sparse = loaded * SPARSE < cur - checkedAt + 1 && shift < maxShift;
            loads = 0;
            loaded = 0;
            checkedAt = cur;
        }
        reverse(listed, n); // the overflow list is newest first: scheduling order makes a crowd nearly sorted
        sorter.sort(run, runKeys, n, INSERTION_SORT_MAX);
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

    /** Reverses {@code run[from..to)} and its keys. */
    private void reverse(int from, int to) {
        for (int i = from, j = to - 1; i < j; i++, j--) {
            SimEvent e = run[i];
            run[i] = run[j];
            run[j] = e;
            long t = runKeys[2 * i];
            runKeys[2 * i] = runKeys[2 * j];
            runKeys[2 * j] = t;
            long o = runKeys[2 * i + 1];
            runKeys[2 * i + 1] = runKeys[2 * j + 1];
            runKeys[2 * j + 1] = o;
        }
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
