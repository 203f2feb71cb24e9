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

/**
 * Writes a {@link Scenario} as YAML with every default filled in ({@code scenario.resolved.yaml}):
 * loading the text again gives an equal scenario (same folder), so it reproduces the run. Keys come in a
 * fixed order and quantities in canonical units ({@link Units#formatSize} etc.), so the bytes depend only
 * on the scenario. The {@code nic} section is {@link NicYaml}'s; the switch
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
        sections.put("nic", () -> root.set("nic", NicYaml.write(s.nic(), s.nic().uetTransport() || s.usesUet())));
        sections.put("workloads", () -> workloads(root, s));
        sections.put("telemetry", () -> root.set("telemetry", FabricYaml.telemetry(s.telemetry())));
        sections.put("routing", () -> root.set("routing", SectionYaml.write(RoutingSchema.values(s.routing()))));
        SectionYaml.write(new Values(RunSchema.RUN, Map.of("stop_time", s.stopTimePs())), root, sections);
        root.set("metrics", SectionYaml.write(MetricsSchema.values(s.metrics())));
        root.set("failures", FabricYaml.failures(s.failures()));
        if (!s.engine().auto()) { // written only when given: the results do not depend on it
            root.set("engine", engine(s.engine()));
        }
        try {
            return Yaml.MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode engine(EngineConfig e) {
        ObjectNode n = F.objectNode();
        if (e.count() > 0) {
            n.put("partitions", e.count());
        } else {
            ArrayNode groups = n.putArray("partitions");
            for (java.util.List<String> g : e.groups()) {
                ArrayNode names = groups.addArray();
                g.forEach(names::add);
            }
        }
        return n;
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
            TrainingYaml.trace(n, t);
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
