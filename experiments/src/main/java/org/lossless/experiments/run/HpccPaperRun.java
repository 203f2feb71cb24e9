package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.net.WireFormat;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.topology.Cable;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;

/**
 * The HPCC paper's evaluation set-up as a scenario, and its FCT slowdown as the HPCC simulator computes it,
 * for the validation runs against the simulator's published figures (docs/validation.md, V-09).
 *
 * <p>Scenario: the fat-tree of {@code org.lossless.topology.io.HpccPaperFatTree} in file {@code fat.txt}, FbHdp
 * flows at a load, the simulator's {@code run.py} settings at 100 Gb/s: its packet format ({@code nic.wire:
 * hpcc2019}), payload 1000 B, an ACK per packet on the data priority (its switches queue ACKs with data), 32 MiB
 * buffers, the hpcc2019 switch profile, ECN 400/1600 KB at 100 G and 1600/6400 KB
 * at 400 G with P_max 0.2; HPCC with η 0.95, W_AI 40 Mb/s, {@code MI_THRESH 0}, fast reaction, 1 Gb/s
 * minimum; DCQCN with the hpcc2019 profile, a CNP flag per marked packet.
 *
 * <p>Slowdown ({@code analysis/fct_analysis.py}, {@code third.cc qp_finish}): the FCT to the sender's last
 * ACK over the standalone FCT (the pair's base RTT, 2 x the propagation delays + a 1000 B payload
 * serialized at every hop, plus the bytes with HPCC's 48 B of headers per packet, no INT, at the path's slowest
 * rate), at least 1; percentile p is element floor(n p) of the sorted list.
 */
public final class HpccPaperRun {
    private HpccPaperRun() {
    }

    /** The scenario (topology file {@code fat.txt} next to it) with congestion control {@code cc}. */
    public static String scenario(String cc, String duration, String load, long seed) {
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
                  wire: hpcc2019
                  ack_interval: 1
                  ack_priority: data
                  cc: %s
                  dcqcn: {profile: hpcc2019, cnp_mode: rp}
                  hpcc: {eta: 0.95, ai: 40Mbps, max_stage: 0, fast_react: true, min_rate: 1Gbps}
                workloads:
                  - {type: cdf, name: fbhdp, distribution: fbhdp, load: %s, duration: %s}
                """.formatted(cc, seed, cc, load, duration);
    }

    /** The slowdowns of the acknowledged flows of {@code r}, sorted ascending. */
    public static List<Double> slowdowns(RunResult r, Topology t) {
        IdealFct paths = new IdealFct(t, Routes.shortestPaths(t), WireFormat.HPCC2019);
        List<Double> out = new ArrayList<>();
        for (FlowResult f : r.flows()) {
            if (f.senderDonePs() >= 0) {
                out.add(Math.max(1, (double) (f.senderDonePs() - f.startPs()) / standalonePs(paths.path(f.src(), f.dst()),
                        f.sizeBytes())));
            }
        }
        out.sort(null);
        return out;
    }

    /** The simulator's standalone FCT of {@code bytes} over {@code path}, ps. */
    public static double standalonePs(List<Cable> path, long bytes) {
        double rtt = 0;
        long bottleneck = Long.MAX_VALUE;
        for (Cable c : path) {
            rtt += 2.0 * c.delayPs() + 1000 * 8e12 / c.rateBps();
            bottleneck = Math.min(bottleneck, c.rateBps());
        }
        long packets = (bytes + 999) / 1000;
        return rtt + (bytes + packets * (double) WireFormat.HPCC2019.dataHeaders()) * 8e12 / bottleneck;
    }
}
