package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.core.kernel.ParallelStats;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * Transports whose receivers take packets out of order (UET's RUD, IRN) on the partitioned engine. A window ends right
 * after the arrival of a frame that may complete a message ({@code HostNic.mayComplete}); a frame that completes one
 * without having been flagged makes the engine fail the run ("the model did not announce it"), so runs whose packets
 * are sprayed, trimmed, dropped, resent and held out of order, beside programs that react to every completion at its
 * instant, check that the question never says no wrongly. And it must not say yes to every frame: a UET permutation
 * then ran windows of a few nanoseconds (849,778 windows for the 16 MB permutation on a k=8 fat-tree of
 * benchmarks/README.md, step 32, 1,593 now).
 */
class OutOfOrderCompletionsTest {
    private static final String FAT = "topology: {type: fat-tree, k: 4, host_link: {rate: 100Gbps, delay: 1us}, "
            + "fabric_link: {rate: 100Gbps, delay: 1us}}\n";

    private static String fingerprint(RunResult r) {
        return ParallelRunTest.fingerprint(r) + "\nuet " + r.uet();
    }

    private static RunResult run(String text, int threads, List<ParallelStats> stats) {
        Scenario s = ScenarioLoader.parse("t.yaml", text, Path.of("."), List.of());
        return new ScenarioEngine(new PacketEngine.Parallelism(threads, null, null, stats::add)).run(s);
    }

    /** Runs on 1, 2 and 4 threads; the same result each time; returns the first. */
    private static RunResult sameOn1To4(String text) {
        RunResult first = run(text, 1, new ArrayList<>());
        for (int t : new int[] {2, 4}) {
            assertEquals(fingerprint(first), fingerprint(run(text, t, new ArrayList<>())), t + " threads");
        }
        assertTrue(first.flows().stream().allMatch(FlowResult::finished), "every message delivered");
        return first;
    }

    /**
     * UET with spraying and trimming on a lossy fabric (no PFC, 300 KB of buffer a switch): an incast of 12 senders
     * repeated twice (each round starts at the instant the last byte of the one before arrives: a reaction at the
     * completion's instant) beside an all-to-all (its senders act 773 ns after a clear-to-send).
     */
    @Test
    void uetTrimmedAndSprayedGivesOneResultOn1To4Threads() {
        RunResult r = sameOn1To4("name: u\n" + FAT + "nic: {mtu: 1024, transport: uet}\n"
                + "switch: {buffer_size: 300KB, flow_control: none, trimming: {priorities: [3]}}\n"
                + "workloads:\n"
                + "  - {type: incast, receiver: 0, senders: \"4-15\", size: 100KB, repeat: 2}\n"
                + "  - {type: alltoall, name: a2a, hosts: \"0-7\", size: 256KB}\n");
        assertTrue(r.uet().trimsLastHop() + r.uet().trimsInNetwork() > 0, "the incast trims: " + r.uet());
        assertTrue(r.uet().trimNacks() > 0, "trimmed packets are NACKed and resent: " + r.uet());
    }

    /** IRN on a lossy fabric: drops leave holes that later packets wait behind; the incast reacts at each instant. */
    @Test
    void irnWithDropsGivesOneResultOn1To4Threads() {
        RunResult r = sameOn1To4("name: i\n" + FAT + "nic: {mtu: 1024, cc: dcqcn, loss_recovery: irn}\n"
                + "switch: {buffer_size: 300KB, flow_control: none}\n"
                + "workloads:\n"
                + "  - {type: incast, receiver: 0, senders: \"4-15\", size: 100KB, repeat: 2}\n"
                + "  - {type: permutation, hosts: \"0-15\", size: 200KB}\n");
        assertTrue(r.dropPackets() > 0, "the incast drops on a lossy fabric");
    }

    /**
     * A UET permutation reacts to no completion, so its windows end at the lookahead (1.007 us here), or where the run
     * may end. A window of the lookahead carries about 12 data packets of 1 KB per 100 Gb/s host link, some 190 on the
     * 16 hosts; the bound asks only that the windows hold 20 data packets on average, against one window per frame that
     * may complete a message (every UET frame) before. (A first bound, one window per lookahead of the simulated time
     * plus one per message, was wrong: when the last packet of a message is on the link, every later packet of that
     * message may complete it, and near the run's end those end windows: 83 windows against 62.)
     */
    @Test
    void aUetPermutationRunsWindowsOfManyPackets() {
        List<ParallelStats> stats = new ArrayList<>();
        String text = "name: p\n" + FAT + "nic: {mtu: 1024, transport: uet}\nworkloads:\n"
                + "  - {type: permutation, hosts: \"0-15\", size: 300KB}\n";
        run(text, 2, stats);
        long dataPackets = 16 * ((300_000 + 1023) / 1024);
        long windows = stats.get(0).windows();
        System.out.println("UET permutation: " + windows + " windows for " + dataPackets + " data packets");
        assertTrue(windows <= dataPackets / 20, windows + " windows for " + dataPackets + " data packets");
    }
}
