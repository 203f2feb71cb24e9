package org.lossless.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.collective.MemoryEstimate;
import org.lossless.workloads.collective.Tuner;
import org.lossless.workloads.spec.WorkloadConfig;

/**
 * Before a run: the disk that its collective jobs' per-message figures may take in the result directory past the
 * heap's spill budgets ({@link MemoryEstimate#diskBytes}, an upper bound) against the space free there. A warning on
 * the console only, never in a result file (free space is the machine's, not the scenario's), and never a refusal
 * (the bound may be well above what the run writes); without it a full disk would end the run at its end, after all
 * the simulating, with "no space left on device".
 */
final class SpillDisk {
    private SpillDisk() {
    }

    /** The warning for {@code s} run with a heap limit of {@code heapBytes} into {@code out}, or null. */
    static String warning(Scenario s, long heapBytes, Path out) {
        Path existing = out.toAbsolutePath();
        while (existing != null && !Files.isDirectory(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return null;
        }
        try {
            return warning(s, heapBytes, out, Files.getFileStore(existing).getUsableSpace());
        } catch (IOException | SecurityException e) {
            return null; // no figure for the free space: nothing to compare
        }
    }

    /** As {@link #warning(Scenario, long, Path)}, with {@code freeBytes} free where {@code out} goes. */
    static String warning(Scenario s, long heapBytes, Path out, long freeBytes) {
        long disk = 0;
        for (WorkloadConfig w : s.workloads()) {
            if (w instanceof WorkloadConfig.Collective c) {
                Tuner.Choice choice = MemoryEstimate.cheapest(c.job());
                long d = MemoryEstimate.of(c.job(), choice.algorithm(), choice.protocol()).diskBytes(heapBytes);
                disk = d > Long.MAX_VALUE - disk ? Long.MAX_VALUE : disk + d;
            }
        }
        if (disk <= freeBytes) {
            return null;
        }
        return String.format(Locale.ROOT, "the collective jobs' per-message figures may take up to about %s of "
                + "temporary files in %s once past their share of the heap, and %s is free there: if the disk fills, "
                + "the run fails at its end; free some space or give --out a larger disk", MemoryEstimate.size(disk),
                out, MemoryEstimate.size(freeBytes));
    }
}
