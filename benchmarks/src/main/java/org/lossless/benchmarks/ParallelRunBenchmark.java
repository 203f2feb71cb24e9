package org.lossless.benchmarks;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Locale;

import org.lossless.core.kernel.ParallelStats;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * One scenario on the partitioned engine with a given number of threads ({@code 0}: the sequential kernel), timed:
 * wall and process CPU of the run, and the engine's own figures (windows, events per partition per window, barrier
 * time per window), from which {@code benchmarks/README.md} ("The parallel engine") predicts more cores.
 *
 * <p>Usage: {@code ParallelRunBenchmark SCENARIO.yaml THREADS [runs=1]}; pair and alternate thread counts from a
 * script ({@code benchmarks/parallel/run.sh}): timings on a shared machine move with its load.
 */
public final class ParallelRunBenchmark {
    private ParallelRunBenchmark() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        int threads = Integer.parseInt(args[1]);
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        EngineInput in = ScenarioEngine.input(ScenarioLoader.load(file));
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int i = 0; i < runs; i++) {
            ParallelStats[] stats = new ParallelStats[1];
            PacketEngine engine = threads == 0 ? new PacketEngine()
                    : new PacketEngine(null, new PacketEngine.Parallelism(threads, null, System.err::println,
                            s -> stats[0] = s));
            long cpu0 = os.getProcessCpuTime();
            long wall0 = System.nanoTime();
            RunResult r = engine.run(in);
            double wall = (System.nanoTime() - wall0) / 1e9;
            double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
            System.out.printf(Locale.ROOT, "%s threads=%d run=%d: %d events, sim %.3f ms, wall %.2f s, cpu %.2f s%s%n",
                    file.getFileName(), threads, i, r.events(), r.simTimePs() / 1e9, wall, cpu,
                    stats[0] == null ? "" : "; " + stats[0] + "; " + perPartition(stats[0]));
        }
    }

    private static String perPartition(ParallelStats s) {
        StringBuilder b = new StringBuilder("events by partition");
        for (int p = 0; p < s.partitions(); p++) {
            b.append(p == 0 ? " " : ", ").append(s.events(p));
        }
        return b.toString();
    }
}
