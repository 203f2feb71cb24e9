package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.PauseEdge;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.RingSpec;

/**
 * Cyclic buffer dependency on a ring of five switches (reference P5, HotNets'16): host i sends to host
 * i+2, so every flow crosses two ring links clockwise and every ring link carries two flows at twice its
 * rate. With PFC and no congestion control the buffers fill around the ring and each switch pauses the
 * previous one: a permanent pause cycle. Fewer flows that do not close the loop drain normally.
 */
class DeadlockTest {
    private static final long US = 1_000_000L;
    private static final Topology RING = new RingSpec(5, 1, LinkSpec.gbps(100, 1000), LinkSpec.gbps(100, 1000)).build();

    private static RunResult run(int flows) {
        List<FlowSpec> specs = new ArrayList<>();
        for (int i = 0; i < flows; i++) {
            specs.add(new FlowSpec("cbd", i, (i + 2) % 5, 20_000_000, 0, 3));
        }
        SwitchSettings small = new SwitchSettings(null, 2_000_000L, null, null, null, null, null, null, null, null);
        return new PacketEngine().run(new EngineInput(RING, NicConfig.builder().mtu(1024).ackEvery(1).build(), small, specs, 5_000 * US, 1));
    }

    @Test
    void fiveFlowsAroundTheRingDeadlockAndTheCycleIsReported() {
        RunResult r = run(5);
        assertTrue(r.deadlock(), "expected a deadlock; paused " + r.pausedPs() + " ps");
        assertEquals(5, r.deadlockCycle().size(), r.deadlockCycle().toString());
        assertTrue(r.flows().stream().noneMatch(FlowResult::finished));
        assertEquals(RunResult.StoppedBy.DEADLOCK, r.stoppedBy());
        // the pause graph: by symmetry the five ring pauses start at one instant, each a congestion root (its
        // egress carries two flows on one link and is not yet paused); each switch then pauses its host,
        // propagated from the next switch's ring pause. The cause is fixed at an episode's start, so the cycle
        // that closes afterwards is the deadlock detector's to report, not the graph's.
        List<PauseEdge> open = r.pauseGraph().edges().stream().filter(e -> e.endPs() < 0).toList();
        assertEquals(10, open.size(), open.toString());
        for (PauseEdge e : open) {
            boolean ring = e.peer().startsWith("sw");
            assertEquals(ring ? PauseEdge.Cause.CONGESTION : PauseEdge.Cause.PROPAGATED, e.cause(), e.toString());
            assertEquals(ring ? 1 : 2, e.depth(), e.toString());
        }
        assertEquals(1, open.stream().filter(e -> e.peer().startsWith("sw")).mapToLong(PauseEdge::timePs).distinct().count());
    }

    @Test
    void flowsThatDoNotCloseTheLoopFinishWithoutDeadlock() {
        RunResult r = run(3);
        assertFalse(r.deadlock(), r.deadlockCycle().toString());
        assertTrue(r.flows().stream().allMatch(FlowResult::finished));
        assertEquals(RunResult.StoppedBy.DONE, r.stoppedBy());
    }
}
