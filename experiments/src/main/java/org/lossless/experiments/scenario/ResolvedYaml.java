package org.lossless.experiments.scenario;

import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.core.units.Units;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

import org.lossless.core.settings.Values;

import org.lossless.nic.NicConfig;
import org.lossless.nic.cc.CcKey;
import org.lossless.nic.RxBufferConfig;
import org.lossless.nic.dcqcn.DcqcnKeys;
import org.lossless.nic.dcqcn.DcqcnParams;

/**
 * Writes a {@link Scenario} as YAML with every default filled in ({@code scenario.resolved.yaml}):
 * loading the text again gives an equal scenario (same folder), so it reproduces the run. Keys come in a
 * fixed order and quantities in canonical units ({@link Units#formatSize} etc.), so the bytes depend only
 * on the scenario. DCQCN is written as its profile name plus every key at its resolved value; the switch
 * section as {@link org.lossless.switchmodel.settings.SwitchSettings#resolved()} gives it.
 */
public final class ResolvedYaml {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private ResolvedYaml() {
    }

    public static String write(Scenario s) {
        ObjectNode root = F.objectNode();
        // the top-level keys in RunSchema.RUN's order, each section by its writer; metrics and failures follow
        // (the file has always had metrics before failures, the schema lists them the other way round)
        Map<String, Runnable> sections = new HashMap<>();
        sections.put("name", () -> root.put("name", s.name()));
        sections.put("seed", () -> root.put("seed", s.seed()));
        sections.put("topology", () -> root.set("topology", FabricYaml.topology(s.topology())));
        sections.put("switch", () -> root.set("switch", SwitchYaml.write(s.switchSettings())));
        sections.put("nic", () -> root.set("nic", nic(s.nic(), s.nic().uetTransport() || s.usesUet())));
        sections.put("workloads", () -> workloads(root, s));
        sections.put("telemetry", () -> root.set("telemetry", FabricYaml.telemetry(s.telemetry())));
        sections.put("routing", () -> root.set("routing", SectionYaml.write(RoutingSchema.values(s.routing()))));
        SectionYaml.write(new Values(RunSchema.RUN, Map.of("stop_time", s.stopTimePs())), root, sections);
        root.set("metrics", SectionYaml.write(MetricsSchema.values(s.metrics())));
        root.set("failures", FabricYaml.failures(s.failures()));
        try {
            return Yaml.MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void workloads(ObjectNode root, Scenario s) {
        ArrayNode workloads = root.putArray("workloads");
        for (WorkloadConfig w : s.workloads()) {
            ObjectNode wn = workload(w, s.hostCount());
            if (s.workloadCc().containsKey(w.name())) {
                wn.put("cc", s.workloadCc().get(w.name()));
            }
            if (s.workloadTransport().containsKey(w.name())) {
                wn.put("transport", s.workloadTransport().get(w.name()));
            }
            workloads.add(wn);
        }
    }

    private static ObjectNode nic(NicConfig nic, boolean uetQps) {
        ObjectNode n = F.objectNode();
        n.put("mtu", nic.mtu());
        if (!nic.wire().equals(org.lossless.core.net.WireFormat.ROCEV2)) {
            // written only when not the default, so that results of scenarios from before the key stay byte-identical
            n.put("wire", nic.wire().name());
        }
        n.put("cc", nic.cc());
        n.put("ack_interval", nic.ackEvery());
        if (nic.ackPriority() == NicConfig.SAME_AS_DATA) {
            n.put("ack_priority", "data");
        } else {
            n.put("ack_priority", nic.ackPriority());
        }
        if (nic.ackDscp() == NicConfig.SAME_AS_DATA) {
            n.put("ack_dscp", "data");
        } else {
            n.put("ack_dscp", nic.ackDscp());
        }
        n.put("cnp_priority", nic.cnpPriority());
        n.put("cnp_dscp", nic.cnpDscp());
        quantity(n, "rto", Units.formatTime(nic.rtoPs()));
        quantity(n, "ack_delay", Units.formatTime(nic.ackDelayPs()));
        quantity(n, "nack_interval", Units.formatTime(nic.nackIntervalPs()));
        if (nic.window() == NicConfig.NO_WINDOW) {
            n.put("window", "none");
        } else if (nic.window() == NicConfig.BDP_WINDOW) {
            n.put("window", "bdp");
        } else {
            quantity(n, "window", Units.formatSize(nic.window()));
        }
        if (nic.pfcResponsePs() == NicConfig.AUTO_PFC_RESPONSE) {
            n.put("pfc_response_time", "auto");
        } else {
            quantity(n, "pfc_response_time", Units.formatTime(nic.pfcResponsePs()));
        }
        n.put("transport", nic.uet().transport());
        if (uetQps) { // nic.transport uet, or a workload's transport: uet
            ObjectNode u = n.putObject("uet");
            org.lossless.nic.UetConfig uet = nic.uet();
            u.setAll(SectionYaml.write(org.lossless.nic.UetSchema.values(uet)));
            u.set("nscc", ccSection(uet.nscc().toSettings(), org.lossless.nic.nscc.NsccParams.KEYS));
            ObjectNode r = u.putObject("rccc");
            r.put("speculative", uet.speculativeBdp());
            r.put("grant", uet.grantPackets());
        }
        n.put("loss_recovery", nic.lossRecovery().mode());
        if (nic.lossRecovery().irn()) {
            ObjectNode irn = n.putObject("irn");
            irn.setAll(SectionYaml.write(org.lossless.nic.IrnSchema.values(nic.lossRecovery())));
            if (nic.lossRecovery().bdpCapPackets() == org.lossless.nic.LossRecoveryConfig.PATH_BDP_CAP) {
                irn.put("bdp_cap", "path");
            } else {
                irn.put("bdp_cap", nic.lossRecovery().bdpCapPackets());
            }
        }
        if (nic.rxBuffer() == null) {
            n.put("rx_buffer", "none");
        } else {
            n.set("rx_buffer", rxBuffer(nic.rxBuffer()));
        }
        if (nic.dcqcn() != null) {
            n.set("dcqcn", dcqcn(nic.dcqcn()));
        }
        for (org.lossless.nic.cc.CcSpec<?> spec : org.lossless.nic.cc.CcSpecs.ALL) {
            n.set(spec.name(), ccSection(nic.ccSettings().format(spec.name()), spec.keys()));
        }
        return n;
    }

    /** An algorithm's section: every key at its value (numbers as numbers, quantities as text). */
    private static ObjectNode ccSection(Map<String, String> values, java.util.List<CcKey> keys) {
        ObjectNode n = F.objectNode();
        for (CcKey k : keys) {
            String v = values.get(k.name());
            switch (k.kind()) {
                case TIME, RATE -> quantity(n, k.name(), v);
                case TIME_OR_AUTO -> {
                    if (v.equals("auto")) {
                        n.put(k.name(), v);
                    } else {
                        quantity(n, k.name(), v);
                    }
                }
                case INT -> n.put(k.name(), Long.parseLong(v));
                case BOOL -> n.put(k.name(), Boolean.parseBoolean(v));
                case NUMBER -> n.put(k.name(), new java.math.BigDecimal(v));
            }
        }
        return n;
    }

    private static ObjectNode rxBuffer(RxBufferConfig rx) {
        ObjectNode n = F.objectNode();
        quantity(n, "size", Units.formatSize(rx.sizeBytes()));
        quantity(n, "drain_rate", Units.formatRate(rx.drainRateBps()));
        threshold(n, "xoff", rx.xoffBytes());
        threshold(n, "xon", rx.xonBytes());
        ArrayNode prios = n.putArray("priorities");
        for (int p = 0; p < 8; p++) {
            if (rx.buffers(p)) {
                prios.add(p);
            }
        }
        if (rx.hosts().isEmpty()) {
            n.put("hosts", "all");
        } else {
            ArrayNode hosts = n.putArray("hosts");
            rx.hosts().forEach(hosts::add);
        }
        quantity(n, "storm_timeout", Units.formatTime(rx.stormTimeoutPs()));
        return n;
    }

    private static void threshold(ObjectNode n, String key, long bytes) {
        if (bytes == RxBufferConfig.AUTO) {
            n.put(key, "auto");
        } else {
            quantity(n, key, Units.formatSize(bytes));
        }
    }

    /** The profile and every key at its resolved value, so that reloading gives equal parameters. */
    private static ObjectNode dcqcn(DcqcnParams p) {
        ObjectNode n = F.objectNode();
        for (Map.Entry<String, String> e : p.toSettings().entrySet()) {
            DcqcnKeys.Key key = DcqcnKeys.all().get(e.getKey());
            String v = e.getValue();
            switch (key == null ? DcqcnKeys.Kind.ENUM : key.kind()) {
                case TIME, RATE, SIZE -> quantity(n, e.getKey(), v);
                case INT -> n.put(e.getKey(), Integer.parseInt(v));
                case BOOL -> n.put(e.getKey(), Boolean.parseBoolean(v));
                case FRACTION -> fraction(n, e.getKey(), v);
                default -> n.put(e.getKey(), v);
            }
        }
        return n;
    }

    /** A ratio ({@code 1/256}) when it is shorter than the decimal, else the number ({@code 0.3}, not 30/100). */
    private static void fraction(ObjectNode n, String key, String text) {
        double v = org.lossless.core.units.Units.parseFraction(text);
        if (text.contains("/") && text.length() < Units.formatFraction(v).length()) {
            n.put(key, text);
        } else {
            n.put(key, v);
        }
    }

    private static ObjectNode workload(WorkloadConfig w, int hostCount) {
        ObjectNode n = F.objectNode();
        n.put("type", w.type());
        n.put("name", w.name());
        if (TrafficWorkloadYaml.write(w, n)) {
            return n;
        } else if (w instanceof WorkloadConfig.Collective c) {
            CollectiveYaml.write(n, c, hostCount / c.job().servers().nicsPerServer() * c.job().servers().gpusPerServer());
        } else if (w instanceof org.lossless.workloads.spec.TrainingWorkload t) {
            TrainingYaml.write(n, t);
        } else if (w instanceof org.lossless.workloads.spec.TraceWorkload t) {
            n.put(t.type().equals("chakra") ? "traces" : "path", t.path().toString());
            TrainingYaml.hosts(n, t.hosts());
            if (!t.groups().isEmpty()) {
                ObjectNode g = n.putObject("comm_groups");
                t.groups().forEach((k, v) -> v.forEach(g.putArray(k)::add));
            }
            n.put("iterations", t.iterations());
            quantity(n, "start", Units.formatTime(t.startPs()));
            TrainingYaml.comm(n, t.comm());
        }
        return n;
    }

    /** A formatted quantity; plain {@code 0} is written as the number 0 rather than the string "0". */
    static void quantity(ObjectNode n, String key, String text) {
        if (text.equals("0")) {
            n.put(key, 0);
        } else {
            n.put(key, text);
        }
    }
}
