package org.lossless.workloads.training;

import java.util.Arrays;

/** A growable stack of ints (work lists without boxing). */
final class IntStack {
    private int[] items = new int[64];
    private int size;

    void push(int v) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = v;
    }

    int pop() {
        return items[--size];
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    void clear() {
        size = 0;
    }
}
