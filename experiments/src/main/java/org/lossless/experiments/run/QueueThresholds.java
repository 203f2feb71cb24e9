package org.lossless.experiments.run;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.net.WireFormat;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.switchmodel.ecn.EcnConfig;
import org.lossless.switchmodel.ecn.RedParams;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.PortSpec;
import org.lossless.switchmodel.settings.SwitchMmus;
import org.lossless.switchmodel.settings.SwitchPorts;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * The reference levels of one switch egress queue, for charts: ECN K_min and K_max at the port's speed and
 * the queue length at which a PFC XOFF is first asked for when the queue is fed by one ingress port. The
 * XOFF level is found as the PFC-before-ECN lint finds it: by probing the switch's own MMU, built exactly as a run
 * builds it, with data frames entering on another port of the switch until the MMU asks for XOFF (with
 * dynamic thresholds the level depends on how many ingress ports share the buffer: this is the one-ingress
 * level, the lowest at which a pause can start). Computed from the scenario alone, never from a run.
 *
 * @param kminBytes ECN K_min, bytes; -1 when ECN is off
 * @param kmaxBytes ECN K_max, bytes; -1 when ECN is off
 * @param xoffBytes the one-ingress XOFF queue level, bytes; -1 when PFC is off for the priority or the MMU
 *                  drops before asking for XOFF
 */
public record QueueThresholds(long kminBytes, long kmaxBytes, long xoffBytes) {
    /** Probing stops after this many frames (a buffer of some GB). */
    private static final int MAX_FRAMES = 1_000_000;

    /**
     * The levels of egress {@code port} of switch {@code switchName} for {@code priority}; null if there is
     * no such switch port or the switch has a single port.
     */
    public static QueueThresholds of(Scenario s, Topology t, String switchName, int port, int priority) {
        return new Calculator(s, t).of(switchName, port, priority);
    }

    /**
     * The levels of many queues of one scenario: switches built alike (the same port specs: a fat-tree's tier) give
     * the same levels for the same port and priority, so each distinct (port specs, port, priority) is probed once
     * (thresholds.csv of a k=16 fat-tree: some 10,000 queues, a few dozen probes).
     */
    public static final class Calculator {
        private final Scenario s;
        private final Topology t;
        private final Map<List<Object>, QueueThresholds> probed = new HashMap<>();
        /** Each distinct list of port specs, numbered (a switch's list is looked up once, not hashed per queue). */
        private final Map<List<PortSpec>, Integer> kinds = new HashMap<>();
        private final Map<Integer, Object[]> byNode = new HashMap<>(); // node id -> {specs, kind, nic rate}

        /** The switches' MMU numbers: the scenario's assembly when {@code t} is its fabric's graph. */
        private final SwitchMmus mmus;

        public Calculator(Scenario s, Topology t) {
            this.s = s;
            this.t = t;
            this.mmus = s.fabric().topologyOrNull() == t ? s.mmus()
                    : new SwitchMmus(t, s.switchSettings(), s.nic().pfcResponsePs(),
                            s.nic().wire().largestFrame(s.nic().mtu()));
        }

        /** As {@link QueueThresholds#of}. */
        public QueueThresholds of(String switchName, int port, int priority) {
            Node node;
            try {
                node = t.node(t.nodeId(switchName));
            } catch (RuntimeException e) {
                return null;
            }
            if (node.isHost() || port < 0 || port >= t.ports(node.id()).size() || t.ports(node.id()).size() < 2) {
                return null;
            }
            Object[] n = byNode.computeIfAbsent(node.id(), id -> {
                List<PortSpec> specs = SwitchPorts.of(t, id, s.switchSettings(), s.nic().pfcResponsePs());
                return new Object[] {specs, kinds.computeIfAbsent(specs, k -> kinds.size()),
                        SwitchPorts.nicRate(t, id)};
            });
            @SuppressWarnings("unchecked")
            List<PortSpec> specs = (List<PortSpec>) n[0];
            long nicRate = (Long) n[2];
            return probed.computeIfAbsent(List.of(n[1], port, priority, nicRate),
                    k -> compute(s, mmus, node.id(), specs, port, priority));
        }
    }

    /** The levels of one queue of switch {@code node} (whose ports are {@code specs}), from its MMU numbers. */
    private static QueueThresholds compute(Scenario s, SwitchMmus mmus, int node, List<PortSpec> specs, int port,
                                           int priority) {
        SwitchSettings settings = s.switchSettings();
        long kmin = -1;
        long kmax = -1;
        if (settings.ecn() == null || !Boolean.FALSE.equals(settings.ecn().enabled())) {
            EcnConfig ecn = mmus.of(node).ecn();
            RedParams red = ecn.paramsFor(specs.get(port).rateBps());
            kmin = red.kminBytes();
            kmax = red.kmaxBytes();
        }
        return new QueueThresholds(kmin, kmax,
                xoff(mmus, node, port, priority, s.nic().mtu(), s.nic().wire()));
    }

    private static long xoff(SwitchMmus mmus, int node, int egress, int priority, int mtu, WireFormat wire) {
        SwitchSettings s = mmus.settings();
        PfcSettings pfc = s.pfc() == null ? PfcSettings.UNSET : s.pfc();
        if (Boolean.FALSE.equals(pfc.enabled()) || !pfc.resolved(s.hpcc2019(), null).priorities().contains(priority)) {
            return -1;
        }
        int ingress = egress == 0 ? 1 : 0;
        int frame = wire.dataFrame(mtu, false);
        Mmu mmu = mmus.of(node).newMmu();
        // the class's priority group and queue (switch.qos_map; the identity by default)
        org.lossless.switchmodel.qos.QosMap qos = mmus.qos();
        int pg = qos.pgOfTc(priority);
        int queue = qos.queueOfTc(priority);
        for (int i = 0; i < MAX_FRAMES; i++) {
            if (mmu.admit(ingress, pg, egress, queue, frame) != Mmu.ADMIT) {
                return -1;
            }
            if (mmu.shouldXoff(ingress, pg)) {
                return mmu.egressQueueBytes(egress, queue);
            }
        }
        return -1;
    }
}
