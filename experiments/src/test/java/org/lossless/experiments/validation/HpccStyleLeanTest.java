package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.run.Completion;
import org.lossless.experiments.run.FlowResult;
import org.lossless.experiments.run.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * A lean V-09 for the default suite (the full run, HPCC's 320-host fat-tree, is {@code benchmarks/hpcc-parity.sh}):
 * a k = 4 fat-tree (16 hosts at 100 Gb/s, 400 Gb/s fabric, 1 us links) set up as {@code import hpcc} writes HPCC's
 * simulator (switch profile hpcc2019 with HPCC's per-speed ECN, DCQCN hpcc2019, ACKs and CNP flags on priority 7,
 * FCT on the sender's completion), FbHdp flows at 30 % load for 200 us with Poisson arrivals per host (as HPCC's
 * traffic generator). Checked: every flow completes; no flow beats either of its ideals (they are lower bounds in a
 * busy fabric, not only alone); the sender's p50 slowdown meets V-09's target, 1.00 within 15 %.
 */
class HpccStyleLeanTest {
    /** The FbHdp CDF (bytes, percent), as HPCC's traffic_gen/FbHdp_distribution.txt. */
    static final double[][] FBHDP = {{0, 0}, {100, 1}, {200, 2}, {300, 5}, {350, 15}, {400, 20}, {500, 30},
        {600, 40}, {700, 50}, {1000, 60}, {2000, 67}, {7000, 70}, {30000, 72}, {50000, 82}, {80000, 87},
        {120000, 90}, {300000, 95}, {1000000, 97.5}, {2000000, 99}, {10000000, 100}};
    static final int HOSTS = 16;

    static double meanSize() {
        double m = 0;
        for (int i = 1; i < FBHDP.length; i++) {
            m += (FBHDP[i][0] + FBHDP[i - 1][0]) / 2 * (FBHDP[i][1] - FBHDP[i - 1][1]);
        }
        return m / 100;
    }

    static long size(double pct) {
        for (int i = 1; i < FBHDP.length; i++) {
            if (pct <= FBHDP[i][1]) {
                double s = FBHDP[i - 1][0] + (FBHDP[i][0] - FBHDP[i - 1][0]) / (FBHDP[i][1] - FBHDP[i - 1][1])
                        * (pct - FBHDP[i - 1][1]);
                return Math.max(1, (long) s);
            }
        }
        return (long) FBHDP[FBHDP.length - 1][0];
    }

    /** Flow lines of a {@code flows} workload: per host Poisson arrivals, whole ns, for {@code durationNs}. */
    static String flows(double load, long durationNs, long seed) {
        double gapNs = meanSize() * 8 / (100e9 * load) * 1e9;
        SplittableRandom rnd = new SplittableRandom(seed);
        List<String> lines = new ArrayList<>();
        for (int src = 0; src < HOSTS; src++) {
            long t = (long) (-Math.log(1 - rnd.nextDouble()) * gapNs);
            while (t <= durationNs) {
                int dst = rnd.nextInt(HOSTS - 1);
                dst += dst >= src ? 1 : 0;
                lines.add(String.format(Locale.ROOT, "      - {src: %d, dst: %d, size: %d, start: %dns}", src, dst,
                        size(rnd.nextDouble() * 100), t));
                t += (long) (-Math.log(1 - rnd.nextDouble()) * gapNs);
            }
        }
        return String.join("\n", lines) + "\n";
    }

    static final String SCENARIO = """
            name: v09-lean
            stop_time: 50ms
            topology: {type: fat-tree, k: 4, host_link: {rate: 100Gbps, delay: 1us}, fabric_link: {rate: 400Gbps, delay: 1us}}
            metrics: {completion: sender}
            switch:
              profile: hpcc2019
              latency: 0
              buffer_size: 32MiB
              pfc: {response_time: 0}
              scheduling: {strict: [7]}
              ecn:
                kmin: 400KB
                kmax: 1600KB
                pmax: 0.2
                by_rate: {400Gbps: {kmin: 1600KB, kmax: 6400KB}}
            nic:
              mtu: 1000
              ack_priority: 7
              cnp_priority: 7
              pfc_response_time: 0
              dcqcn: {profile: hpcc2019}
            workloads:
              - type: flows
                flows:
            """;

    @Test
    void hpccStyleFatTreeMeetsTheMedianAndNoFlowBeatsItsIdeal() {
        Scenario s = ScenarioLoader.parse("v09-lean.yaml", SCENARIO + flows(0.3, 200_000, 1), Path.of("."), List.of());
        assertEquals(Completion.SENDER, s.metrics().completion());
        RunResult r = new ScenarioEngine().run(s);
        List<FlowResult> flows = r.flows();
        assertTrue(flows.size() > 50, flows.size() + " flows");
        double[] sender = new double[flows.size()];
        for (int i = 0; i < flows.size(); i++) {
            FlowResult f = flows.get(i);
            assertTrue(f.completed(Completion.RECEIVER) && f.completed(Completion.SENDER), "flow " + f.flowId());
            assertTrue(f.fctPs() >= f.idealFctPs(), "flow " + f.flowId() + " beats its receiver ideal");
            assertTrue(f.fctPs(Completion.SENDER) >= f.idealFctPs(Completion.SENDER), "flow " + f.flowId());
            assertTrue(f.senderDonePs() > f.finishPs(), "a WRITE's last ACK comes after its last byte");
            sender[i] = f.slowdown(Completion.SENDER);
        }
        Arrays.sort(sender);
        double p50 = sender[(int) Math.ceil(0.5 * sender.length) - 1];
        System.out.printf(Locale.ROOT, "V-09 lean: %d flows, sender slowdown p50 %.3f p95 %.3f p99 %.3f; PFC pauses %d%n",
                sender.length, p50, sender[(int) Math.ceil(0.95 * sender.length) - 1],
                sender[(int) Math.ceil(0.99 * sender.length) - 1], r.pauseFrames());
        assertTrue(p50 >= 1.0 && p50 <= 1.15, "p50 " + p50 + ": V-09's target 1.00 within 15 %");
    }
}
