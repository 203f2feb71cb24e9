package org.lossless.experiments.validation;

import java.util.Arrays;

/**
 * Max-min fair rates by progressive filling: every unfrozen flow's rate grows at the same pace; when
 * a link fills, the flows crossing it freeze. An independent expectation for V-06.
 */
final class MaxMin {
    private MaxMin() {
    }

    /**
     * @param capacity capacity of each link
     * @param paths    for each flow, the indices of the links it crosses
     * @return each flow's max-min fair rate, in the unit of {@code capacity}
     */
    static double[] rates(double[] capacity, int[][] paths) {
        int n = paths.length;
        double[] rate = new double[n];
        boolean[] frozen = new boolean[n];
        double[] left = capacity.clone();
        int active = n;
        while (active > 0) {
            // the smallest equal increment that fills some link
            double step = Double.POSITIVE_INFINITY;
            for (int l = 0; l < left.length; l++) {
                int users = users(l, paths, frozen);
                if (users > 0) {
                    step = Math.min(step, left[l] / users);
                }
            }
            for (int f = 0; f < n; f++) {
                if (!frozen[f]) {
                    rate[f] += step;
                    for (int l : paths[f]) {
                        left[l] -= step;
                    }
                }
            }
            for (int f = 0; f < n; f++) {
                if (!frozen[f] && Arrays.stream(paths[f]).anyMatch(l -> left[l] <= 1e-9 * capacity[l])) {
                    frozen[f] = true;
                    active--;
                }
            }
        }
        return rate;
    }

    private static int users(int link, int[][] paths, boolean[] frozen) {
        int u = 0;
        for (int f = 0; f < paths.length; f++) {
            if (!frozen[f] && Arrays.stream(paths[f]).anyMatch(l -> l == link)) {
                u++;
            }
        }
        return u;
    }
}
