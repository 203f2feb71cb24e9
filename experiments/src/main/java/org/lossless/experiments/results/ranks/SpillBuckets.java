package org.lossless.experiments.results.ranks;

import java.io.Closeable;
import java.nio.file.Path;
import java.util.List;

import org.lossless.core.spill.LongSpill;

/**
 * The disk part of a {@link PercentileValues}: {@value #COUNT} files ({@link LongSpill}, made when first needed),
 * series {@code id} in file {@code id mod COUNT}, each spill of a series one block {@code [id, n, n keys]}. So a
 * selection reads only the files of the series it wants, and the groups of flows_summary.csv are read a file at a
 * time, not a pass per group. 8 B on disk per key plus 16 B per block.
 */
final class SpillBuckets implements Closeable {
    static final int COUNT = 64;
    private final Path dir;
    private final LongSpill[] files = new LongSpill[COUNT];

    /** Receives the keys a scan finds. */
    interface Sink {
        /** A key of the series whose slot is {@code slot}. */
        void take(int slot, long key);
    }

    SpillBuckets(Path dir) {
        this.dir = dir;
    }

    static int of(Series s) {
        return s.id % COUNT;
    }

    /** Writes the keys {@code s} holds in memory as one block. */
    void write(Series s) {
        int b = of(s);
        if (files[b] == null) {
            files[b] = LongSpill.in(dir, "percentiles-" + b + "-");
        }
        LongSpill f = files[b];
        f.add(s.id);
        f.add(s.held);
        f.addAll(s.values, 0, s.held);
    }

    /** One pass over file {@code b}: every key on disk of a series of {@code all} with a slot goes to {@code sink}. */
    void scan(int b, List<Series> all, Sink sink) {
        if (files[b] == null) {
            return;
        }
        LongSpill.Reader r = files[b].reader();
        while (r.hasNext()) {
            Series s = all.get((int) r.next());
            long n = r.next();
            int slot = s.slot;
            if (slot < 0) {
                r.skip(n); // a series not wanted: its block is passed over, not read
                continue;
            }
            for (long i = 0; i < n; i++) {
                sink.take(slot, r.next());
            }
        }
    }

    /** Deletes every file (all of them tried; the first error thrown). */
    @Override
    public void close() {
        RuntimeException first = null;
        for (int b = 0; b < COUNT; b++) {
            if (files[b] == null) {
                continue;
            }
            try {
                files[b].close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
            files[b] = null;
        }
        if (first != null) {
            throw first;
        }
    }
}
