package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.workloads.traffic.JobIteration;

/**
 * A SimAI iteration (8 ranks, expert groups of 2) on the sequential engine, where one call's step timer falls on the
 * very picosecond another slice of the job is delivered. The job's completion handler used to run every entry of its
 * agenda due at that instant, so the timer's post counted as a reaction to the delivery, sooner than the job's
 * declared least reaction delay (773 ns), and the run stopped with an internal error ("released at 1140976104 ps in
 * reaction to a completion at 1140976104 ps"). A completion now runs only what it set off; the timer's entries run
 * on the job's timer, due at the same instant. (Found by a generated sweep: 2 of 30 SimAI files and 1 of 30 Chakra
 * traces failed this way, the threaded runs of each did not.)
 */
class TrainingTimerAtACompletionTest {
    private static final String SIMAI = "HYBRID_TRANSFORMER_FWD_IN_BCKWD model_parallel_NPU_group: 1 ep: 2 pp: 1 vpp: 8 "
            + "ga: 1 all_gpus: 8 checkpoints: 0 checkpoint_initiates: 0 pp_comm: 0\n2\n"
            + "layer0  -1  150000  REDUCESCATTER_DP_EP  1048576  20000  NONE  0  150000  REDUCESCATTER  4096  5000\n"
            + "layer1  -1  0  ALLREDUCE_EP  1048576  0  ALLTOALL_EP  65536  20000  ALLGATHER_DP_EP  3000000  100\n";
    private static final String SCENARIO = "name: t\nseed: 88\nstop_time: 200ms\n"
            + "topology: {type: fat-tree, k: 4, host_link: {rate: 100Gbps, delay: 1us}, "
            + "fabric_link: {rate: 100Gbps, delay: 1us}}\n"
            + "nic: {mtu: 4096, cc: dcqcn}\n"
            + "workloads:\n  - {type: simai, name: job, path: w.txt, protocol: simple}\n";

    @Test
    void aStepTimerOnADeliverysPicosecondRunsOnTheJobsTimer(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("w.txt"), SIMAI);
        RunResult r = new ScenarioEngine().run(ScenarioLoader.parse("t.yaml", SCENARIO, dir, List.of()));
        assertEquals(1, r.jobs().size(), r.jobs().toString());
        JobIteration it = r.jobs().get(0);
        assertTrue(it.finished(), it.toString());
        // the GPU stream alone: forward 150 + 0 us, backward 0 + 20 (layer 1), 20 + 150 (layer 0), one after another
        assertTrue(it.finishPs() - it.startPs() >= 340_000_000L, it.toString());
        assertTrue(r.flows().stream().allMatch(f -> f.finished()), "every message finished");
    }
}
