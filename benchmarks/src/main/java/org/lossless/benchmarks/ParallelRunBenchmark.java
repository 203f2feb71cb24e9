package org.lossless.benchmarks;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import org.lossless.core.kernel.ParallelStats;
import org.lossless.experiments.parallel.Partitioner;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * One scenario on the partitioned engine with a given number of threads ({@code 0}: the sequential kernel), timed:
 * wall and process CPU of the run, and the engine's own figures (windows, events per partition per window, barrier
 * time per window), from which {@code benchmarks/README.md} ("The parallel engine") predicts more cores.
 *
 * <p>Usage: {@code ParallelRunBenchmark SCENARIO.yaml THREADS[c] [runs=1]}; a {@code c} after the threads ({@code 2c})
 * cuts one partition per thread (the automatic cut of that many partitions, given as the per-node override), instead
 * of the run's own rule of up to four per thread: the static split against per-window claiming of finer partitions;
 * {@code T/P} ({@code 1/8}) runs the automatic cut into {@code P} partitions on {@code T} threads: the same partitions and
 * windows on one thread as on two, so that what two threads cost each other per event shows alone.
 * Several specs separated by commas ({@code 1/8,2/8}) alternate run by run in one JVM (the same compiled code and the
 * same moment of the machine for both). Pair and alternate thread counts from a script ({@code benchmarks/parallel/run.sh}): timings on a shared machine move
 * with its load. With {@code -Dlossless.bench.probe=true} each run is followed by a {@link MachineProbe} line (this VM's
 * cores change speed by themselves: compare runs measured at the same probe speed) and the main thread's CPU moves and
 * context switches during the run.
 */
public final class ParallelRunBenchmark {
    private ParallelRunBenchmark() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        String[] specs = args[1].split(",");
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        EngineInput in = ScenarioEngine.input(ScenarioLoader.load(file));
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        MachineProbe probe = Boolean.getBoolean("lossless.bench.probe") ? new MachineProbe() : null;
        for (int i = 0; i < runs; i++) {
            String spec = specs[i % specs.length];
            boolean coarse = spec.endsWith("c");
            int slash = spec.indexOf('/');
            int threads = Integer.parseInt(coarse ? spec.substring(0, spec.length() - 1)
                    : slash > 0 ? spec.substring(0, slash) : spec);
            Map<String, Integer> cut = coarse ? cutInto(in.topology(), threads)
                    : slash > 0 ? cutInto(in.topology(), Integer.parseInt(spec.substring(slash + 1))) : null;
            ParallelStats[] stats = new ParallelStats[1];
            PacketEngine engine = threads == 0 ? new PacketEngine()
                    : new PacketEngine(null, new PacketEngine.Parallelism(threads, cut, System.err::println,
                            s -> stats[0] = s));
            OthersCpu others = new OthersCpu();
            others.start();
            long[] sched0 = MachineProbe.schedCounts();
            long cpu0 = os.getProcessCpuTime();
            long wall0 = System.nanoTime();
            RunResult r = engine.run(in);
            double wall = (System.nanoTime() - wall0) / 1e9;
            double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
            System.out.printf(Locale.ROOT, "%s threads=%s run=%d: %d events, sim %.3f ms, wall %.2f s, cpu %.2f s, "
                            + "others' cpu %.2f s%s%n", file.getFileName(), spec, i, r.events(), r.simTimePs() / 1e9,
                    wall, cpu, others.seconds(),
                    stats[0] == null ? "" : "; " + stats[0] + "; " + perPartition(stats[0]));
            if (probe != null) {
                long[] sched1 = MachineProbe.schedCounts();
                System.out.printf(Locale.ROOT, "main thread: %d migrations, %d switches; %s%n", sched1[0] - sched0[0],
                        sched1[1] - sched0[1], probe.measure());
            }
        }
    }

    /** The automatic cut into {@code partitions} partitions, as a partition per node name. */
    static Map<String, Integer> cutInto(Topology t, int partitions) {
        int[] partOf = Partitioner.plan(t, partitions, null).partOf();
        Map<String, Integer> byName = new HashMap<>();
        for (Node n : t.nodes()) {
            byName.put(n.name(), partOf[n.id()]);
        }
        return byName;
    }

    private static String perPartition(ParallelStats s) {
        StringBuilder b = new StringBuilder("events by partition");
        for (int p = 0; p < s.partitions(); p++) {
            b.append(p == 0 ? " " : ", ").append(s.events(p));
        }
        b.append("; CPU ns per event by thread");
        for (int t = 0; t < s.threads(); t++) {
            b.append(t == 0 ? " " : ", ").append(Math.round(s.cpuNsPerEvent(t)));
        }
        return b.toString();
    }
}
