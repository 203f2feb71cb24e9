package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.RunResult;
import org.lossless.workloads.traffic.JobIteration;

class RunLinesTest {
    private static RunResult result(List<JobIteration> jobs, long pauses) {
        return new RunResult(1, 1, 0, List.of(), List.of(), 0, 0, pauses, 2_500_000_000L, false, 1234, 56, List.of(), null,
                null, jobs);
    }

    @Test
    void aJobLinePerJobAndAFabricLine() {
        // 1 MB over 4 ranks in 2 ms and 1 ms: algbw 0.5 and 1 GB/s, busbw x 1.5
        List<JobIteration> its = List.of(new JobIteration("ar", 0, "allreduce", 4, 1_000_000, 0, 2_000_000_000L, 1.5),
                new JobIteration("ar", 1, "allreduce", 4, 1_000_000, 2_000_000_000L, 3_000_000_000L, 1.5));
        assertEquals("\n  job ar (allreduce, 4 hosts, 1,000,000 B): 2 of 2 started iterations finished; time 2.000, 1.000 ms; "
                + "busbw 0.750, 1.500 GB/s\n  fabric: 7 PFC pause frames, 2.500 ms paused (summed over ports); 1,234 "
                + "packets ECN-marked; 56 CNPs", RunLines.of(result(its, 7)));
    }

    @Test
    void manyIterationsAreSummarisedAndUnfinishedOnesCounted() {
        List<JobIteration> its = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            its.add(new JobIteration("b", i, "broadcast", 2, 1_000_000, i * 10L, i * 10L + (i + 1) * 1_000_000_000L, 1));
        }
        its.add(new JobIteration("b", 5, "broadcast", 2, 1_000_000, 100, -1, 1));
        String line = RunLines.of(result(its, 0)).lines().toList().get(1);
        assertEquals("  job b (broadcast, 2 hosts, 1,000,000 B): 5 of 6 started iterations finished; time mean 3.000 (min 1.000, "
                + "max 5.000) ms; busbw mean 0.457 (min 0.200, max 1.000) GB/s", line);
    }

    @Test
    void nothingForPlainFlowsWithoutPauses() {
        assertEquals("", RunLines.of(result(List.of(), 0)));
    }
}
