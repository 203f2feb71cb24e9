package org.lossless.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.FatTreeSpec;

/**
 * A k-ary fat-tree (k^3/4 hosts, 100 Gb/s everywhere, 1 us links) where every host sends one message
 * of {@code size} bytes to a partner from a random permutation (seeded), DCQCN mlx5, until all finish.
 * Prints hosts, events, simulated time, wall time, events/s and packet-hops/s.
 *
 * <p>Usage: {@code FabricBenchmark [k=16] [bytesPerHost=1000000]}
 */
public final class FabricBenchmark {
    private FabricBenchmark() {
    }

    public static void main(String[] args) {
        int k = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        long size = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000L;
        long rate = 100_000_000_000L;
        long t0 = System.nanoTime();
        Topology t = new FatTreeSpec(k, LinkSpec.gbps(100, 1000), LinkSpec.gbps(100, 1000)).build();
        int hosts = t.hostCount();
        int[] perm = new int[hosts];
        for (int i = 0; i < hosts; i++) {
            perm[i] = i;
        }
        Random rnd = new Random(1);
        for (int i = hosts - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int x = perm[i];
            perm[i] = perm[j];
            perm[j] = x;
        }
        List<FlowSpec> flows = new ArrayList<>();
        for (int i = 0; i < hosts; i++) {
            int dst = perm[i] == i ? (i + 1) % hosts : perm[i];
            flows.add(new FlowSpec("permutation", i, dst, size, 0, 3));
        }
        NicConfig nic = NicConfig.builder().mtu(1024).ackEvery(1).build().withDcqcn(DcqcnParams.profile("mlx5", rate));
        EngineInput in = new EngineInput(t, nic, SwitchSettings.defaults(), flows, 1_000_000_000_000L, 1);
        System.out.printf("fat-tree k=%d: %d hosts, %d switches; permutation of %d B per host; built in %.2f s%n",
                k, hosts, t.switchCount(), size, (System.nanoTime() - t0) / 1e9);
        RunResult r = new PacketEngine().run(in);
        long hops = r.ports().stream().mapToLong(PortResult::txPackets).sum();
        long done = r.flows().stream().filter(f -> f.finished()).count();
        System.out.printf("finished %d/%d flows, sim=%.3f ms, events=%d, wall=%.2f s, events/s=%.2f M, "
                        + "packet-hops/s=%.2f M, drops=%d, pauses=%d%n",
                done, hosts, r.simTimePs() / 1e9, r.events(), r.wallSeconds(), r.events() / r.wallSeconds() / 1e6,
                hops / r.wallSeconds() / 1e6, r.dropPackets(), r.pauseFrames());
    }
}
