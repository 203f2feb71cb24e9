package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.parallel.Partitioner;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * How many partitions a packet run is cut into: up to {@link RunPartitions#PARTITIONS_PER_THREAD} per thread, capped
 * by the fabric's units and by the lookahead; whatever the count, the same result.
 */
class RunPartitionsTest {
    private static final long US = 1_000_000L;
    /** A k=4 fat-tree: 20 switches, each with its hosts a unit; every link 1 us. */
    private static final String FAT = "name: p\ntopology: {type: fat-tree, k: 4}\nnic: {mtu: 1024, cc: dcqcn}\n"
            + "workloads:\n  - {type: permutation, size: 300KB}\n";

    private static EngineInput fatTree() {
        return ScenarioEngine.input(ScenarioLoader.parse("t.yaml", FAT, Path.of("."), List.of()));
    }

    /**
     * UET on receiver credits (RCCC): the receiver's pacer reads whether its senders have more to send from their QPs,
     * which another partition may be changing. Six of 40 drawn UET scenarios with `cc: rccc` and a CDF workload differed
     * between 1 and 2 threads (18,044 grants against 18,045 in one), so such a run stays on one partition, with a note.
     */
    @Test
    void uetReceiverCreditsKeepTheRunOnOnePartition() {
        EngineInput in = ScenarioEngine.input(ScenarioLoader.parse("t.yaml", FAT.replace("nic: {mtu: 1024, cc: dcqcn}",
                "nic: {mtu: 1024, transport: uet, uet: {cc: rccc}}"), Path.of("."), List.of()));
        RunPartitions r = RunPartitions.of(in, 4, null);
        assertEquals(1, r.partitions());
        assertTrue(r.note().contains("RCCC"), r.note());
        assertEquals(16, RunPartitions.of(fatTree(), 4, null).partitions(), "the same fabric without them: 16");
    }

    @Test
    void aFatTreeIsCutIntoFourPartitionsPerThreadUpToItsSwitchesWithTheSameLookahead() {
        EngineInput in = fatTree();
        RunPartitions two = RunPartitions.of(in, 2, null);
        assertEquals(8, two.partitions());
        assertEquals(16, RunPartitions.of(in, 4, null).partitions());
        RunPartitions eight = RunPartitions.of(in, 8, null);
        assertEquals(20, eight.partitions(), "20 switches: at most 20 units");
        assertEquals("", eight.note(), "8 threads on 20 partitions: nothing to say");
        // 1 us of delay + 84 B at 100 Gb/s (6,720 ps) on every cut link and every host link
        assertEquals(1_006_720, two.lookaheadPs());
        assertEquals(two.lookaheadPs(), eight.lookaheadPs());
    }

    /** Two threads on 8 partitions (claimed per window), on the 2 of a static split (given as the override), on one. */
    @Test
    void theResultIsTheSameOnEightPartitionsTwoAndOne() {
        EngineInput in = fatTree();
        Topology t = in.topology();
        int[] partOf = Partitioner.plan(t, 2, null).partOf();
        Map<String, Integer> halves = new HashMap<>();
        for (Node n : t.nodes()) {
            halves.put(n.name(), partOf[n.id()]);
        }
        assertEquals(2, RunPartitions.of(in, 2, halves).partitions());
        List<org.lossless.core.kernel.ParallelStats> stats = new java.util.ArrayList<>();
        RunResult fine = new PacketEngine(null, new PacketEngine.Parallelism(2, null, null, stats::add)).run(in);
        RunResult coarse = new PacketEngine(null, new PacketEngine.Parallelism(2, halves, null, stats::add)).run(in);
        RunResult one = ParallelRunTest.run(in, 1);
        assertEquals(ParallelRunTest.fingerprint(one), ParallelRunTest.fingerprint(fine));
        assertEquals(ParallelRunTest.fingerprint(one), ParallelRunTest.fingerprint(coarse));
        assertTrue(fine.flows().stream().allMatch(FlowResult::finished));
        assertEquals(8, stats.get(0).partitions());
        assertEquals(2, stats.get(1).partitions());
        assertEquals(stats.get(1).windows(), stats.get(0).windows(), "the same lookahead: the same windows");
        assertTrue(stats.get(0).handOffsPerWindow() > stats.get(1).handOffsPerWindow(),
                "more partitions, more cut links: " + stats.get(0) + " / " + stats.get(1));
    }

    /**
     * A chain s0 = s1 - s2 - s3 whose s0 = s1 link is 200 ns (cuttable, 100 ns is the least) and the others 1 us; s0
     * and s3 have 4 hosts, s1 and s2 one. The cut into 2 (port bandwidth, heaviest first to the lighter side: s0, s3,
     * then s1 with s0, s2 with s3) cuts only s1 - s2; the cut into 4 (one switch each) would cut the 200 ns link and
     * shorten every window 5-fold, so the run keeps 2 partitions.
     */
    @Test
    void aFinerCutThatWouldShortenTheWindowsIsNotTaken() {
        Topology.Builder b = Topology.builder("chain");
        int[] s = new int[4];
        for (int i = 0; i < 4; i++) {
            s[i] = b.addSwitch("s" + i, 1);
        }
        int[] hosts = {4, 1, 1, 4};
        for (int i = 0; i < 4; i++) {
            for (int h = 0; h < hosts[i]; h++) {
                b.connect(b.addHost("h" + i + "_" + h), s[i], 100_000_000_000L, 1_000_000);
            }
        }
        b.connect(s[0], s[1], 100_000_000_000L, 200_000);
        b.connect(s[1], s[2], 100_000_000_000L, 1_000_000);
        b.connect(s[2], s[3], 100_000_000_000L, 1_000_000);
        EngineInput in = new EngineInput(b.build(), NicConfig.builder().mtu(1024).build(), SwitchSettings.defaults(),
                List.of(), 10 * US, 1);
        RunPartitions cut = RunPartitions.of(in, 2, null);
        assertEquals(2, cut.partitions());
        assertEquals(1_006_720, cut.lookaheadPs());
        assertEquals(4, Partitioner.plan(in.topology(), 8, null).partitions(), "the fabric has 4 units");
    }
}
