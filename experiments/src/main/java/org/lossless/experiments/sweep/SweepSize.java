package org.lossless.experiments.sweep;

import org.lossless.workloads.yaml.ScenarioException;

import java.util.List;
import java.util.Locale;

/**
 * How large a sweep may be (docs/sweeps.md, "Size"): at most {@code maxPoints} points and {@code maxRuns} runs
 * (points x replications), checked from the counts before any point or run is built: a 10^12-point grid or
 * 10^8 replications is refused at once with its size, instead of filling the heap first.
 *
 * @param maxPoints {@code --max-points}, >= 1
 * @param maxRuns   {@code --max-runs}, >= 1
 */
public record SweepSize(long maxPoints, long maxRuns) {
    public static final long DEFAULT_MAX_POINTS = 100_000;
    public static final long DEFAULT_MAX_RUNS = 1_000_000;
    /** A sweep indexes its runs with an int. */
    static final long CEILING = Integer.MAX_VALUE;

    public SweepSize {
        if (maxPoints < 1 || maxPoints > CEILING) {
            throw new ScenarioException("--max-points " + maxPoints + ": expected 1 to " + format(CEILING));
        }
        if (maxRuns < 1 || maxRuns > CEILING) {
            throw new ScenarioException("--max-runs " + maxRuns + ": expected 1 to " + format(CEILING));
        }
    }

    public static SweepSize defaults() {
        return new SweepSize(DEFAULT_MAX_POINTS, DEFAULT_MAX_RUNS);
    }

    /**
     * Refuses the sweep of {@code dims} (a grid), {@code named} named points and {@code replications} before its
     * points are built.
     */
    public void check(List<Dimension> dims, long named, long replications) {
        long grid = Grid.count(dims);
        long points = named == 0 ? grid : saturating(named, grid);
        if (points > maxPoints) {
            throw new ScenarioException("the sweep has " + format(points) + " points" + (named == 0 || dims.isEmpty() ? ""
                    : " (" + format(named) + " named x " + format(grid) + " grid points)") + ", more than --max-points "
                    + format(maxPoints) + "; vary fewer values, or raise --max-points if it is meant to be that large");
        }
        long runs = saturating(points, replications);
        if (runs > maxRuns) {
            throw new ScenarioException("--replications " + format(replications) + ": " + format(points) + " points x "
                    + format(replications) + " replications = " + format(runs) + " runs, more than --max-runs "
                    + format(maxRuns) + "; use fewer replications, or raise --max-runs if it is meant to be that large");
        }
    }

    private static long saturating(long a, long b) {
        return Math.multiplyHigh(a, b) != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
    }

    /** 1,000,000 (Long.MAX_VALUE shown as "more than 9.2e18"). */
    static String format(long n) {
        return n == Long.MAX_VALUE ? "more than 9.2e18" : String.format(Locale.ROOT, "%,d", n);
    }
}
