package org.lossless.benchmarks;

import java.util.ArrayList;
import java.util.List;

import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.run.PortResult;
import org.lossless.experiments.run.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;

/**
 * N-to-1 incast on a star at 100 Gb/s, 1 us links, MTU 1024: every sender sends {@code size} bytes
 * to host 0 at time 0. Prints events, wall time, events/s and packet-hops/s (frames transmitted by
 * any port per wall second) for each of 3 repetitions after one warm-up.
 *
 * <p>Usage: {@code IncastBenchmark [senders=8] [bytesPerSender=20000000]}
 */
public final class IncastBenchmark {
    private IncastBenchmark() {
    }

    public static void main(String[] args) {
        int senders = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        long size = args.length > 1 ? Long.parseLong(args[1]) : 20_000_000L;
        List<FlowSpec> flows = new ArrayList<>();
        for (int s = 1; s <= senders; s++) {
            flows.add(new FlowSpec("incast", s, 0, size, 0, 3));
        }
        EngineInput in = new EngineInput(StarTopology.build(senders + 1, 100_000_000_000L, 1_000_000L),
                new NicConfig(1024, 1), SwitchSettings.defaults(), flows, 10_000_000_000_000L, 1);
        System.out.printf("incast %d-to-1, %d B per sender, 100 Gb/s star%n", senders, size);
        for (int rep = 0; rep < 4; rep++) {
            long cpu0 = cpuNanos();
            RunResult r = new PacketEngine().run(in);
            double cpu = (cpuNanos() - cpu0) / 1e9;
            long hops = r.ports().stream().mapToLong(PortResult::txPackets).sum();
            System.out.printf("%s sim=%.3f ms events=%d wall=%.3f s cpu=%.3f s events/s=%.2f M packet-hops/s=%.2f M%n",
                    rep == 0 ? "warm-up" : "run " + rep, r.simTimePs() / 1e9, r.events(), r.wallSeconds(), cpu,
                    r.events() / r.wallSeconds() / 1e6, hops / r.wallSeconds() / 1e6);
        }
    }

    private static long cpuNanos() {
        return java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }
}
