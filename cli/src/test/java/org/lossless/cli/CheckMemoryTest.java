package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/** {@code check}'s memory lines: each collective job's heap estimate against the Java's heap. */
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
}
