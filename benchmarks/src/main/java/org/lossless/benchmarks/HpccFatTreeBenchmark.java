package org.lossless.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.lossless.core.stats.Percentiles;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.run.HpccPaperRun;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.topology.io.HpccPaperFatTree;

/**
 * The HPCC paper's fat-tree with FbHdp traffic under one congestion control ({@link HpccPaperRun}): prints the
 * slowdown percentiles as the HPCC simulator's {@code fct_analysis.py} computes them, and Lossless's own
 * (flows.csv: receiver's last byte over the ideal FCT), PFC pauses and the wall time.
 *
 * <p>Usage: {@code HpccFatTreeBenchmark [cc=hpcc] [duration=1ms] [load=0.3] [seed=1]}
 */
public final class HpccFatTreeBenchmark {
    private HpccFatTreeBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        String cc = args.length > 0 ? args[0] : "hpcc";
        String duration = args.length > 1 ? args[1] : "1ms";
        String load = args.length > 2 ? args[2] : "0.3";
        long seed = args.length > 3 ? Long.parseLong(args[3]) : 1;
        Path dir = Files.createTempDirectory("hpcc-fat");
        Files.writeString(dir.resolve("fat.txt"), HpccPaperFatTree.text());
        Scenario s = ScenarioLoader.parse("hpcc-fat.yaml", HpccPaperRun.scenario(cc, duration, load, seed), dir, List.of());
        long t0 = System.nanoTime();
        RunResult r = new PacketEngine().run(ScenarioEngine.input(s));
        double wall = (System.nanoTime() - t0) / 1e9;
        List<Double> hpcc = HpccPaperRun.slowdowns(r, ScenarioEngine.input(s).topology());
        List<Double> own = new ArrayList<>();
        for (FlowResult f : r.flows()) {
            if (f.finished()) {
                own.add((double) (f.finishPs() - f.startPs()) / f.idealFctPs());
            }
        }
        own.sort(null);
        System.out.printf("%s, FbHdp %s load, %s of arrivals, seed %d: %d flows (%d unacknowledged), sim %.3f ms, "
                        + "wall %.1f s, PFC pause frames %d%n", cc, load, duration, seed, r.flows().size(),
                r.flows().size() - hpcc.size(), r.simTimePs() / 1e9, wall, r.pauseFrames());
        System.out.printf("slowdown as fct_analysis.py (sender's last ACK / standalone): p50 %.3f p95 %.3f p99 %.3f%n",
                Percentiles.floorRank(hpcc, 0.5), Percentiles.floorRank(hpcc, 0.95), Percentiles.floorRank(hpcc, 0.99));
        System.out.printf("slowdown as flows.csv (receiver's last byte / ideal FCT):   p50 %.3f p95 %.3f p99 %.3f%n",
                Percentiles.floorRank(own, 0.5), Percentiles.floorRank(own, 0.95), Percentiles.floorRank(own, 0.99));
    }
}
