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
 *       nothing);</li>
 *   <li>NSCC with ECN thresholds far above its target queueing delay (it then keeps a standing queue near kmin);</li>
 *   <li>RoCE-only NIC settings ({@code nic.ack_interval}, {@code nic.loss_recovery}, {@code nic.rto}) changed from
 *       their defaults under the UET transport, which does not use them (a sweep over {@code nic.transport} keeps
 *       them for its RoCE points, so this warns rather than refuses), when no workload runs RoCEv2;</li>
 *   <li>trimming in a run that mixes transports (a workload's {@code transport}): the RoCEv2 workloads see a trimmed
 *       packet as a lost one, so they belong on classes without trimming.</li>
 * </ul>
 * A workload's {@code transport: uet} counts as UET for every check (spraying, NSCC's ECN) as {@code nic.transport:
 * uet} does.
 */
public final class UetLint {
    private UetLint() {
    }

    public static List<String> of(Scenario s) {
        Topology t = ScenarioEngine.topologyOrNull(s.topology());
        UetConfig uet = s.nic().uet().withTransport(s.usesUet() ? UetConfig.UET : UetConfig.ROCEV2);
        List<String> out = new ArrayList<>(warnings(s.switchSettings(), uet, s.routing().mode(), t));
        if (!s.usesRoce()) {
            out.addAll(roceOnly(s.nic()));
        }
        String mix = trimmingInAMix(s);
        if (mix != null) {
            out.add(mix);
        }
        if (t != null) {
            String ecn = ecnAboveTarget(s, t);
            if (ecn != null) {
                out.add(ecn);
            }
        }
        return out;
    }

    /** RoCE-only NIC settings given values other than their defaults under the UET transport, which ignores them. */
    static List<String> roceOnly(org.lossless.nic.NicConfig nic) {
        if (!nic.uetTransport()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (nic.ackEvery() != 1) {
            out.add("nic.ack_interval " + nic.ackEvery() + " is not used under nic.transport uet (every packet is"
                    + " acknowledged)");
        }
        if (nic.lossRecovery().irn()) {
            out.add("nic.loss_recovery irn is not used under nic.transport uet (UET retransmits selectively, nic.uet)");
        }
        if (nic.rtoPs() != org.lossless.nic.NicConfig.DEFAULT_RTO_PS) {
            out.add("nic.rto is not used under nic.transport uet (its timeout is nic.uet.rto)");
        }
        return out;
    }

    /**
     * NSCC decreases only on ECN with queueing above its target: ECN that starts marking at a queue which takes
     * more than twice the target to drain at the host link rate leaves NSCC a standing queue of about kmin.
     */
    static String ecnAboveTarget(Scenario s, Topology t) {
        UetConfig uet = s.nic().uet().withTransport(s.usesUet() ? UetConfig.UET : UetConfig.ROCEV2);
        var ecn = s.switchSettings().ecn();
        if (!uet.uet() || !uet.senderCc().equals(org.lossless.nic.nscc.Nscc.NAME) || ecn == null
                || Boolean.FALSE.equals(ecn.enabled()) || ecn.kmin() == null) {
            return null;
        }
        long rate = s.topology().hostLink().rateBps();
        long fabricRtt = FabricRtt.max(t, new BaseRtt(t, Routes.shortestPaths(t), s.nic().mtu(), s.nic().wire(),
                s.switchSettings().latencyPs()));
        long target = uet.nscc().targetPs(fabricRtt);
        double kminPs = ecn.kmin() * 8e12 / rate;
        if (kminPs <= 2.0 * target) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "switch.ecn.kmin %d B takes %.1f us to drain at %s, more than twice"
                        + " NSCC's target queueing delay (%.1f us): NSCC sees ECN only above kmin and keeps a standing"
                        + " queue near it; set kmin near the target (%d B)", ecn.kmin(), kminPs / 1e6,
                org.lossless.core.units.Units.formatRate(rate), target / 1e6, (long) (target * (double) rate / 8e12));
    }

    /** Trimming in a run where some workloads run UET and others RoCEv2: names the RoCEv2 workloads. */
    static String trimmingInAMix(Scenario s) {
        int trim = s.switchSettings().trimMask();
        if (trim == 0 || !s.usesUet() || !s.usesRoce()) {
            return null;
        }
        List<String> roce = new ArrayList<>();
        for (var w : s.workloads()) {
            String t = s.workloadTransport().getOrDefault(w.name(), s.nic().uet().transport());
            if (t.equals(UetConfig.ROCEV2)) {
                roce.add(w.name());
            }
        }
        TreeSet<Integer> trimmed = new TreeSet<>();
        for (int p = 0; p < 8; p++) {
            if ((trim & (1 << p)) != 0) {
                trimmed.add(p);
            }
        }
        return "switch.trimming on priorities " + trimmed + " in a run mixing transports: the RoCEv2 workloads " + roce
                + " cannot ask for a trimmed packet at once (to them it is lost); keep them off those priorities (e.g."
                + " on a PFC class)";
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
