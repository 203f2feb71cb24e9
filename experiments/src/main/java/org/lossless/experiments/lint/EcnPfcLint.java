package org.lossless.experiments.lint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.net.WireFormat;
import org.lossless.core.units.Units;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.switchmodel.ecn.EcnConfig;
import org.lossless.switchmodel.mmu.Mmu;
import org.lossless.experiments.lint.Finding.Place;
import org.lossless.experiments.lint.Finding.Unit;
import org.lossless.experiments.lint.Finding.Value;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.PortSpec;
import org.lossless.switchmodel.settings.SwitchMmus;
import org.lossless.switchmodel.settings.SwitchPorts;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * Reference check A-3, "ECN before PFC": warns when a switch pauses a sender before its egress queue reaches
 * {@code switch.ecn.kmin}. Then PFC, not DCQCN, controls congestion: pauses spread (victim flows, head-of-line
 * blocking) while ECN never marks. Only with a congestion control that reacts to ECN ({@code nic.cc} not
 * {@code none}), ECN and PFC on.
 *
 * <p>How the XOFF level is found: not by formula but by probing the switch's own MMU, built exactly as a run
 * builds it. Frames of the largest data frame size enter on one ingress port for one egress port until the
 * MMU asks for XOFF; the egress queue then holds the XOFF level of a queue fed by one ingress port. That is
 * the smallest queue at which any pause can start (with N busy ingress ports a dynamic threshold lets the
 * queue reach N times the per-PG level before every PG pauses), so if even N = 1 reaches kmin first, ECN
 * always acts before PFC. Switches are probed once per distinct port layout (rates and cables).
 */
public final class EcnPfcLint {
    /** The finding's code in warnings.json. */
    public static final String CODE = "pfc-before-ecn";

    private EcnPfcLint() {
    }

    /** The warning for a loaded scenario, or none (also none when its topology cannot be built). */
    public static List<Finding> of(Scenario s) {
        if (s.nic().cc().equals(org.lossless.nic.cc.NoCongestionControl.NAME)) {
            return List.of();
        }
        SwitchMmus mmus = s.mmusOrNull();
        return mmus == null ? List.of() : warnings(mmus, s.nic().mtu(), s.nic().wire());
    }

    /**
     * As {@link #warnings(Topology, SwitchSettings, int, WireFormat, long)} in the RoCEv2 wire format with the NICs'
     * default PFC response time.
     */
    public static List<Finding> warnings(Topology t, SwitchSettings s, int mtu) {
        return warnings(t, s, mtu, WireFormat.ROCEV2, org.lossless.nic.NicConfig.AUTO_PFC_RESPONSE);
    }

    /**
     * @param mtu           RDMA payload bytes per packet
     * @param wire          {@code nic.wire}: the data frames' sizes
     * @param nicResponsePs {@code nic.pfc_response_time}, ps or auto (sizes headroom: auto as in a run)
     * @return at most one finding, listing the switches (first six in its message, all in its places) whose pause
     *         comes first, each with the {@code priority}, the one-ingress {@code xoff} queue (B), {@code kmin} (B)
     *         and the egress {@code rate} (bps) of its probe
     */
    public static List<Finding> warnings(Topology t, SwitchSettings s, int mtu, WireFormat wire,
                                        long nicResponsePs) {
        return warnings(new SwitchMmus(t, s, nicResponsePs, wire.largestFrame(mtu)), mtu, wire);
    }

