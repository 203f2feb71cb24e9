package org.lossless.benchmarks;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import org.lossless.core.kernel.ParallelStats;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * Whether what two threads of one partitioned run cost each other is the model's (memory both threads' partitions
 * write) or the JVM's (class metadata, compiled code, the collector): rounds of three kinds, alternating in one JVM,
 * each printing the partitions' thread CPU ns per event ({@code -Dlossless.parallel.stepCpu=true}):
 * {@code one} (a run of {@code P} partitions on one thread, {@code 1/P}), {@code twins} (two such runs at once, each its
 * own model on its own thread: the same code on two cores, no model shared) and {@code pair} (one run on two threads,
 * {@code 2/P}: one model shared by two cores). Twins as dear as the pair: the JVM's; twins as cheap as one: the model's
 * (benchmarks/README.md, "Step 17").
 *
 * <p>Usage: {@code TwinRunBenchmark SCENARIO.yaml [partitions=8] [rounds=5]}; with {@code -Dlossless.bench.probe=true}
 * each round ends with a {@link MachineProbe} line.
 */
public final class TwinRunBenchmark {
    private TwinRunBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        EngineInput in = ScenarioEngine.input(ScenarioLoader.load(Path.of(args[0])));
        int partitions = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Map<String, Integer> cut = ParallelRunBenchmark.cutInto(in.topology(), partitions);
        MachineProbe probe = Boolean.getBoolean("lossless.bench.probe") ? new MachineProbe() : null;
        for (int r = 0; r < rounds; r++) {
            OthersCpu others = new OthersCpu();
            others.start();
            double one = run(in, cut, 1, false);
            double pair = run(in, cut, 2, true);
            double[] twins = new double[2];
            Thread a = new Thread(() -> twins[0] = run(in, cut, 1, false));
            Thread b = new Thread(() -> twins[1] = run(in, cut, 1, false));
            a.start();
            b.start();
            a.join();
            b.join();
            System.out.printf(Locale.ROOT, "round %d: CPU ns per event: one %.0f, twins %.0f and %.0f, pair %.0f; "
                    + "others' cpu %.2f s%s%n", r, one, twins[0], twins[1], pair, others.seconds(),
                    probe == null ? "" : "; " + probe.measure());
        }
    }

    /** One run on {@code threads} threads; the partitions' CPU ns per event (run together when {@code together}). */
    private static double run(EngineInput in, Map<String, Integer> cut, int threads, boolean together) {
        ParallelStats[] stats = new ParallelStats[1];
        new PacketEngine(null, new PacketEngine.Parallelism(threads, cut, s -> { }, s -> stats[0] = s)).run(in);
        return stats[0].nsPerEvent(together, true);
    }
}
