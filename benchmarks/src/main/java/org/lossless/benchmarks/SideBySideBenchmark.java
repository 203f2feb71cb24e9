package org.lossless.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CyclicBarrier;

import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * What a thread costs per event when nothing is shared: independent runs of one scenario on the sequential kernel,
 * first on one thread alone, then on {@code threads} threads at once (each its own model, nothing shared but the JVM),
 * then alone again; each run's own thread CPU time per event. If the threads side by side run their events no slower
 * than one alone, a partitioned run's threads that do slow each other share something of the model's (benchmarks/README.md,
 * "Step 12b").
 *
 * <p>Usage: {@code SideBySideBenchmark SCENARIO.yaml [threads=2] [runs=3]}; the first run alone warms the JIT and is
 * printed but is not a measurement.
 */
public final class SideBySideBenchmark {
    private SideBySideBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        EngineInput in = ScenarioEngine.input(ScenarioLoader.load(Path.of(args[0])));
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        run(in, mx, "warm-up alone", 1, 1);
        run(in, mx, "alone", 1, runs);
        run(in, mx, threads + " side by side", threads, runs);
        run(in, mx, "alone again", 1, runs);
    }

    /** {@code runs} rounds of {@code threads} independent runs at once, each thread's CPU ns per event printed. */
    private static void run(EngineInput in, ThreadMXBean mx, String label, int threads, int runs) throws Exception {
        OthersCpu others = new OthersCpu();
        CyclicBarrier start = new CyclicBarrier(threads, others::start);
        CyclicBarrier end = new CyclicBarrier(threads, () -> System.out.printf(Locale.ROOT,
                "%s: the other processes' CPU during the round %.2f s%n", label, others.seconds()));
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int thread = t;
            ts[t] = new Thread(() -> {
                for (int r = 0; r < runs; r++) {
                    try {
                        start.await();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    long c0 = mx.getCurrentThreadCpuTime();
                    long w0 = System.nanoTime();
                    RunResult res = new PacketEngine().run(in);
                    long cpu = mx.getCurrentThreadCpuTime() - c0;
                    long wall = System.nanoTime() - w0;
                    System.out.printf(Locale.ROOT, "%s: thread %d run %d: %d events, thread cpu %.3f s, wall %.3f s, "
                                    + "%.1f ns cpu/event, %.1f ns wall/event, load %s%n", label, thread, r, res.events(),
                            cpu / 1e9, wall / 1e9, (double) cpu / res.events(), (double) wall / res.events(),
                            ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
                    try {
                        end.await();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            }, "side-" + t);
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
    }
}
