package org.lossless.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;

/**
 * Heap bytes allocated per posted message by a whole sequential run (the post, the packets, the completions, the
 * result rows): {@code n} and then {@code 2n} messages of 2 KB, each on 2 QPs of its own, from 7 senders to one
 * receiver of a 100 Gb/s star, 1 us apart (no queueing); the difference of the two runs' allocation divided by
 * {@code n}, so what a run costs whatever its size cancels out. Counted by the JVM for this thread
 * ({@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}: exact, not sampled); the engine runs on it.
 * The first repetition warms up (JIT); the later ones agree to the byte when nothing allocates at random.
 *
 * <p>Usage: {@code MessageAllocationBenchmark [n=5000] [repetitions=4]} (benchmarks/README.md, "A post made into
 * flows on the workloads' side").
 */
public final class MessageAllocationBenchmark {
    private MessageAllocationBenchmark() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 5000;
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        for (int rep = 0; rep < reps; rep++) {
            long one = allocated(n);
            long two = allocated(2 * n);
            System.out.printf("rep %d: %d messages %d B, %d messages %d B: %.1f B per message%n", rep, n, one, 2 * n,
                    two, (two - one) / (double) n);
        }
    }

    /** Bytes this thread allocates running {@code n} messages. */
    private static long allocated(int n) {
        List<FlowSpec> flows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            flows.add(new FlowSpec("w", 1 + i % 7, 0, 2048, i * 1_000_000L, 3, 2));
        }
        EngineInput in = new EngineInput(StarTopology.build(8, 100_000_000_000L, 1_000_000L),
                NicConfig.builder().mtu(1024).build(), SwitchSettings.defaults(), flows, Long.MAX_VALUE / 4, 1);
        com.sun.management.ThreadMXBean t = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = t.getCurrentThreadAllocatedBytes();
        RunResult r = new PacketEngine().run(in);
        long bytes = t.getCurrentThreadAllocatedBytes() - before;
        if (r.flows().size() != n) {
            throw new IllegalStateException("expected " + n + " rows, got " + r.flows().size());
        }
        return bytes;
    }
}
