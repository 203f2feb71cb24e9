package org.lossless.core.kernel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A static split of partitions over threads (the {@link ParallelEngine} itself claims partitions per window, {@link
 * Claims}; this split serves forecasts that assume fixed threads): the heaviest partition first, each to the thread
 * with the least load so far (longest-processing-time first: within 4/3 of the best split). Ties go to the lower
 * partition and thread numbers, so the split is the same on every machine (the results never depend on it; the speed
 * does).
 */
public final class Assignment {
    private Assignment() {
    }

    /** Partitions of each of {@code threads} threads, each list ascending. */
    public static int[][] of(long[] weights, int threads) {
        Integer[] byWeight = new Integer[weights.length];
        for (int i = 0; i < weights.length; i++) {
            byWeight[i] = i;
        }
        Arrays.sort(byWeight, Comparator.comparingLong((Integer i) -> -weights[i]).thenComparingInt(i -> i));
        long[] load = new long[threads];
        List<List<Integer>> parts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            parts.add(new ArrayList<>());
        }
        for (int p : byWeight) {
            int best = 0;
            for (int t = 1; t < threads; t++) {
                if (load[t] < load[best] || (load[t] == load[best] && parts.get(t).size() < parts.get(best).size())) {
                    best = t;
                }
            }
            load[best] += weights[p];
            parts.get(best).add(p);
        }
        int[][] out = new int[threads][];
        for (int t = 0; t < threads; t++) {
            out[t] = parts.get(t).stream().mapToInt(Integer::intValue).sorted().toArray();
        }
        return out;
    }
}
