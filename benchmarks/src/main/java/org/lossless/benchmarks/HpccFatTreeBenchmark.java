package org.lossless.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.lossless.experiments.run.FlowResult;
import org.lossless.experiments.run.IdealFct;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.run.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.topology.Cable;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;

/**
 * The HPCC paper's fat-tree (320 hosts at 100 Gb/s, 20 ToRs, 20 aggregation and 16 core switches, 400 Gb/s
 * fabric links, 1 us everywhere; pods of 4 ToRs and 4 aggregation switches in full mesh, aggregation switch j
 * of each pod to core switches 4j..4j+3) with FbHdp traffic at 30 % load, run under one congestion control
 * with the HPCC simulator's {@code run.py} settings at 100 Gb/s (payload 1000 B, ACK per packet, 32 MiB
 * buffers, the hpcc2019 switch profile; HPCC: η 0.95, AI 40 Mb/s, MI_THRESH 0, fast reaction, min rate
 * 1 Gb/s). Prints the FCT slowdown percentiles the HPCC simulator's {@code fct_analysis.py} computes
 * (all flows: FCT to the sender's last ACK over the standalone FCT, pair base RTT + bytes with headers at the
 * path's bottleneck rate, at least 1) and Lossless's own (receiver's last byte over the ideal FCT).
 *
 * <p>Usage: {@code HpccFatTreeBenchmark [cc=hpcc] [duration=1ms] [load=0.3] [seed=1]}
 */
public final class HpccFatTreeBenchmark {
    private HpccFatTreeBenchmark() {
    }

    /** The topology in HPCC file format: hosts 0..319, ToRs 320..339, aggregation 340..359, cores 360..375. */
    static String topology() {
        StringBuilder links = new StringBuilder();
        int n = 0;
        for (int h = 0; h < 320; h++) {
            links.append(h).append(' ').append(320 + h / 16).append(" 100Gbps 1000ns 0\n");
            n++;
        }
        for (int pod = 0; pod < 5; pod++) {
            for (int t = 0; t < 4; t++) {
                for (int a = 0; a < 4; a++) {
                    links.append(320 + 4 * pod + t).append(' ').append(340 + 4 * pod + a).append(" 400Gbps 1000ns 0\n");
                    n++;
                }
            }
        }
        for (int agg = 0; agg < 20; agg++) {
            int j = agg % 4;
            for (int c = 0; c < 4; c++) {
                links.append(340 + agg).append(' ').append(360 + 4 * j + c).append(" 400Gbps 1000ns 0\n");
                n++;
            }
        }
        StringBuilder head = new StringBuilder().append(376).append(' ').append(56).append(' ').append(n).append('\n');
        for (int s = 320; s < 376; s++) {
            head.append(s).append(s < 375 ? " " : "\n");
        }
        return head + links.toString();
    }

    static String scenario(String cc, String duration, String load, long seed) {
        return """
                name: hpcc-fat-%s
                seed: %d
                stop_time: 100ms
                topology: {type: hpcc-file, path: fat.txt}
                switch:
                  profile: hpcc2019
                  buffer_size: 32MiB
                  ecn: {by_rate: {100Gbps: {kmin: 400KB, kmax: 1600KB, pmax: 0.2}, 400Gbps: {kmin: 1600KB, kmax: 6400KB, pmax: 0.2}}}
                nic:
                  mtu: 1000
                  ack_interval: 1
                  ack_priority: data
                  cc: %s
                  dcqcn: {profile: hpcc2019, cnp_mode: rp}
                  hpcc: {eta: 0.95, ai: 40Mbps, max_stage: 0, fast_react: true, min_rate: 1Gbps}
                workloads:
                  - {type: cdf, name: fbhdp, distribution: fbhdp, load: %s, duration: %s}
                """.formatted(cc, seed, cc, load, duration);
    }

    public static void main(String[] args) throws IOException {
        String cc = args.length > 0 ? args[0] : "hpcc";
        String duration = args.length > 1 ? args[1] : "1ms";
        String load = args.length > 2 ? args[2] : "0.3";
        long seed = args.length > 3 ? Long.parseLong(args[3]) : 1;
        Path dir = Files.createTempDirectory("hpcc-fat");
        Files.writeString(dir.resolve("fat.txt"), topology());
        Scenario s = ScenarioLoader.parse("hpcc-fat.yaml", scenario(cc, duration, load, seed), dir, List.of());
        long t0 = System.nanoTime();
        RunResult r = new PacketEngine().run(ScenarioEngine.input(s));
        double wall = (System.nanoTime() - t0) / 1e9;
        Topology t = ScenarioEngine.input(s).topology();
        IdealFct paths = new IdealFct(t, Routes.shortestPaths(t));
        List<Double> hpcc = new ArrayList<>();
        List<Double> own = new ArrayList<>();
        long unfinished = 0;
        for (FlowResult f : r.flows()) {
            if (f.senderDonePs() < 0) {
                unfinished++;
                continue;
            }
            hpcc.add(Math.max(1, (double) (f.senderDonePs() - f.startPs()) / standalonePs(paths, f)));
            own.add((double) (f.finishPs() - f.startPs()) / f.idealFctPs());
        }
        hpcc.sort(null);
        own.sort(null);
        System.out.printf("%s, FbHdp %s load, %s of arrivals, seed %d: %d flows (%d unfinished), sim %.3f ms, "
                        + "wall %.1f s, PFC pause frames %d%n", cc, load, duration, seed, r.flows().size(), unfinished,
                r.simTimePs() / 1e9, wall, r.pauseFrames());
        System.out.printf("slowdown as fct_analysis.py (sender's last ACK / standalone): p50 %.3f p95 %.3f p99 %.3f%n",
                pctl(hpcc, 0.5), pctl(hpcc, 0.95), pctl(hpcc, 0.99));
        System.out.printf("slowdown as flows.csv (receiver's last byte / ideal FCT):   p50 %.3f p95 %.3f p99 %.3f%n",
                pctl(own, 0.5), pctl(own, 0.95), pctl(own, 0.99));
    }

    /**
     * The HPCC simulator's standalone FCT: the pair's base RTT (2 x the propagation delays + a 1000 B payload
     * serialized at every hop, one way) + the bytes with 62 B of headers per packet at the path's slowest rate.
     */
    static double standalonePs(IdealFct paths, FlowResult f) {
        List<Cable> path = paths.path(f.src(), f.dst());
        double rtt = 0;
        long bottleneck = Long.MAX_VALUE;
        for (Cable c : path) {
            rtt += 2.0 * c.delayPs() + 1000 * 8e12 / c.rateBps();
            bottleneck = Math.min(bottleneck, c.rateBps());
        }
        long packets = (f.sizeBytes() + 999) / 1000;
        return rtt + (f.sizeBytes() + packets * 62.0) * 8e12 / bottleneck;
    }

    /** {@code fct_analysis.py}'s percentile: element {@code floor(n p)} of the sorted list. */
    static double pctl(List<Double> sorted, double p) {
        return sorted.isEmpty() ? Double.NaN : sorted.get(Math.min(sorted.size() - 1, (int) (sorted.size() * p)));
    }
}
