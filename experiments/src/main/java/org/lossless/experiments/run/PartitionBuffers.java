package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a partitioned run's events record for the step between windows (completions, PFC decisions): one list per
 * partition, written only by that partition's events (no lock on the event path), and a flag per partition set when
 * its list gets an entry, so that emptying them between windows reads one array instead of every list (a cold line
 * per partition, several times per window at 256 partitions: benchmarks/README.md, "Step 21").
 *
 * @param <T> what is recorded
 */
final class PartitionBuffers<T> {
    private final List<List<T>> lists = new ArrayList<>();
    private final boolean[] filled;

    PartitionBuffers(int partitions) {
        filled = new boolean[partitions];
        for (int p = 0; p < partitions; p++) {
            lists.add(new ArrayList<>());
        }
    }

    /** Partition {@code p}'s list of what it recorded since it was last emptied (read-only for callers). */
    List<T> of(int p) {
        return lists.get(p);
    }

    /** Records {@code entry} in partition {@code p} (an event of that partition). */
    void add(int p, T entry) {
        lists.get(p).add(entry);
        filled[p] = true;
    }

    /**
     * Hands every recorded entry to {@code sink}, partition by partition in order, each in its order of recording, and
     * empties the lists (between windows only); returns whether there was any.
     */
    boolean drain(Consumer<? super T> sink) {
        boolean any = false;
        for (int p = 0; p < filled.length; p++) { // no iterator: asked several times per window
            if (filled[p]) {
                List<T> b = lists.get(p);
                for (int i = 0, k = b.size(); i < k; i++) {
                    sink.accept(b.get(i));
                }
                b.clear();
                filled[p] = false;
                any = true;
            }
        }
        return any;
    }
}
