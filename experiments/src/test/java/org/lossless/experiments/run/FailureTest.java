package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.LeafSpineSpec;

/** Link and switch failures mid-run on a 2-leaf, 2-spine fabric with 4 hosts per leaf. */
class FailureTest {
    private static final long US = 1_000_000L;
    private static final Topology FABRIC = new LeafSpineSpec(2, 2, 4, LinkSpec.gbps(100, 1000), LinkSpec.gbps(100, 1000))
            .build();

    /** Every host on leaf0 sends 2 MB to its partner on leaf1 and back: 8 flows across the spines. */
    private static List<FlowSpec> crossTraffic() {
        List<FlowSpec> flows = new ArrayList<>();
        for (int h = 0; h < 4; h++) {
            flows.add(new FlowSpec("cross", h, 4 + h, 2_000_000, 0, 3));
            flows.add(new FlowSpec("cross", 4 + h, h, 2_000_000, 0, 3));
        }
        return flows;
    }

    private static RunResult run(List<FailureSpec> failures) {
        return new PacketEngine().run(new EngineInput(FABRIC, NicConfig.builder().mtu(1024).ackEvery(1).build(), SwitchSettings.defaults(),
                crossTraffic(), 1_000_000 * US, 7, failures, 20 * US, false));
    }

    @Test
    void withoutFailuresNothingIsDropped() {
        RunResult r = run(List.of());
        assertTrue(r.flows().stream().allMatch(FlowResult::finished));
        assertEquals(0, r.dropPackets());
    }

    @Test
    void aLinkFailureMidRunDropsPacketsAndEveryFlowStillCompletesThroughTheOtherSpine() {
        RunResult healthy = run(List.of());
        // 2 MB at 100 Gb/s takes about 173 us; fail a leaf-spine link a third of the way in.
        RunResult r = run(List.of(new FailureSpec("leaf0", "spine0", 60 * US, -1)));
        assertTrue(r.dropPackets() > 0, "packets on and queued for the dead link are dropped");
        assertTrue(r.flows().stream().allMatch(FlowResult::finished), "all flows recover via go-back-N");
        // With one uplink gone, leaf0's traffic shares one 100G link after convergence: slower than healthy.
        long slowest = r.flows().stream().mapToLong(FlowResult::fctPs).max().orElseThrow();
        long healthySlowest = healthy.flows().stream().mapToLong(FlowResult::fctPs).max().orElseThrow();
        assertTrue(slowest > healthySlowest, slowest + " vs " + healthySlowest);
        long dropsOnDeadLink = r.ports().stream()
                .filter(p -> (p.node().equals("leaf0") && p.peer().equals("spine0"))
                        || (p.node().equals("spine0") && p.peer().equals("leaf0")))
                .mapToLong(PortResult::drops).sum();
        assertTrue(dropsOnDeadLink > 0 && dropsOnDeadLink <= r.dropPackets());
    }

    @Test
    void aSwitchThatFailsAndRecoversLeavesEveryFlowComplete() {
        RunResult r = run(List.of(new FailureSpec("spine1", null, 40 * US, 300 * US)));
        assertTrue(r.flows().stream().allMatch(FlowResult::finished));
        assertTrue(r.dropPackets() > 0);
    }

    @Test
    void unknownNodesAndMissingLinksAreClearErrors() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> run(List.of(new FailureSpec("leaf9", "spine0", US, -1))));
        assertTrue(e.getMessage().contains("no node named 'leaf9'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> run(List.of(new FailureSpec("leaf0", "leaf1", US, -1))));
        assertTrue(e.getMessage().contains("no link between leaf0 and leaf1"), e.getMessage());
    }
}
