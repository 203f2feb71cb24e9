package org.lossless.experiments.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.lossless.experiments.lint.Finding.Unit;
import org.lossless.experiments.lint.Finding.Value;
import org.lossless.experiments.run.BaseRtt;
import org.lossless.experiments.run.FabricRtt;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.nic.swift.Swift;
import org.lossless.nic.swift.SwiftParams;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;

/**
 * Swift's target delay below a path's base RTT, warned when a scenario is loaded: Swift cuts its window whenever an
 * ACK's RTT is above {@code base_target + switches × per_hop} (plus flow scaling, which only small windows get), so on
 * a path whose empty-network RTT already exceeds that it cuts at every RTT and holds its window near the floor. On a
 * k=4 fat-tree of 25 Gb/s links with 4 KiB packets (a base RTT of 20.2 us between pods against a target of 15 us)
 * three 3 MB flows took 38-40 ms, 1.9-2.0 ms with {@code base_target: 40us}. The defaults are for 100 Gb/s fabrics with
 * microsecond links; slower links or larger packets lengthen the base RTT. Checked on the path with the least room,
 * over {@link FabricRtt#groups}.
 */
public final class SwiftLint {
    /** The finding's code. */
    public static final String CODE = "swift-target-below-base-rtt";

    private SwiftLint() {
    }

    /** The finding for {@code s}, if some RoCEv2 QP runs Swift and a path's base RTT reaches its target. */
    public static List<Finding> of(Scenario s) {
        Topology t = s.fabric().topologyOrNull();
        boolean swift = s.usesRoce() && (s.nic().cc().equals(Swift.NAME) || s.workloadCc().containsValue(Swift.NAME));
        if (t == null || !swift || t.hostCount() < 2) {
            return List.of();
        }
        SwiftParams p = s.nic().ccSettings().get(Swift.NAME, SwiftParams.class);
        BaseRtt rtt = new BaseRtt(t, Routes.shortestPaths(t), s.nic().mtu(), s.nic().wire(),
                s.switchSettings().latencyPs());
        long worstRtt = 0;
        long worstTarget = 0;
        int worstSwitches = 0;
        long worstRoom = Long.MAX_VALUE;
        List<Integer> reps = new ArrayList<>();
        FabricRtt.groups(t).forEach(reps::addAll);
        for (int a : reps) {
            for (int b : reps) {
                if (a != b) {
                    long base = rtt.ps(a, b);
                    int sw = rtt.switches(a, b);
                    long target = p.baseTargetPs() + sw * p.perHopPs();
                    if (target - base < worstRoom) {
                        worstRoom = target - base;
                        worstRtt = base;
                        worstTarget = target;
                        worstSwitches = sw;
                    }
                }
            }
        }
        if (worstRoom > 0) {
            return List.of();
        }
        long needed = worstRtt - worstSwitches * p.perHopPs();
        String text = String.format(Locale.ROOT, "Swift's target on a path through %d switches (nic.swift.base_target"
                        + " %.1f us + %d x per_hop %.1f us = %.1f us) is not above that path's base RTT (%.1f us): Swift"
                        + " cuts its window at every RTT there and stays near its floor; set base_target above %.1f us",
                worstSwitches, p.baseTargetPs() / 1e6, worstSwitches, p.perHopPs() / 1e6, worstTarget / 1e6,
                worstRtt / 1e6, needed / 1e6);
        return List.of(Finding.warning(CODE, text, "nic.swift.base_target", "nic.swift.per_hop").with(List.of(),
                List.of(new Value("base_rtt", worstRtt, Unit.PICOSECONDS), new Value("target", worstTarget,
                        Unit.PICOSECONDS), new Value("switches", worstSwitches, Unit.COUNT))));
    }
}
