package org.lossless.plots.charts;

import java.util.ArrayList;
import java.util.List;

import org.lossless.plots.data.Downsampler;

/**
 * Where the sender-rate chart looks: the spans of the run in which the drawn flows' rates change, so that flows
 * active in the first 0.5 ms of a 20 ms run are not squeezed into its first pixels. The times that matter are, per
 * flow, its first and last sample and every sample whose rate differs from the one before. Sorted, they fall
 * into phases wherever two are more than {@link #GAP_SHARE} of the run apart; each phase becomes a window padded by
 * {@link #PAD_SHARE} of its span on both sides (at least one sample interval, within the run). Phases closest to
 * each other are merged until at most {@link #MAX_WINDOWS} remain; windows covering together more than
 * {@link #WHOLE_SHARE} of the run give way to the whole run.
 */
public final class RateWindows {
    /** A gap this share of the run long, with no rate change, splits two phases. */
    static final double GAP_SHARE = 0.1;
    /** Padding on each side of a phase, as a share of its span. */
    static final double PAD_SHARE = 0.05;
    /** Panels at most. */
    static final int MAX_WINDOWS = 3;
    /** Windows covering more of the run than this are replaced by the whole run. */
    static final double WHOLE_SHARE = 0.6;

    private RateWindows() {
    }

    /** The times at which rates change: each series' first and last point, and each point whose value changed. */
    public static long[] changes(List<Downsampler.Points> series) {
        List<Long> t = new ArrayList<>();
        for (Downsampler.Points p : series) {
            if (p.size() == 0) {
                continue;
            }
            t.add(p.times()[0]);
            for (int i = 1; i < p.size(); i++) {
                if (p.values()[i] != p.values()[i - 1]) {
                    t.add(p.times()[i]);
                }
            }
            t.add(p.times()[p.size() - 1]);
        }
        return t.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    /**
     * The windows {@code [from, to]} (ps) to draw, in time order; {@code [0, end]} alone when the changes spread
     * over most of the run (or there are none).
     *
     * @param changes  sorted times of rate changes ({@link #changes})
     * @param end      the run's end, ps
     * @param minPadPs the least padding (a sample interval), ps
     */
    public static List<long[]> of(long[] changes, long end, long minPadPs) {
        List<long[]> whole = List.of(new long[] {0, end});
        if (changes.length == 0 || end <= 0) {
            return whole;
        }
        List<long[]> phases = new ArrayList<>();
        long gap = (long) (GAP_SHARE * end);
        long[] cur = {changes[0], changes[0]};
        for (int i = 1; i < changes.length; i++) {
            if (changes[i] - cur[1] > gap) {
                phases.add(cur);
                cur = new long[] {changes[i], changes[i]};
            } else {
                cur[1] = changes[i];
            }
        }
        phases.add(cur);
        while (phases.size() > MAX_WINDOWS) {
            int best = 0;
            for (int i = 1; i < phases.size() - 1; i++) {
                if (phases.get(i + 1)[0] - phases.get(i)[1] < phases.get(best + 1)[0] - phases.get(best)[1]) {
                    best = i;
                }
            }
            phases.set(best, new long[] {phases.get(best)[0], phases.get(best + 1)[1]});
            phases.remove(best + 1);
        }
        List<long[]> out = new ArrayList<>();
        long covered = 0;
        for (long[] p : phases) {
            long pad = Math.max(Math.max(1, minPadPs), (long) (PAD_SHARE * (p[1] - p[0])));
            long[] w = {Math.max(0, p[0] - pad), Math.min(end, p[1] + pad)};
            if (!out.isEmpty() && w[0] <= out.get(out.size() - 1)[1]) {
                out.get(out.size() - 1)[1] = w[1]; // padding made them touch
            } else {
                out.add(w);
            }
        }
        for (long[] w : out) {
            covered += w[1] - w[0];
        }
        return covered > WHOLE_SHARE * end ? whole : out;
    }
}
