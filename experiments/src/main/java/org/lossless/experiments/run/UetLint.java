package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.lossless.experiments.scenario.RoutingConfig;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.nic.UetConfig;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Node;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;

/**
 * Ultra Ethernet combinations that cannot work as meant, warned when a scenario is loaded:
 * <ul>
 *   <li>trimming on a PFC class: PFC keeps that queue from ever overflowing, so it never trims;</li>
 *   <li>trimming with the RoCEv2 transport: RoCE receivers cannot NACK a header, a trimmed packet is a lost one;</li>
 *   <li>UET spraying where the routing cannot spread it: a topology with one path between every two hosts, or
 *       {@code routing.mode: spray}, which picks ports by PSN and ignores the entropies (REPS then steers
 *       nothing).</li>
 * </ul>
 */
public final class UetLint {
    private UetLint() {
    }

    public static List<String> of(Scenario s) {
        Topology t = ScenarioEngine.topologyOrNull(s.topology());
        return warnings(s.switchSettings(), s.nic().uet(), s.routing().mode(), t);
    }

    /** The warnings for these settings; {@code t} null (not buildable) skips the path check. */
    public static List<String> warnings(SwitchSettings sw, UetConfig uet, RoutingConfig.Mode routing, Topology t) {
        List<String> out = new ArrayList<>();
        int trim = sw.trimMask();
        PfcSettings pfc = sw.pfc() == null ? PfcSettings.UNSET : sw.pfc();
        if (trim != 0 && !Boolean.FALSE.equals(pfc.enabled())) {
            TreeSet<Integer> both = new TreeSet<>();
            for (int p : pfc.resolved(sw.hpcc2019(), null).priorities()) {
                if ((trim & (1 << p)) != 0) {
                    both.add(p);
                }
            }
            if (!both.isEmpty()) {
                out.add("switch.trimming: priorities " + both + " are lossless with PFC, whose queues never overflow: they"
                        + " never trim (give them switch.flow_control: none)");
            }
        }
        if (trim != 0 && !uet.uet()) {
            out.add("switch.trimming with nic.transport rocev2: RoCE receivers cannot ask for a trimmed packet at once;"
                    + " to them it is a lost packet (use nic.transport: uet)");
        }
        if (uet.uet() && !uet.spray().equals(UetConfig.NONE)) {
            if (routing == RoutingConfig.Mode.SPRAY) {
                out.add("nic.transport uet with routing.mode spray: switches pick ports per PSN and ignore UET's"
                        + " entropies (nic.uet.spray " + uet.spray() + " steers nothing); use routing.mode: ecmp");
            } else if (t != null && !multipath(t)) {
                out.add("nic.transport uet sprays packets, but the topology has one path between every two hosts:"
                        + " spraying changes nothing");
            }
        }
        return out;
    }

    /** Whether some switch has more than one equal-cost port towards some host. */
    static boolean multipath(Topology t) {
        Routes r = Routes.shortestPaths(t);
        for (Node n : t.nodes()) {
            if (n.isHost()) {
                continue;
            }
            for (int h = 0; h < t.hostCount(); h++) {
                if (r.candidates(n.id(), h).length > 1) {
                    return true;
                }
            }
        }
        return false;
    }
}
