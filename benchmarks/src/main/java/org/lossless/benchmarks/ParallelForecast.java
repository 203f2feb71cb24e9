package org.lossless.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.lossless.core.kernel.Assignment;
import org.lossless.core.kernel.Kernel;
import org.lossless.core.kernel.SimEvent;
import org.lossless.experiments.parallel.Partitioner;
import org.lossless.experiments.parallel.Partitioning;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * What a parallel run of a scenario would gain, measured on a sequential run: every event is attributed to the
 * partition of its source (a node, or the receiving end of a link direction) under the automatic cut, and counted per
 * window of the cut's lookahead. The parallel engine runs the same events at the same times (its tie-break does not
 * depend on the partitioning), so per window the busiest thread's events bound its wall time; the sum over windows,
 * plus a barrier per window, predicts the parallel run against the sequential one:
 *
 * <pre>
 *   speedup(C) = E / (sum over windows of max over C threads of events + windows * b / c)
 * </pre>
 *
 * with {@code E} all events, {@code c} the sequential CPU per event and {@code b} the barrier's wall cost (argument,
 * ns; measured by {@code ParallelEngineBenchmark}). Windows are laid on a fixed grid of the lookahead (the engine
 * starts a window at the next event, so it runs no more windows than this).
 *
 * <p>Usage: {@code ParallelForecast SCENARIO.yaml [barrierNs=5000] [threads=2,16,32,64]}
 */
public final class ParallelForecast {
    private ParallelForecast() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        double barrierNs = args.length > 1 ? Double.parseDouble(args[1]) : 5_000;
        String[] ts = (args.length > 2 ? args[2] : "2,16,32,64").split(",");
        int[] threads = new int[ts.length];
        for (int i = 0; i < ts.length; i++) {
            threads[i] = Integer.parseInt(ts[i]);
        }
        EngineInput in = ScenarioEngine.input(ScenarioLoader.load(file));
        Topology t = in.topology();
        Partitioning cut = Partitioner.plan(t, Integer.MAX_VALUE, null);
        int parts = cut.partitions();
        int[] partOfSource = sourcePartitions(t, cut.partOf());
        int[][][] split = new int[threads.length][][];
        for (int i = 0; i < threads.length; i++) {
            split[i] = Assignment.of(cut.weights(), Math.min(threads[i], parts));
        }
        long window = cut.lookaheadPs() == Long.MAX_VALUE ? Long.MAX_VALUE : cut.lookaheadPs();
        Loads loads = new Loads(parts, window, split);
        loads.sources = partOfSource;
        PacketEngine.Instrument hook = (sim, network, flows) -> {
            loads.kernel = (Kernel) sim;
            loads.kernel.observe(loads);
        };
        RunResult r = new PacketEngine().run(in, null, hook);
        loads.flush();
        double cpuPerEvent = r.cpuSeconds() / r.events();
        System.out.printf(Locale.ROOT, "%s: %d nodes, %d partitions (switch + hosts), lookahead %d ps; %d events, "
                + "sim %.3f ms, cpu %.2f s (%.0f ns per event)%n", file.getFileName(), t.nodes().size(), parts,
                cut.lookaheadPs(), r.events(), r.simTimePs() / 1e9, r.cpuSeconds(), cpuPerEvent * 1e9);
        System.out.printf(Locale.ROOT, "windows with events %d; events per partition per window: mean %.1f, busiest "
                + "partition's mean %.1f; global events %d%n", loads.windows,
                (double) loads.partitionEvents / parts / Math.max(1, loads.windows),
                (double) loads.maxPartitionSum / Math.max(1, loads.windows), loads.global);
        for (int i = 0; i < threads.length; i++) {
            double critical = loads.critical[i] + loads.global;
            double barrier = loads.windows * barrierNs / 1e9 / cpuPerEvent;
            System.out.printf(Locale.ROOT, "  %3d threads: busiest thread %.1f %% of the events; barrier %.1f %% of them;"
                    + " predicted speedup %.1fx%n", threads[i], 100 * critical / r.events(),
                    100 * barrier / r.events(), r.events() / (critical + barrier));
        }
    }

    /** Partition of each event source: 0 global; nodes 1..n; link directions after, in the model's build order. */
    static int[] sourcePartitions(Topology t, int[] partOf) {
        int n = t.nodes().size();
        List<Integer> ps = new ArrayList<>();
        ps.add(-1);
        for (Node node : t.nodes()) {
            ps.add(partOf[node.id()]);
        }
        for (Node node : t.nodes()) {
            for (Port p : t.ports(node.id())) {
                ps.add(partOf[p.peer()]); // a link's arrival event runs at its receiving end
            }
        }
        if (ps.size() != 1 + n + t.cables().size() * 2) {
            throw new IllegalStateException("sources do not match the model's links");
        }
        return ps.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Events per partition in the current window; at each window's end, the busiest thread's share per split. */
    private static final class Loads implements java.util.function.Consumer<SimEvent> {
        private final long[] counts;
        private final long window;
        private final int[][][] split;
        final long[] critical;
        long windows;
        long global;
        long partitionEvents;
        long maxPartitionSum;
        private long current = -1;
        private boolean any;

        Loads(int parts, long window, int[][][] split) {
            this.counts = new long[parts];
            this.window = window;
            this.split = split;
            this.critical = new long[split.length];
        }

        int[] sources;
        /** The run's kernel: its clock is the time the observed event ran (the event may have re-armed itself). */
        Kernel kernel;

        @Override
        public void accept(SimEvent e) {
            long w = window == Long.MAX_VALUE ? 0 : kernel.now() / window;
            if (w != current) {
                flush();
                current = w;
            }
            int p = sources[e.source()];
            if (p < 0) {
                global++;
                return;
            }
            counts[p]++;
            any = true;
        }

        void flush() {
            if (!any) {
                return;
            }
            windows++;
            long maxPart = 0;
            for (long c : counts) {
                partitionEvents += c;
                maxPart = Math.max(maxPart, c);
            }
            maxPartitionSum += maxPart;
            for (int i = 0; i < split.length; i++) {
                long worst = 0;
                for (int[] mine : split[i]) {
                    long sum = 0;
                    for (int p : mine) {
                        sum += counts[p];
                    }
                    worst = Math.max(worst, sum);
                }
                critical[i] += worst;
            }
            java.util.Arrays.fill(counts, 0);
            any = false;
        }
    }
}
