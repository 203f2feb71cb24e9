package org.lossless.experiments.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Writes a {@link Scenario} as YAML with every default filled in ({@code scenario.resolved.yaml}):
 * loading the text again gives an equal scenario (same folder), so it reproduces the run. Keys come in a
 * fixed order and quantities in canonical units ({@link Units#formatSize} etc.), so the bytes depend only
 * on the scenario. DCQCN is written as its profile name plus the keys that override it.
 */
public final class ResolvedYaml {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private ResolvedYaml() {
    }

    public static String write(Scenario s) {
        ObjectNode root = F.objectNode();
        root.put("name", s.name());
        root.put("seed", s.seed());
        quantity(root, "stop_time", Units.formatTime(s.stopTimePs()));
        root.set("topology", topology(s.topology()));
        root.set("switch", switchConfig(s.switchConfig()));
        root.set("nic", nic(s.nic()));
        ArrayNode workloads = root.putArray("workloads");
        for (WorkloadConfig w : s.workloads()) {
            workloads.add(workload(w));
        }
        root.set("telemetry", telemetry(s.telemetry()));
        try {
            return Yaml.MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode topology(TopologyConfig t) {
        ObjectNode n = F.objectNode();
        n.put("type", t.type());
        if (t instanceof TopologyConfig.Star star) {
            n.put("hosts", star.hosts());
        }
        n.set("host_link", link(t.hostLink()));
        n.set("fabric_link", link(t.fabricLink()));
        return n;
    }

    private static ObjectNode link(LinkConfig l) {
        ObjectNode n = F.objectNode();
        quantity(n, "rate", Units.formatRate(l.rateBps()));
        if (!l.delayFromLength()) {
            quantity(n, "delay", Units.formatTime(l.delayPs()));
        }
        if (l.hasLength()) {
            quantity(n, "length", Units.formatLength(l.lengthMm()));
        }
        return n;
    }

    private static ObjectNode switchConfig(SwitchConfig s) {
        ObjectNode n = F.objectNode();
        quantity(n, "buffer_size", Units.formatSize(s.bufferBytes()));
        PfcConfig p = s.pfc();
        ObjectNode pfc = n.putObject("pfc");
        pfc.put("enabled", p.enabled());
        ArrayNode prios = pfc.putArray("priorities");
        p.priorities().forEach(prios::add);
        if (p.threshold() instanceof PfcThreshold.Dynamic d) {
            pfc.put("dynamic_th", d.exponent());
        } else if (p.threshold() instanceof PfcThreshold.Static st) {
            quantity(pfc, "static_th", Units.formatSize(st.bytes()));
        }
        if (p.headroomAuto()) {
            pfc.put("headroom", "auto");
        } else {
            quantity(pfc, "headroom", Units.formatSize(p.headroomBytes()));
        }
        quantity(pfc, "xon_offset", Units.formatSize(p.xonOffsetBytes()));
        EcnConfig e = s.ecn();
        ObjectNode ecn = n.putObject("ecn");
        ecn.put("enabled", e.enabled());
        quantity(ecn, "kmin", Units.formatSize(e.kminBytes()));
        quantity(ecn, "kmax", Units.formatSize(e.kmaxBytes()));
        ecn.put("pmax", e.pmax());
        ecn.put("mark_on", Cursor.yamlName(e.markOn()));
        return n;
    }

    private static ObjectNode nic(NicConfig nic) {
        ObjectNode n = F.objectNode();
        n.put("mtu", nic.mtuBytes());
        n.put("cc", Cursor.yamlName(nic.cc()));
        DcqcnConfig d = nic.dcqcn();
        ObjectNode q = n.putObject("dcqcn");
        q.put("profile", Cursor.yamlName(d.profile()));
        fraction(q, "alpha_gain", d.alphaGain());
        time(q, "alpha_update_period", d.alphaUpdatePeriodPs());
        time(q, "rate_decrease_period", d.rateDecreasePeriodPs());
        time(q, "rate_increase_timer", d.rateIncreaseTimerPs());
        d.byteCounterBytes().ifPresent(v -> quantity(q, "byte_counter", Units.formatSize(v)));
        integer(q, "fast_recovery_steps", d.fastRecoverySteps());
        rate(q, "additive_increase", d.additiveIncreaseBps());
        rate(q, "hyper_increase", d.hyperIncreaseBps());
        rate(q, "min_rate", d.minRateBps());
        time(q, "cnp_interval", d.cnpIntervalPs());
        d.cnpMode().ifPresent(v -> q.put("cnp_mode", Cursor.yamlName(v)));
        fraction(q, "initial_alpha", d.initialAlpha());
        rate(q, "rate_on_first_cnp", d.rateOnFirstCnpBps());
        fraction(q, "min_decrease_factor", d.minDecreaseFactor());
        bool(q, "clamp_target_rate", d.clampTargetRate());
        return n;
    }

    private static ObjectNode workload(WorkloadConfig w) {
        ObjectNode n = F.objectNode();
        n.put("type", w.type());
        n.put("name", w.name());
        if (w instanceof WorkloadConfig.Flows flows) {
            ArrayNode list = n.putArray("flows");
            for (WorkloadConfig.FlowSpec f : flows.flows()) {
                ObjectNode o = list.addObject();
                o.put("src", f.src());
                o.put("dst", f.dst());
                quantity(o, "size", Units.formatSize(f.sizeBytes()));
                quantity(o, "start", Units.formatTime(f.startPs()));
                o.put("priority", f.priority());
            }
        }
        return n;
    }

    private static ObjectNode telemetry(TelemetryConfig t) {
        ObjectNode n = F.objectNode();
        quantity(n, "sample_interval", Units.formatTime(t.sampleIntervalPs()));
        if (t.queues().all() || t.queues().none()) {
            n.put("queues", t.queues().all() ? "all" : "none");
        } else {
            ArrayNode a = n.putArray("queues");
            t.queues().items().forEach(q -> a.add(q.toString()));
        }
        if (t.flowRates().all() || t.flowRates().none()) {
            n.put("flow_rates", t.flowRates().all() ? "all" : "none");
        } else {
            ArrayNode a = n.putArray("flow_rates");
            t.flowRates().items().forEach(a::add);
        }
        n.put("pfc", t.pfc());
        return n;
    }

    /** A formatted quantity; plain {@code 0} is written as the number 0 rather than the string "0". */
    private static void quantity(ObjectNode n, String key, String text) {
        if (text.equals("0")) {
            n.put(key, 0);
        } else {
            n.put(key, text);
        }
    }

    private static void fraction(ObjectNode n, String key, OptionalDouble v) {
        v.ifPresent(x -> n.put(key, x));
    }

    private static void time(ObjectNode n, String key, OptionalLong v) {
        v.ifPresent(x -> quantity(n, key, Units.formatTime(x)));
    }

    private static void rate(ObjectNode n, String key, OptionalLong v) {
        v.ifPresent(x -> quantity(n, key, Units.formatRate(x)));
    }

    private static void integer(ObjectNode n, String key, OptionalInt v) {
        v.ifPresent(x -> n.put(key, x));
    }

    private static void bool(ObjectNode n, String key, Optional<Boolean> v) {
        v.ifPresent(x -> n.put(key, x));
    }
}