    /** As {@link #warnings(Topology, SwitchSettings, int, WireFormat, long)}, from the fabric's MMU numbers. */
    static List<Finding> warnings(SwitchMmus mmus, int mtu, WireFormat wire) {
        Topology t = mmus.topology();
        SwitchSettings s = mmus.settings();
        PfcSettings pfc = s.pfc() == null ? PfcSettings.UNSET : s.pfc();
        if (Boolean.FALSE.equals(pfc.enabled()) || (s.ecn() != null && Boolean.FALSE.equals(s.ecn().enabled()))) {
            return List.of();
        }
        List<Integer> priorities = pfc.resolved(s.hpcc2019(), null).priorities();
        int frame = wire.dataFrame(mtu, false);
        Map<List<PortSpec>, Probe> probed = new LinkedHashMap<>();
        Map<String, List<String>> bySwitch = new LinkedHashMap<>();
        List<Place> places = new ArrayList<>();
        for (Node node : t.nodes()) {
            if (node.isHost() || t.ports(node.id()).size() < 2) {
                continue;
            }
            List<PortSpec> specs = SwitchPorts.of(t, node.id(), s, mmus.nicResponsePs());
            int id = node.id();
            Probe finding = probed.computeIfAbsent(specs, k -> probeOrSkip(mmus, id, priorities, frame));
            if (finding != null) {
                bySwitch.computeIfAbsent(finding.text(), k -> new ArrayList<>()).add(node.name());
                places.add(new Place(node.name(), List.of(), finding.values()));
            }
        }
        if (bySwitch.isEmpty()) {
            return List.of();
        }
        StringBuilder b = new StringBuilder("PFC pauses before ECN marks (see docs/switch.md, \"PFC before ECN\"): ");
        boolean first = true;
        for (Map.Entry<String, List<String>> e : bySwitch.entrySet()) {
            List<String> names = e.getValue();
            b.append(first ? "" : "; ").append(e.getKey()).append(" on ")
                    .append(String.join(", ", names.subList(0, Math.min(6, names.size()))))
                    .append(names.size() > 6 ? " and " + (names.size() - 6) + " more switches" : "");
            first = false;
        }
        b.append("; DCQCN cannot act before PFC: lower switch.ecn.kmin or raise the PFC threshold");
        return List.of(Finding.warning(CODE, b.toString(), "switch.ecn.kmin", "switch.pfc").with(places, List.of()));
    }

    /**
     * {@link #probe}, or null when this switch cannot be built with these settings: then the scenario check
     * (or the engine) reports that as bad input; a lint never turns it into an internal error.
     */
    private static Probe probeOrSkip(SwitchMmus mmus, int node, List<Integer> priorities, int frame) {
        try {
            return probe(mmus.of(node), mmus, priorities, frame);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The finding for one port layout (egress port 1 fed from port 0), or null when ECN comes first. */
    private static Probe probe(SwitchMmus.Switch sw, SwitchMmus mmus, List<Integer> priorities, int frame) {
        EcnConfig ecn = sw.ecn();
        long egressRate = sw.ports().get(1).rateBps();
        long kmin = ecn.paramsFor(egressRate).kminBytes();
        org.lossless.switchmodel.qos.QosMap qos = mmus.qos();
        for (int prio : priorities) {
            Mmu mmu = sw.newMmu();
            // the lossless class prio's priority group and queue (the identity with the default maps)
            int pg = qos.pgOfTc(prio);
            int queue = qos.queueOfTc(prio);
            long xoffQueue = -1;
            for (int i = 0; i < 1_000_000 && xoffQueue < 0; i++) {
                if (mmu.admit(0, pg, 1, queue, frame) != Mmu.ADMIT) {
                    break; // dropped before any XOFF: not this lint's business
                }
                if (mmu.shouldXoff(0, pg)) {
                    xoffQueue = mmu.egressQueueBytes(1, queue);
                }
                if (mmu.egressQueueBytes(1, queue) >= kmin) {
                    break; // kmin reached first
                }
            }
            if (xoffQueue >= 0 && xoffQueue < kmin) {
                return new Probe("priority " + prio + ": a queue fed by one ingress port reaches XOFF at " + xoffQueue
                        + " B, below kmin " + Units.formatSize(kmin) + " (" + Units.formatRate(egressRate) + ")",
                        List.of(new Value("priority", prio, Unit.COUNT), Value.bytes("xoff", xoffQueue),
                                Value.bytes("kmin", kmin), new Value("rate", egressRate, Unit.BITS_PER_SECOND)));
            }
        }
        return null;
    }

    /** One port layout's finding: its text in the message and its numbers. */
    private record Probe(String text, List<Value> values) {
    }
}
