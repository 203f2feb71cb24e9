package org.lossless.plots.charts;

import java.util.ArrayList;
import java.util.List;

import org.lossless.plots.data.Downsampler;

/**
 * Where the sender-rate chart looks: the spans of the run in which the drawn flows send, so that flows active in the
 * first 0.5 ms of a 20 ms run are not squeezed into its first pixels. rates.csv has a row for a flow while its
 * sender carries it, so each flow is active from its first sample to its last; every rate change lies inside. The
 * flows' spans, sorted, fall into phases wherever no flow sends for more than {@link #GAP_SHARE} of the run; each
 * phase becomes a window padded by {@link #PAD_SHARE} of its span on both sides (at least one sample interval,
 * within the run). Phases closest to each other are merged until at most {@link #MAX_WINDOWS} remain; windows
 * covering together more than {@link #WHOLE_SHARE} of the run give way to the whole run. The queue and pause charts
 * use one window around their activity ({@link #around}).
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

    /**
     * One window around the activity [{@code first}, {@code last}] (padded as a phase), or {@code [0, end]} when it
     * would cover more than {@link #WHOLE_SHARE} of the run: the queue and pause charts of a run whose congestion
     * lasted its first 2 ms of 11 look at those 2 ms.
     */
    public static long[] around(long first, long last, long end, long minPadPs) {
        if (end <= 0 || first > last) {
            return new long[] {0, Math.max(1, end)};
        }
        long pad = Math.max(Math.max(1, minPadPs), (long) (PAD_SHARE * (last - first)));
        long[] w = {Math.max(0, first - pad), Math.min(end, last + pad)};
        return w[1] - w[0] > WHOLE_SHARE * end ? new long[] {0, end} : w;
    }

    /** Whether {@code w} is the whole run [0, end]. */
    public static boolean whole(long[] w, long end) {
        return w[0] == 0 && w[1] == end;
    }

    /** "time window 1.2 ms to 3.4 ms of the 11 ms run", or "the whole run". */
    public static String describe(long[] w, long end) {
        return whole(w, end) ? "the whole run" : "time window " + at(w[0]) + " to " + at(w[1]) + " of the "
                + Fmt.time(end) + " run";
    }

    /** A time for a caption: "0", "525 µs" (kept on one line). */
    static String at(long ps) {
        return ps == 0 ? "0" : Fmt.time(ps).replace(" ", "\u00a0");
    }

    /** Each series' span {@code [first, last]} (ps); empty series have none. */
    public static List<long[]> spans(List<Downsampler.Points> series) {
        List<long[]> out = new ArrayList<>();
        for (Downsampler.Points p : series) {
            if (p.size() > 0) {
                out.add(new long[] {p.times()[0], p.times()[p.size() - 1]});
            }
        }
        return out;
    }

    /**
     * The windows {@code [from, to]} (ps) to draw, in time order; {@code [0, end]} alone when the flows send over
     * most of the run (or there are none).
     *
     * @param spans    the flows' spans ({@link #spans})
     * @param end      the run's end, ps
     * @param minPadPs the least padding (a sample interval), ps
     */
    public static List<long[]> of(List<long[]> spans, long end, long minPadPs) {
        List<long[]> whole = List.of(new long[] {0, end});
        if (spans.isEmpty() || end <= 0) {
            return whole;
        }
        List<long[]> sorted = new ArrayList<>(spans);
        sorted.sort(java.util.Comparator.comparingLong((long[] x) -> x[0]));
        List<long[]> phases = new ArrayList<>();
        long gap = (long) (GAP_SHARE * end);
        long[] cur = sorted.get(0).clone();
        for (long[] sp : sorted.subList(1, sorted.size())) {
            if (sp[0] - cur[1] > gap) {
                phases.add(cur);
                cur = sp.clone();
            } else {
                cur[1] = Math.max(cur[1], sp[1]);
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
