package org.lossless.workloads.collective;

import java.util.Arrays;

/**
 * A program's own timer list: a binary min-heap of (time, insertion order, code) in primitive arrays,
 * so that thousands of pending software-latency and NVLink timers cost one engine timer and no
 * allocation per entry. Entries at the same time come out in the order of their stamps (the simulated instant of
 * what added them, {@link #add(long, long, long)}; 0 when not given), then in insertion order (deterministic). A
 * program that adds in time order gets insertion order; the stamps keep that order when a program's timer runs
 * ahead of completions that came before it (a parallel run's programs, {@code AheadWork}).
 *
 * <p>The module's one timer heap: {@link org.lossless.workloads.support.ActionAgenda}, the runnable-action agenda of the
 * datacenter and storage programs, keeps its entries here too (its code is an action's slot).
 */
public final class Agenda {
    private long[] time = new long[64];
    private long[] stamp = new long[64];
    private long[] order = new long[64];
    private long[] code = new long[64];
    private int size;
    private long nextOrder;

    public void add(long timePs, long entry) {
        add(timePs, 0, entry);
    }

    /**
     * Adds {@code entry} at {@code timePs}, added at simulated instant {@code stampPs} (orders ties before insertion);
     * returns its place among entries of equal time and stamp (its insertion order).
     */
    public long add(long timePs, long stampPs, long entry) {
        long o = nextOrder++;
        addPlaced(timePs, stampPs, o, entry);
        return o;
    }

    /**
     * A place among ties after every entry added so far, taken without adding one ({@link #addPlaced}): where an entry
     * would have gone had it been added now.
     */
    public long reserve() {
        return nextOrder++;
    }

    /**
     * Adds {@code entry} at {@code timePs} with stamp {@code stampPs} at place {@code place} among ties (one returned by
     * {@link #add(long, long, long)} or {@link #reserve()}): an entry put where another was, or would have been, added.
     */
    public void addPlaced(long timePs, long stampPs, long place, long entry) {
        if (size == time.length) {
            time = Arrays.copyOf(time, size * 2);
            stamp = Arrays.copyOf(stamp, size * 2);
            order = Arrays.copyOf(order, size * 2);
            code = Arrays.copyOf(code, size * 2);
        }
        int i = size++;
        long o = place;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(timePs, stampPs, o, parent)) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        time[i] = timePs;
        stamp[i] = stampPs;
        order[i] = o;
        code[i] = entry;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    /** Time of the earliest entry; only when not empty. */
    public long peekTime() {
        return time[0];
    }

    /** Code of the earliest entry; only when not empty. */
    public long peekCode() {
        return code[0];
    }

    /** Removes the earliest entry and returns its code. */
    public long poll() {
        long out = code[0];
        size--;
        if (size > 0) {
            long t = time[size];
            long st = stamp[size];
            long o = order[size];
            long c = code[size];
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= size) {
                    break;
                }
                if (child + 1 < size && less(time[child + 1], stamp[child + 1], order[child + 1], child)) {
                    child++;
                }
                if (!lessThan(time[child], stamp[child], order[child], t, st, o)) {
                    break;
                }
                move(child, i);
                i = child;
            }
            time[i] = t;
            stamp[i] = st;
            order[i] = o;
            code[i] = c;
        }
        return out;
    }

    public void clear() {
        size = 0;
    }

    private void move(int from, int to) {
        time[to] = time[from];
        stamp[to] = stamp[from];
        order[to] = order[from];
        code[to] = code[from];
    }

    /** Whether (t, s, o) comes before entry {@code i}. */
    private boolean less(long t, long s, long o, int i) {
        return lessThan(t, s, o, time[i], stamp[i], order[i]);
    }

    private static boolean lessThan(long t1, long s1, long o1, long t2, long s2, long o2) {
        return t1 < t2 || (t1 == t2 && (s1 < s2 || (s1 == s2 && o1 < o2)));
    }
}
