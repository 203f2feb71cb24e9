package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/** {@code check}'s memory lines (each collective job's heap estimate against the Java's heap) and {@code run}'s disk warning. */
class CheckMemoryTest {
    @TempDir
    Path dir;

    private Scenario load(String workloads) throws IOException {
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, "name: m\ntopology: {type: star, hosts: 4}\nworkloads:\n" + workloads);
        return ScenarioLoader.load(f, List.of());
    }

    /**
     * Ring all-reduce on 4 hosts, 20 MiB, 2 channels, Simple, 3 iterations: 2 channels x 2 loops x 6 steps x 4 ranks
     * x 2 slices = 192 slices, made step by step: 8 steps of 4 ranks x 2 slices plus 4 hops per channel held, 136
     * (27,200 B at 200 B); each slice posts data and a clear-to-send every iteration: 1,152 messages (147,456 B at 128
     * B); 174,656 B in all, shown rounded up to whole MB.
     */
    @Test
    void oneLinePerCollectiveJob() throws IOException {
        Scenario s = load("""
                  - {type: allreduce, name: ar, size: 20MiB, channels: 2, algorithm: ring, protocol: simple, iterations: 3}
                  - {type: permutation, size: 1MB}
                """);
        assertEquals(List.of("memory: job ar needs about 1 MB of Java heap (a plan of 192 slices per iteration made "
                + "step by step, 136 held at once, 1 MB; "
                + "1,152 messages' figures kept to the run's end, 1 MB) with ring, simple; this Java has 2.0 GB"),
                CheckCommand.memory(s, 2_000_000_000L));
    }

    @Test
    void noLineWithoutACollective() throws IOException {
        assertEquals(List.of(), CheckCommand.memory(load("  - {type: permutation, size: 1MB}\n"), 2_000_000_000L));
    }

    /** The console's warning before a run whose collective figures may not fit on the results' disk ({@link SpillDisk}). */
    @Nested
    class DiskBeforeARun {
        /**
         * Ring all-reduce on 4 hosts, 200 GiB, 2 channels, Simple, 3 iterations: 100 GiB a channel in loops of 4 ranks x
         * 2 MiB, 12,800 loops; 2 channels x 12,800 loops x 6 steps x 4 ranks x 2 slices = 1,228,800 slices, each posting
         * data and a clear-to-send every iteration: 7,372,800 messages, 944 MB at 128 B, past the budgets of a 2 GB heap
         * (250 MB + 125 MB): 24 B each on disk, 176,947,200 B.
         */
        @Test
        void warnsWhenTheBoundExceedsTheFreeSpace() throws IOException {
            Scenario s = load("  - {type: allreduce, name: ar, size: 200GiB, channels: 2, algorithm: ring, protocol: simple, "
                    + "iterations: 3}\n");
            Path out = dir.resolve("results/m-1");
            assertEquals("the collective jobs' per-message figures may take up to about 177 MB of temporary files in "
                    + out + " once past their share of the heap, and 100 MB is free there: if the disk fills, the run fails "
                    + "at its end; free some space or give --out a larger disk",
                    SpillDisk.warning(s, 2_000_000_000L, out, 100_000_000L));
            assertNull(SpillDisk.warning(s, 2_000_000_000L, out, 176_947_200L), "exactly the bound fits");
        }

        @Test
        void silentWithoutACollectiveOrUnderTheBudgets() throws IOException {
            assertNull(SpillDisk.warning(load("  - {type: permutation, size: 1MB}\n"), 2_000_000_000L, dir, 0));
            Scenario small = load("  - {type: allreduce, size: 20MiB, channels: 2, iterations: 3}\n");
            assertNull(SpillDisk.warning(small, 2_000_000_000L, dir, 0), "1,152 messages stay in the heap: no disk");
        }
    }
}
