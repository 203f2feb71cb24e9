package org.lossless.experiments.scenario;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.core.units.Units;
import org.lossless.topology.servers.LocalLink;
import org.lossless.topology.servers.ServerShape;

/**
 * The {@code topology}, {@code telemetry} and {@code failures} sections of {@code scenario.resolved.yaml}, written
 * from their schemas ({@link TopologySchema}, {@link TelemetrySchema}, {@link RoutingSchema#FAILURE}) with
 * {@link SectionYaml}: plain keys from the resolved values, custom rows (a fat-tree's ratios, {@code senders}, the
 * servers, the selections, a failure's entries) by the writers here. One exception to the schema's order, kept so the
 * file stays byte-identical to what earlier versions wrote: a topology's {@code host_link} and {@code fabric_link}
 * come last (after the GPU-server keys), where the schema lists them before.
 */
final class FabricYaml {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private FabricYaml() {
    }

    static ObjectNode topology(TopologyConfig t) {
        ObjectNode n = F.objectNode();
        Section s = TopologySchema.of(t.type());
        Map<String, Runnable> custom = new HashMap<>();
        custom.put("type", () -> n.put("type", t.type()));
        if (t instanceof TopologyConfig.ParkingLot p) {
            custom.put("senders", () -> p.senders().forEach(n.putArray("senders")::add));
        } else if (t instanceof TopologyConfig.FatTree f) {
            custom.put("k", () -> n.put("k", f.k()));
            custom.put("tor_oversubscription", () -> ratio(n, "tor_oversubscription", f.torOversubscription()));
            custom.put("agg_oversubscription", () -> ratio(n, "agg_oversubscription", f.aggOversubscription()));
        } else if (t instanceof TopologyConfig.HpccFile h) {
            // absolute, so that the resolved file in a result directory still finds it; links come from the file
            custom.put("path", () -> n.put("path", h.path().toString()));
        }
        if (t.server() != null) { // the four server keys at the first one's place
            custom.put("gpus_per_server", () -> servers(n, t.server(), !(t instanceof TopologyConfig.RailOptimized)));
        }
        SectionYaml.write(counts(s, t), n, custom); // no writer for the links: they follow
        if (!(t instanceof TopologyConfig.HpccFile)) {
            n.set("host_link", link(t.hostLink()));
            n.set("fabric_link", link(t.fabricLink()));
        }
        return n;
    }

    /** The counts of {@code t} (its section's integer keys) as values of {@code s}. */
    private static Values counts(Section s, TopologyConfig t) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (t instanceof TopologyConfig.Star star) {
            m.put("hosts", star.hosts());
        } else if (t instanceof TopologyConfig.Dumbbell d) {
            m.put("left_hosts", d.leftHosts());
            m.put("right_hosts", d.rightHosts());
        } else if (t instanceof TopologyConfig.Ring r) {
            m.put("switches", r.switches());
            m.put("hosts_per_switch", r.hostsPerSwitch());
        } else if (t instanceof TopologyConfig.LeafSpine l) {
            m.put("leaves", l.leaves());
            m.put("spines", l.spines());
            m.put("hosts_per_leaf", l.hostsPerLeaf());
            m.put("parallel_links", l.parallelLinks());
        } else if (t instanceof TopologyConfig.RailOptimized r) {
            m.put("servers", r.servers());
            m.put("nics_per_server", r.nicsPerServer());
            m.put("servers_per_unit", r.serversPerUnit());
            m.put("spines", r.spines());
            m.put("uplinks_per_spine", r.uplinksPerSpine());
        }
        return new Values(s, m);
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
            ResolvedYaml.quantity(o, "rate", Units.formatRate(l.rateBps()));
            ResolvedYaml.quantity(o, "latency", Units.formatTime(l.latencyPs()));
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
        ResolvedYaml.quantity(n, "rate", Units.formatRate(l.rateBps()));
        if (!l.delayFromLength()) {
            ResolvedYaml.quantity(n, "delay", Units.formatTime(l.delayPs()));
        }
        if (l.hasLength()) {
            ResolvedYaml.quantity(n, "length", Units.formatLength(l.lengthMm()));
        }
        return n;
    }

    static ObjectNode telemetry(TelemetryConfig t) {
        ObjectNode n = F.objectNode();
        Map<String, Runnable> custom = new HashMap<>();
        custom.put("queues", () -> selection(n, "queues", t.queues()));
        custom.put("flow_rates", () -> selection(n, "flow_rates", t.flowRates()));
        custom.put("links", () -> selection(n, "links", t.links()));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sample_interval", t.sampleIntervalPs());
        m.put("pfc", t.pfc());
        SectionYaml.write(new Values(TelemetrySchema.TELEMETRY, m), n, custom);
        return n;
    }

    /** {@code all}, {@code none} or the list of items as text (queues and links {@code "node:port"}, flow ids). */
    private static void selection(ObjectNode n, String key, TelemetryConfig.Selection<?> s) {
        if (s.all() || s.none()) {
            n.put(key, s.all() ? "all" : "none");
        } else {
            ArrayNode a = n.putArray(key);
            s.items().forEach(x -> {
                if (x instanceof Long id) {
                    a.add(id);
                } else {
                    a.add(x.toString());
                }
            });
        }
    }

    static ArrayNode failures(List<RoutingConfig.Failure> failures) {
        ArrayNode out = F.arrayNode();
        for (RoutingConfig.Failure f : failures) {
            ObjectNode o = out.addObject();
            Map<String, Runnable> custom = new HashMap<>();
            custom.put("link", () -> {
                if (f.node() == null) {
                    f.link().forEach(o.putArray("link")::add);
                }
            });
            custom.put("switch", () -> {
                if (f.node() != null) {
                    o.put("switch", f.node());
                }
            });
            custom.put("at", () -> ResolvedYaml.quantity(o, "at", Units.formatTime(f.atPs())));
            custom.put("up", () -> {
                if (f.upPs() >= 0) {
                    ResolvedYaml.quantity(o, "up", Units.formatTime(f.upPs()));
                }
            });
            SectionYaml.write(Values.empty(RoutingSchema.FAILURE), o, custom);
        }
        return out;
    }
}
