package org.lossless.experiments.uet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.lossless.experiments.run.EngineInput;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.run.FlowSpec;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.nic.UetConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.LeafSpineSpec;

/**
 * Spraying against per-flow ECMP on a permutation: a leaf-spine of 2 leaves, 4 spines and 4 hosts per leaf, every
 * link 100 Gb/s and 1 us (full bisection: 4 host links per leaf, 4 uplinks), each host on leaf 0 sending 2 MB to
 * its partner on leaf 1 and back. The bisection bound is each flow's ideal FCT (alone on its path at line rate);
 * per-flow ECMP puts two of the four flows of a leaf on one uplink for most seeds (4 flows on 4 uplinks avoid a
 * collision with probability 4!/4^4 = 9 %), which doubles the job time; spraying (a new entropy per packet) uses
 * every uplink.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UetPermutationTest {
    static final long US = 1_000_000L;
    static final long SIZE = 2_000_000;
    static final int HOSTS_PER_LEAF = 4;
    static final Topology TOPOLOGY = new LeafSpineSpec(2, 4, HOSTS_PER_LEAF, LinkSpec.gbps(100, 1000),
            LinkSpec.gbps(100, 1000)).build();

    static RunResult run(NicConfig nic, long seed) {
        List<FlowSpec> flows = new ArrayList<>();
        for (int i = 0; i < HOSTS_PER_LEAF; i++) {
            flows.add(new FlowSpec("perm", i, HOSTS_PER_LEAF + i, SIZE, 0, 3));
            flows.add(new FlowSpec("perm", HOSTS_PER_LEAF + i, i, SIZE, 0, 3));
        }
        SwitchSettings sw = new SwitchSettings(null, null, null, null, null, null, null, null, null, null);
        return new PacketEngine().run(new EngineInput(TOPOLOGY, nic, sw, flows, 100_000 * US, seed));
    }

    static NicConfig roce() {
        return NicConfig.builder().mtu(4096).ackEvery(1).build();
    }

    static NicConfig uet(String spray) {
        return roce().withUet(UetConfig.ROCE.withTransport(UetConfig.UET).withSpray(spray));
    }

    static long jobPs(RunResult r) {
        assertEquals(0, r.unfinished());
        return r.flows().stream().mapToLong(FlowResult::finishPs).max().orElseThrow();
    }

    static long boundPs(RunResult r) {
        return r.flows().stream().mapToLong(f -> f.startPs() + f.idealFctPs()).max().orElseThrow();
    }

    final RunResult ecmp = run(roce(), 1);
    final RunResult reps = run(uet(UetConfig.REPS), 1);
    final RunResult oblivious = run(uet(UetConfig.OBLIVIOUS), 1);
    final RunResult pinned = run(uet(UetConfig.NONE), 1);

    @Test
    void sprayingReachesTheBisectionBoundWhereEcmpCollides() {
        long bound = boundPs(ecmp);
        System.out.printf("permutation 2x4 leaf-spine, 2 MB per flow: bound %.1f us, RoCE ECMP %.1f us, UET pinned"
                        + " entropy %.1f us, UET oblivious %.1f us, UET REPS %.1f us%n", bound / 1e6, jobPs(ecmp) / 1e6,
                jobPs(pinned) / 1e6, jobPs(oblivious) / 1e6, jobPs(reps) / 1e6);
        assertTrue(jobPs(ecmp) > 1.5 * bound, "seed 1 collides under per-flow ECMP");
        assertTrue(jobPs(oblivious) < 1.15 * bound, "oblivious spraying within 15 % of the bound");
        assertTrue(jobPs(reps) < 1.15 * bound, "REPS within 15 % of the bound");
    }
}
