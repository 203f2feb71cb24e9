package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.run.HpccPaperRun;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.run.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.topology.io.HpccPaperFatTree;

/**
 * V-09, lean: HPCC on the HPCC paper's fat-tree with FbHdp at 30 % load, 100 us of arrivals (about a thousand
 * flows; the benchmark {@code HpccFatTreeBenchmark} runs the full millisecond). The HPCC simulator's figures
 * for HPCC on FbHdp at 30 %: p95 slowdown 1.78, p99 2.50 (its own slowdown definition, {@link HpccPaperRun});
 * asserted within 25 %, with every flow acknowledged and no PFC pause (the paper: HPCC needs none here).
 */
class HpccPaperFatTreeTest {
    @Test
    void hpccSlowdownsNearTheSimulatorsOnItsFatTree(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("fat.txt"), HpccPaperFatTree.text());
        Scenario s = ScenarioLoader.parse("hpcc-fat.yaml", HpccPaperRun.scenario("hpcc", "100us", "0.3", 1), dir, List.of());
        RunResult r = new PacketEngine().run(ScenarioEngine.input(s));
        List<Double> slow = HpccPaperRun.slowdowns(r, ScenarioEngine.input(s).topology());
        double p95 = HpccPaperRun.percentile(slow, 0.95);
        double p99 = HpccPaperRun.percentile(slow, 0.99);
        System.out.printf("HPCC fat-tree FbHdp 30%%, 100 us: %d flows, p95 %.3f (HPCC 1.78), p99 %.3f (HPCC 2.50)%n",
                slow.size(), p95, p99);
        assertEquals(r.flows().size(), slow.size(), "every flow acknowledged");
        assertEquals(0, r.pauseFrames(), "no PFC pause");
        assertEquals(1.78, p95, 0.25 * 1.78, "p95 slowdown");
        assertEquals(2.50, p99, 0.25 * 2.50, "p99 slowdown");
    }
}
