package org.lossless.plots.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

class DownsamplerTest {
    @Test
    void keepsEveryColumnsMinimumAndMaximumInTimeOrder() {
        int bins = 100;
        long end = 1_000_000;
        Downsampler d = new Downsampler(0, end, bins);
        double[] min = new double[bins];
        double[] max = new double[bins];
        java.util.Arrays.fill(min, Double.MAX_VALUE);
        java.util.Arrays.fill(max, -Double.MAX_VALUE);
        Random r = new Random(7);
        for (long t = 0; t < end; t += 37) {
            double v = r.nextGaussian() * 100 + (t % 5000 == 0 ? 1e4 : 0); // spikes
            d.add(t, v);
            int b = (int) (t * bins / end); // the column, computed independently
            min[b] = Math.min(min[b], v);
            max[b] = Math.max(max[b], v);
        }
        Downsampler.Points p = d.points();
        assertTrue(p.size() <= 2 * bins, "at most two points per column: " + p.size());
        Set<Double> kept = new HashSet<>();
        for (int i = 0; i < p.size(); i++) {
            kept.add(p.values()[i]);
            if (i > 0) {
                assertTrue(p.times()[i] >= p.times()[i - 1], "time order");
            }
        }
        for (int b = 0; b < bins; b++) {
            assertTrue(kept.contains(min[b]), "minimum of column " + b);
            assertTrue(kept.contains(max[b]), "maximum of column " + b);
        }
        assertEquals((end + 36) / 37, d.samples());
    }

    @Test
    void fewSamplesAreKeptAsTheyAre() {
        Downsampler d = new Downsampler(0, 100, 1000);
        d.add(10, 1);
        d.add(20, 5);
        d.add(30, 2);
        assertEquals(3, d.points().size());
        assertEquals(5, d.points().values()[1]);
        assertEquals(20, d.points().times()[1]);
    }
}
