package org.lossless.experiments.scenario;

import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.core.units.Units;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.lossless.topology.servers.LocalLink;
import org.lossless.topology.servers.ServerShape;

import java.io.UncheckedIOException;


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
        root.put("name", s.name());
        root.put("seed", s.seed());
        quantity(root, "stop_time", Units.formatTime(s.stopTimePs()));
        root.set("topology", topology(s.topology()));
        root.set("switch", SwitchYaml.write(s.switchSettings()));
        root.set("nic", NicYaml.write(s.nic(), s.nic().uetTransport() || s.usesUet()));
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
        root.set("telemetry", telemetry(s.telemetry()));
        root.set("routing", SectionYaml.write(RoutingSchema.values(s.routing())));
        ObjectNode metrics = root.putObject("metrics");
        metrics.put("completion", s.metrics().completion().key());
        metrics.put("flows", s.metrics().flows().key());
        ArrayNode failures = root.putArray("failures");
        for (RoutingConfig.Failure f : s.failures()) {
            ObjectNode o = failures.addObject();
            if (f.node() != null) {
                o.put("switch", f.node());
            } else {
                ArrayNode link = o.putArray("link");
                f.link().forEach(link::add);
            }
            quantity(o, "at", Units.formatTime(f.atPs()));
            if (f.upPs() >= 0) {
                quantity(o, "up", Units.formatTime(f.upPs()));
            }
        }
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
        } else if (t instanceof TopologyConfig.Dumbbell d) {
            n.put("left_hosts", d.leftHosts());
            n.put("right_hosts", d.rightHosts());
        } else if (t instanceof TopologyConfig.ParkingLot p) {
            ArrayNode senders = n.putArray("senders");
            p.senders().forEach(senders::add);
        } else if (t instanceof TopologyConfig.Ring r) {
            n.put("switches", r.switches());
            n.put("hosts_per_switch", r.hostsPerSwitch());
        } else if (t instanceof TopologyConfig.LeafSpine l) {
            n.put("leaves", l.leaves());
            n.put("spines", l.spines());
            n.put("hosts_per_leaf", l.hostsPerLeaf());
            n.put("parallel_links", l.parallelLinks());
        } else if (t instanceof TopologyConfig.FatTree f) {
            n.put("k", f.k());
            ratio(n, "tor_oversubscription", f.torOversubscription());
            ratio(n, "agg_oversubscription", f.aggOversubscription());
        } else if (t instanceof TopologyConfig.RailOptimized r) {
            n.put("servers", r.servers());
            n.put("nics_per_server", r.nicsPerServer());
            n.put("servers_per_unit", r.serversPerUnit());
            n.put("spines", r.spines());
            n.put("uplinks_per_spine", r.uplinksPerSpine());
        }
        if (t.server() != null) {
            servers(n, t.server(), !(t instanceof TopologyConfig.RailOptimized));
        }
        if (t instanceof TopologyConfig.HpccFile h) {
            // absolute, so that the resolved file in a result directory still finds it; links come from the file
            n.put("path", h.path().toString());
            return n;
        }
        n.set("host_link", link(t.hostLink()));
        n.set("fabric_link", link(t.fabricLink()));
        return n;
    }

    /** The GPU-server keys ({@code nics_per_server} only where it is not the type's own key). */
    private static void servers(ObjectNode n, ServerShape s, boolean nics) {
        n.put("gpus_per_server", s.gpus());
        if (nics) {
            n.put("nics_per_server", s.nics());
        }
        localLink(n, "nvlink", s.nvlink());
        localLink(n, "pcie", s.pcie());
    }

    private static void localLink(ObjectNode n, String key, LocalLink l) {
        if (l == null) {
            n.put(key, "none");
        } else {
            ObjectNode o = n.putObject(key);
            quantity(o, "rate", Units.formatRate(l.rateBps()));
            quantity(o, "latency", Units.formatTime(l.latencyPs()));
        }
    }

    /** A whole ratio as an integer ({@code 3}), otherwise as a decimal ({@code 1.5}). */
    private static void ratio(ObjectNode n, String key, double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            n.put(key, (long) v);
        } else {
            n.put(key, v);
        }
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
        if (t.links().all() || t.links().none()) {
            n.put("links", t.links().all() ? "all" : "none");
        } else {
            ArrayNode a = n.putArray("links");
            t.links().items().forEach(q -> a.add(q.toString()));
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
