package org.lossless.experiments.results.ranks;

import java.io.Closeable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.lossless.core.spill.SpillBudgets;

/**
 * The values a run's exact nearest-rank percentiles are taken over, kept as long keys ({@link Keys}) in
 * {@link Series} until the end of the run, in memory up to a budget and on disk past it, so that the heap
 * follows the budget, not the number of messages.
 *
 * <p>Memory: the keys held in memory across all series (8 B each, up to 1.5 times that in their growing
 * arrays) stay at most {@code budget / 8}; when an add passes that, every series' keys go to disk
 * ({@link SpillBuckets}, files in the directory given, the result directory being written) and the arrays are
 * given back. A run under budget never touches the disk. At the end, in a run that spilled, the first selection
 * ({@link #select}, {@link #selectEach}) sends the keys still held to disk too, and a selection gathers at most
 * {@code budget / 8} keys at once ({@link Selection}), with a 512 KB histogram per wanted rank when a union is
 * bigger ({@link Radix}): the heap holds at most about 1.5 times the budget of keys at any time.
 *
 * <p>The answers are exact whatever the budget: the same values at the same nearest ranks as sorting all the
 * values. {@link #close} deletes the files (and nothing else). Not thread-safe.
 */
public final class PercentileValues implements Closeable {
    /** Most keys one array holds. */
    static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

    private final Path dir;
    /** Keys held in memory beyond which all are written to disk; never when there is no directory. */
    private final long spillAt;
    /** Most keys a selection gathers into memory at once. */
    final long gatherMax;
    final List<Series> series = new ArrayList<>();
    private long held;
    /**
     * Answers of {@link #select} by what they were asked: the percentiles, then the series that had keys with how
     * many, so that a union asked again (a run's data messages and those censored, when none was) is not read again.
     */
    private final Map<List<Long>, long[]> answered = new HashMap<>();
    private SpillBuckets buckets;
    private boolean closed;

    /**
     * A store that keeps at most {@code budgetBytes} of keys in memory (at least one key), the rest in files in
     * {@code dir} (which must exist).
     */
    public PercentileValues(long budgetBytes, Path dir) {
        this(Objects.requireNonNull(dir, "dir"), Math.max(1, budgetBytes / Long.BYTES));
    }

    private PercentileValues(Path dir, long values) {
        this.dir = dir;
        this.spillAt = dir == null ? Long.MAX_VALUE : values;
        this.gatherMax = Math.min(values, MAX_ARRAY);
    }

    /** A store that never spills: for values already held in memory (a run's list of rows, tests). */
    public static PercentileValues inMemory() {
        return new PercentileValues(null, MAX_ARRAY);
    }

    /** The budget of a run: {@link SpillBudgets#percentiles} of the JVM's maximum heap (16 MB .. 512 MB). */
    public static long defaultBudget() {
        return SpillBudgets.percentiles(Runtime.getRuntime().maxMemory());
    }

    /** A new empty series. */
    public Series series() {
        Series s = new Series(this, series.size());
        series.add(s);
        return s;
    }

    /** Counts a key added to a series; past the budget writes every series' keys to disk. */
    void added() {
        if (++held > spillAt) {
            spill();
        }
    }

    private void spill() {
        if (closed) {
            throw new IllegalStateException("percentile values closed: their files are deleted");
        }
        if (buckets == null) {
            buckets = new SpillBuckets(dir);
        }
        for (Series s : series) {
            if (s.held > 0) {
                buckets.write(s);
                s.spilledAll();
            }
        }
        held = 0;
    }

    /** In a store that spilled, the keys still held go to disk too: a selection's arrays then replace them. */
    private void spillTheRest() {
        if (buckets != null && held > 0) {
            spill();
        }
    }

    /** Whether any key went to disk. */
    public boolean spilled() {
        return buckets != null;
    }

    /** The disk part (something was spilled). */
    SpillBuckets buckets() {
        if (closed || buckets == null) {
            throw new IllegalStateException("the spilled values are gone: the store was closed");
        }
        return buckets;
    }

    /**
     * The keys at the nearest ranks ({@link Keys#rank}) of {@code percentiles} among all the keys of
     * {@code union} together, in the order of {@code percentiles}; null when they have none.
     */
    public long[] select(double[] percentiles, Series... union) {
        Series[] some = Arrays.stream(union).filter(s -> s.size() > 0).sorted(Comparator.comparingInt(s -> s.id))
                .toArray(Series[]::new);
        List<Long> asked = new ArrayList<>();
        asked.add((long) percentiles.length);
        for (double p : percentiles) {
            asked.add(Double.doubleToLongBits(p));
        }
        for (Series s : some) {
            asked.add((long) s.id);
            asked.add(s.size());
        }
        long[] at = answered.get(asked);
        if (at == null) {
            spillTheRest();
            at = new Selection(this).select(percentiles, some);
            answered.put(asked, at);
        }
        return at == null ? null : at.clone();
    }

    /**
     * For each series of {@code each}, the keys at the nearest ranks of {@code percentiles} among its own keys
     * (null for an empty one): spilled series are read a file at a time, as many at once as the budget holds.
     */
    public long[][] selectEach(double[] percentiles, List<Series> each) {
        spillTheRest();
        return new Selection(this).selectEach(percentiles, each);
    }

    /** Deletes the files of spilled keys, if any; the store holds nothing on disk after. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (buckets != null) {
            buckets.close();
        }
    }
}
