package org.lossless.workloads.collective;

import java.util.Arrays;

/**
 * A program's own timer list: a binary min-heap of (time, insertion order, code) in primitive arrays,
 * so that thousands of pending software-latency and NVLink timers cost one engine timer and no
 * allocation per entry. Entries at the same time come out in insertion order (deterministic).
 *
 * <p>The module's one timer heap: {@link org.lossless.workloads.support.Agenda}, the runnable-action agenda of the
 * datacenter and storage programs, keeps its entries here too (its code is an action's slot).
 */
public final class Agenda {
    private long[] time = new long[64];
    private long[] order = new long[64];
    private long[] code = new long[64];
    private int size;
    private long nextOrder;

    public void add(long timePs, long entry) {
        if (size == time.length) {
            time = Arrays.copyOf(time, size * 2);
            order = Arrays.copyOf(order, size * 2);
            code = Arrays.copyOf(code, size * 2);
        }
        int i = size++;
        long o = nextOrder++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(timePs, o, time[parent], order[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        time[i] = timePs;
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

    /** Removes the earliest entry and returns its code. */
    public long poll() {
        long out = code[0];
        size--;
        if (size > 0) {
            long t = time[size];
            long o = order[size];
            long c = code[size];
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= size) {
                    break;
                }
                if (child + 1 < size && less(time[child + 1], order[child + 1], time[child], order[child])) {
                    child++;
                }
                if (!less(time[child], order[child], t, o)) {
                    break;
                }
                move(child, i);
                i = child;
            }
            time[i] = t;
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
        order[to] = order[from];
        code[to] = code[from];
    }

    private static boolean less(long t1, long o1, long t2, long o2) {
        return t1 < t2 || (t1 == t2 && o1 < o2);
    }
}
