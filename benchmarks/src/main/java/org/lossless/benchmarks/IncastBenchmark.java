package org.lossless.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;

/**
 * N-to-1 incast on a star at 100 Gb/s, 1 us links, MTU 1024: every sender sends {@code size} bytes
 * to host 0 at time 0. Prints events, wall time, events/s and packet-hops/s (frames transmitted by
 * any port per wall second) for each measured repetition after one warm-up, then the medians (wall
 * and process-CPU based: the CPU figure includes JIT and GC threads, the wall figure the machine's
 * other load).
 *
 * <p>Usage: {@code IncastBenchmark [senders=8] [bytesPerSender=20000000] [cc=none|paper2015|mlx5|hpcc2019] [runs=3]}
 */
public final class IncastBenchmark {
    private IncastBenchmark() {
    }

    public static void main(String[] args) {
        int senders = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        long size = args.length > 1 ? Long.parseLong(args[1]) : 20_000_000L;
        String cc = args.length > 2 ? args[2] : "none";
        int runs = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        long rate = 100_000_000_000L;
        NicConfig nic = NicConfig.builder().mtu(1024).ackEvery(1).build();
        if (!cc.equals("none")) {
            nic = nic.withDcqcn(DcqcnParams.profile(cc, rate));
        }
        List<FlowSpec> flows = new ArrayList<>();
        for (int s = 1; s <= senders; s++) {
            flows.add(new FlowSpec("incast", s, 0, size, 0, 3));
        }
        EngineInput in = new EngineInput(StarTopology.build(senders + 1, rate, 1_000_000L),
                nic, SwitchSettings.defaults(), flows, 10_000_000_000_000L, 1);
        System.out.printf("incast %d-to-1, %d B per sender, 100 Gb/s star, cc %s%n", senders, size, cc);
        double[] walls = new double[runs];
        double[] cpus = new double[runs];
        long events = 0;
        long hops = 0;
        for (int rep = 0; rep <= runs; rep++) {
            long cpu0 = cpuNanos();
            RunResult r = new PacketEngine().run(in);
            double cpu = (cpuNanos() - cpu0) / 1e9;
            events = r.events();
            hops = r.ports().stream().mapToLong(PortResult::txPackets).sum();
            if (rep == 0) {
                System.out.printf("pause frames %d, paused %.1f us, ECN marks %d, CNPs %d, drops %d, slowest flow %.3f ms%n",
                        r.pauseFrames(), r.pausedPs() / 1e6, r.ecnMarked(), r.cnpSent(), r.dropPackets(),
                        r.flows().stream().mapToLong(f -> f.fctPs()).max().orElse(0) / 1e9);
            } else {
                walls[rep - 1] = r.wallSeconds();
                cpus[rep - 1] = cpu;
            }
            System.out.printf("%s sim=%.3f ms events=%d wall=%.3f s cpu=%.3f s events/s=%.2f M packet-hops/s=%.2f M%n",
                    rep == 0 ? "warm-up" : "run " + rep, r.simTimePs() / 1e9, r.events(), r.wallSeconds(), cpu,
                    r.events() / r.wallSeconds() / 1e6, hops / r.wallSeconds() / 1e6);
        }
        if (runs > 0) {
            double wall = median(walls);
            double cpu = median(cpus);
            System.out.printf("median of %d: events=%d packet-hops=%d wall=%.3f s cpu=%.3f s events/s=%.2f M (cpu %.2f M)"
                    + " packet-hops/s=%.2f M (cpu %.2f M)%n", runs, events, hops, wall, cpu, events / wall / 1e6,
                    events / cpu / 1e6, hops / wall / 1e6, hops / cpu / 1e6);
        }
    }

    private static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
