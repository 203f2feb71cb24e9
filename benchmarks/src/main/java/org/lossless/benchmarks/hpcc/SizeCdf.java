package org.lossless.benchmarks.hpcc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A flow-size distribution as the HPCC traffic generator reads it: lines {@code size percentile}, percentiles from 0
 * to 100 increasing, sampled by linear interpolation between the points (so the mean is the trapezoid sum).
 */
final class SizeCdf {
    private final double[] size;
    private final double[] pct;

    SizeCdf(double[] size, double[] pct) {
        if (size.length < 2 || size.length != pct.length || pct[0] != 0 || pct[pct.length - 1] != 100) {
            throw new IllegalArgumentException("a CDF needs >= 2 points from percentile 0 to 100");
        }
        for (int i = 1; i < size.length; i++) {
            if (!(size[i] > size[i - 1] && pct[i] > pct[i - 1])) {
                throw new IllegalArgumentException("CDF points must increase, line " + (i + 1));
            }
        }
        this.size = size.clone();
        this.pct = pct.clone();
    }

    static SizeCdf read(Path file) throws IOException {
        List<double[]> pts = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            String l = line.strip();
            if (l.isEmpty()) {
                continue;
            }
            String[] f = l.split("\\s+");
            pts.add(new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1])});
        }
        double[] s = new double[pts.size()];
        double[] p = new double[pts.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = pts.get(i)[0];
            p[i] = pts.get(i)[1];
        }
        return new SizeCdf(s, p);
    }

    /** Mean size in bytes: sum of segment midpoints times their probability. */
    double mean() {
        double m = 0;
        for (int i = 1; i < size.length; i++) {
            m += (size[i] + size[i - 1]) / 2 * (pct[i] - pct[i - 1]);
        }
        return m / 100;
    }

    /** The size at percentile {@code y} (0..100), interpolated. */
    double at(double y) {
        for (int i = 1; i < size.length; i++) {
            if (y <= pct[i]) {
                return size[i - 1] + (size[i] - size[i - 1]) / (pct[i] - pct[i - 1]) * (y - pct[i - 1]);
            }
        }
        return size[size.length - 1];
    }
}
