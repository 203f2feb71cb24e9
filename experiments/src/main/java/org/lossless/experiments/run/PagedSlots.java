package org.lossless.experiments.run;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;

/**
 * A list that only grows at its end, in pages of {@link #PAGE} slots, whose full pages are dropped once every slot
 * in them was set to null: the traffic driver's message of each QP part, cleared as messages complete, so its
 * memory follows the parts in flight (and the pages with a part still open) instead of every part of the run (4 B
 * a part, and a copy of the whole while an array list grows). A dropped slot reads as null.
 */
final class PagedSlots<T> extends AbstractList<T> implements RandomAccess {
    /** Slots per page (a power of two). */
    static final int PAGE = 1 << 12;
    private static final int SHIFT = Integer.numberOfTrailingZeros(PAGE);
    private final List<Object[]> pages = new ArrayList<>();
    /** Slots of each page not null. */
    private int[] live = new int[16];
    private int size;

    @Override
    public boolean add(T t) {
        int p = size >>> SHIFT;
        if (p == pages.size()) {
            pages.add(new Object[PAGE]);
            if (p == live.length) {
                live = java.util.Arrays.copyOf(live, p * 2);
            }
        }
        pages.get(p)[size & (PAGE - 1)] = t;
        if (t != null) {
            live[p]++;
        }
        size++;
        return true;
    }

    @SuppressWarnings("unchecked")
    @Override
    public T get(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("slot " + i + " of " + size);
        }
        Object[] page = pages.get(i >>> SHIFT);
        return page == null ? null : (T) page[i & (PAGE - 1)];
    }

    @Override
    public T set(int i, T t) {
        T old = get(i);
        int p = i >>> SHIFT;
        Object[] page = pages.get(p);
        if (page == null) {
            if (t != null) {
                throw new IllegalStateException("slot " + i + " was dropped with its page");
            }
            return null;
        }
        page[i & (PAGE - 1)] = t;
        live[p] += (t == null ? 0 : 1) - (old == null ? 0 : 1);
        if (live[p] == 0 && p < size >>> SHIFT) {
            pages.set(p, null); // full and empty: nothing will be added to it
        }
        return old;
    }

    @Override
    public int size() {
        return size;
    }
}
