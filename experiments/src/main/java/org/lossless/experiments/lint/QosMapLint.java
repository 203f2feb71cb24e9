package org.lossless.experiments.lint;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.qos.QosLint;
import org.lossless.switchmodel.settings.MmuFactory;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SchedulingSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * The QoS-mapping lint of a scenario ({@link QosLint}): every flow of {@code flows} workloads
 * ({@code workloads[i].flows[j]}), every (priority, DSCP) of {@code hpcc-flows} workloads ({@code workloads[i]}) and
 * the class of every other job (storage, datacenter, collective: {@code workloads[i]}, from its first sender),
 * with its sender and first switch, the switches' {@code switch.qos_map}, {@code switch.pfc} and
 * {@code switch.scheduling}, and the NIC's {@code nic.cnp_dscp}. Printed by {@code run} and {@code check} with the
 * other warnings; {@code check --strict} fails on them.
 */
public final class QosMapLint {
    /** What the console puts before each of these findings (part of the finding's message). */
    public static final String PREFIX = "QoS mapping: ";

    private QosMapLint() {
    }

    /** The findings for a loaded scenario, one line each (none when its topology cannot be built). */
    public static List<Finding> of(Scenario s) {
        Topology t = s.fabric().topologyOrNull();
        if (t == null) {
            return List.of();
        }
        List<QosLint.Use> uses = new ArrayList<>();
        for (int i = 0; i < s.workloads().size(); i++) {
            WorkloadConfig w = s.workloads().get(i);
            if (w instanceof WorkloadConfig.Flows f) {
                for (int j = 0; j < f.flows().size(); j++) {
                    WorkloadConfig.FlowSpec spec = f.flows().get(j);
                    uses.add(use(t, "workloads[" + i + "].flows[" + j + "]", spec.priority(), spec.dscp(), spec.src()));
                }
            } else if (w instanceof WorkloadConfig.HpccFlows h) {
                Set<Long> seen = new LinkedHashSet<>();
                for (WorkloadConfig.FlowSpec spec : h.flows()) {
                    if (seen.add((long) spec.priority() << 8 | spec.dscp())) {
                        uses.add(use(t, "workloads[" + i + "]", spec.priority(), spec.dscp(), spec.src()));
                    }
                }
            } else {
                WorkloadConfig.Marking m = w instanceof WorkloadConfig.Collective c ? c.marking()
                        : ((org.lossless.workloads.spec.ProgramWorkload) w).marking();
                uses.add(use(t, "workloads[" + i + "]", m.priority(), m.dscp(), m.sender()));
            }
        }
        return warnings(t, s.switchSettings(), s.nic(), uses);
    }

    /**
     * The findings for {@code uses} on topology {@code t} with these switch and NIC settings: {@link QosLint}'s,
     * each with its code and key paths, the message prefixed with {@link #PREFIX}.
     */
    public static List<Finding> warnings(Topology t, SwitchSettings s, NicConfig nic, List<QosLint.Use> uses) {
        PfcSettings pfc = s.pfc() == null ? PfcSettings.UNSET : s.pfc();
        boolean pfcOn = "hpcc2019".equals(s.profile()) || !Boolean.FALSE.equals(pfc.enabled());
        boolean dscpGiven = s.qosMap() != null && s.qosMap().dscpToTc() != null;
        QosLint.Fabric fabric = new QosLint.Fabric(MmuFactory.qosMap(s), dscpGiven, pfcOn,
                SchedulingSettings.plan(s.scheduling(), nic.wire().wire(nic.wire().largestFrame(nic.mtu()))),
                switchToSwitch(t));
        boolean cnpsUsed = !nic.cc().equals(org.lossless.nic.cc.NoCongestionControl.NAME);
        return QosLint.issues(fabric, uses, new QosLint.Cnp(nic.cnpPriority(), nic.cnpDscp(), cnpsUsed)).stream()
                .map(i -> new Finding(Severity.WARNING, i.code(), PREFIX + i.text(), i.keyPaths(), List.of(), List.of()))
                .toList();
    }

    /** A class use by host {@code src}: its name and its switch's. */
    static QosLint.Use use(Topology t, String key, int priority, int dscp, int src) {
        int node = t.hostNode(src);
        return new QosLint.Use(key, priority, dscp, t.node(node).name(), t.node(t.peer(node, 0)).name());
    }

    private static boolean switchToSwitch(Topology t) {
        for (Node n : t.nodes()) {
            if (n.isHost()) {
                continue;
            }
            for (Port p : t.ports(n.id())) {
                if (!t.node(p.peer()).isHost()) {
                    return true;
                }
            }
        }
        return false;
    }
}
