package org.lossless.experiments.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.lossless.experiments.lint.Finding.Unit;
import org.lossless.experiments.lint.Finding.Value;
import org.lossless.experiments.run.BaseRtt;
import org.lossless.experiments.run.FabricRtt;
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
    /** The code of a RoCE-only NIC setting changed under the UET transport. */
    public static final String ROCE_ONLY = "roce-setting-unused-under-uet";

    private UetLint() {
    }

    /** The findings for a loaded scenario (the path check skipped when its topology cannot be built). */
    public static List<Finding> of(Scenario s) {
        Topology t = s.fabric().topologyOrNull();
        UetConfig uet = s.nic().uet().withTransport(s.usesUet() ? UetConfig.UET : UetConfig.ROCEV2);
        List<Finding> out = new ArrayList<>(warnings(s.switchSettings(), uet, s.routing().mode(), t));
        if (!s.usesRoce()) {
            out.addAll(roceOnly(s.nic()));
        }
        Finding mix = trimmingInAMix(s);
        if (mix != null) {
            out.add(mix);
        }
        if (t != null) {
            Finding ecn = ecnAboveTarget(s, t);
            if (ecn != null) {
                out.add(ecn);
            }
        }
        return out;
    }

    /** RoCE-only NIC settings given values other than their defaults under the UET transport, which ignores them. */
    static List<Finding> roceOnly(org.lossless.nic.NicConfig nic) {
        if (!nic.uetTransport()) {
            return List.of();
        }
        List<Finding> out = new ArrayList<>();
        if (nic.ackEvery() != 1) {
            out.add(Finding.warning(ROCE_ONLY, "nic.ack_interval " + nic.ackEvery() + " is not used under nic.transport"
                    + " uet (every packet is acknowledged)", "nic.ack_interval", "nic.transport")
                    .with(List.of(), List.of(new Value("ack_interval", nic.ackEvery(), Unit.COUNT))));
        }
        if (nic.lossRecovery().irn()) {
            out.add(Finding.warning(ROCE_ONLY, "nic.loss_recovery irn is not used under nic.transport uet (UET"
                    + " retransmits selectively, nic.uet)", "nic.loss_recovery", "nic.transport"));
        }
        if (nic.rtoPs() != org.lossless.nic.NicConfig.DEFAULT_RTO_PS) {
            out.add(Finding.warning(ROCE_ONLY, "nic.rto is not used under nic.transport uet (its timeout is nic.uet.rto)",
                    "nic.rto", "nic.transport").with(List.of(), List.of(new Value("rto", nic.rtoPs(), Unit.PICOSECONDS))));
        }
        return out;
    }

    /**
     * NSCC decreases only on ECN with queueing above its target: ECN that starts marking at a queue which takes
     * more than twice the target to drain at the host link rate leaves NSCC a standing queue of about kmin.
     */
    static Finding ecnAboveTarget(Scenario s, Topology t) {
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
        long targetBytes = (long) (target * (double) rate / 8e12);
        String text = String.format(java.util.Locale.ROOT, "switch.ecn.kmin %d B takes %.1f us to drain at %s, more"
                        + " than twice NSCC's target queueing delay (%.1f us): NSCC sees ECN only above kmin and keeps a"
                        + " standing queue near it; set kmin near the target (%d B)", ecn.kmin(), kminPs / 1e6,
                org.lossless.core.units.Units.formatRate(rate), target / 1e6, targetBytes);
        return Finding.warning("nscc-kmin-above-target", text, "switch.ecn.kmin", "nic.uet.cc").with(List.of(),
                List.of(Value.bytes("kmin", ecn.kmin()), new Value("kmin_drain", Math.round(kminPs), Unit.PICOSECONDS),
                        new Value("rate", rate, Unit.BITS_PER_SECOND), new Value("target", target, Unit.PICOSECONDS),
                        Value.bytes("target_queue", targetBytes)));
    }

    /** Trimming in a run where some workloads run UET and others RoCEv2: names the RoCEv2 workloads. */
    static Finding trimmingInAMix(Scenario s) {
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
        String text = "switch.trimming on priorities " + trimmed + " in a run mixing transports: the RoCEv2 workloads "
                + roce + " cannot ask for a trimmed packet at once (to them it is lost); keep them off those priorities"
                + " (e.g. on a PFC class)";
        List<String> keys = new ArrayList<>(List.of("switch.trimming"));
        for (int i = 0; i < s.workloads().size(); i++) {
            if (roce.contains(s.workloads().get(i).name())) {
                keys.add("workloads[" + i + "]");
            }
        }
        return new Finding(Severity.WARNING, "trimming-in-transport-mix", text, keys, List.of(), List.of());
    }

    /** The warnings for these settings; {@code t} null (not buildable) skips the path check. */
    public static List<Finding> warnings(SwitchSettings sw, UetConfig uet, RoutingConfig.Mode routing, Topology t) {
        List<Finding> out = new ArrayList<>();
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
                List<Value> prios = both.stream().map(p -> new Value("priority", p, Unit.COUNT)).toList();
                out.add(Finding.warning("trimming-on-pfc-class", "switch.trimming: priorities " + both + " are lossless"
                        + " with PFC, whose queues never overflow: they never trim (give them switch.flow_control: none)",
                        "switch.trimming", "switch.pfc.priorities").with(List.of(), prios));
            }
        }
        if (trim != 0 && !uet.uet()) {
            out.add(Finding.warning("trimming-with-rocev2", "switch.trimming with nic.transport rocev2: RoCE receivers"
                    + " cannot ask for a trimmed packet at once; to them it is a lost packet (use nic.transport: uet)",
                    "switch.trimming", "nic.transport"));
        }
        if (uet.uet() && !uet.spray().equals(UetConfig.NONE)) {
            if (routing == RoutingConfig.Mode.SPRAY) {
                out.add(Finding.warning("uet-spray-ignored-by-routing", "nic.transport uet with routing.mode spray:"
                        + " switches pick ports per PSN and ignore UET's entropies (nic.uet.spray " + uet.spray()
                        + " steers nothing); use routing.mode: ecmp", "nic.uet.spray", "routing.mode"));
            } else if (t != null && !multipath(t)) {
                out.add(Finding.warning("uet-spray-single-path", "nic.transport uet sprays packets, but the topology"
                        + " has one path between every two hosts: spraying changes nothing", "nic.uet.spray", "topology"));
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
