package org.lossless.experiments.results;

import java.util.Arrays;

/**
 * A growing column of doubles (8 B a value, up to half as much again unused while it grows): what exact
 * nearest-rank percentiles need of each message, kept instead of its row.
 */
final class Doubles {
    private double[] values = new double[8];
    private int size;

    void add(double v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size + (size >> 1));
        }
        values[size++] = v;
    }

    int size() {
        return size;
    }

    /** Appends every value of {@code other}. */
    void addAll(Doubles other) {
        if (size + other.size > values.length) {
            values = Arrays.copyOf(values, size + other.size);
        }
        System.arraycopy(other.values, 0, values, size, other.size);
        size += other.size;
    }

    /** The values of this and of {@code more}, in ascending order ({@link Arrays#sort(double[])}), a new array. */
    double[] sorted(Doubles... more) {
        int n = size;
        for (Doubles d : more) {
            n += d.size;
        }
        double[] s = Arrays.copyOf(values, n);
        int at = size;
        for (Doubles d : more) {
            System.arraycopy(d.values, 0, s, at, d.size);
            at += d.size;
        }
        Arrays.sort(s);
        return s;
    }
}
