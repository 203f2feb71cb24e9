package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.net.MessageSize;
import org.lossless.core.settings.Values;
import org.lossless.core.units.Units;
import org.lossless.workloads.yaml.Cursor;

/**
 * Reads a {@code type: flows} workload (the type of an entry without {@code type}): an explicit list of flows
 * {@code {src, dst, size, start, priority, dscp, qps, connection, depends_on, delay}} (docs/scenario.md, "flows").
 */
final class FlowsReader {
    static final String[] KEYS = FlowsSchema.FLOWS.names();
    private static final String[] FLOW_KEYS = FlowsSchema.FLOW.names();

    private FlowsReader() {
    }

    static WorkloadConfig.Flows read(Cursor w, int index, WorkloadFabric topology, int defaultPriority) {
        w.object(KEYS);
        String name = WorkloadReader.workloadName(w.key("name"), "flows-" + index);
        Cursor list = w.key("flows");
        if (!list.present()) {
            throw list.error("is required: a list of {src, dst, size, start, priority}");
        }
        List<Cursor> items = list.list();
        if (items.isEmpty()) {
            throw list.error("needs at least one flow");
        }
        List<WorkloadConfig.FlowSpec> flows = new ArrayList<>(items.size());
        java.util.Map<String, WorkloadConfig.FlowSpec> connections = new java.util.HashMap<>();
        for (Cursor f : items) {
            if (!f.present() || f.isList() || f.isScalar()) {
                throw f.error("expected a flow {src, dst, size, start, priority}, got " + (f.isList() ? "a list" : "a value"));
            }
            f.object(FLOW_KEYS);
            int src = WorkloadReader.host(f.key("src"), topology);
            int dst = WorkloadReader.host(f.key("dst"), topology);
            if (src == dst) {
                throw f.key("dst").error("a flow needs two different hosts; src and dst are both " + src);
            }
            // the rules between keys before the plain keys' values, as the reader checked them before the schema
            String connection = connection(f.key("connection"));
            List<Integer> dependsOn = dependsOn(f.key("depends_on"), flows.size());
            Cursor delayKey = f.key("delay");
            if (delayKey.present() && dependsOn.isEmpty()) {
                throw delayKey.error("applies only to a flow with depends_on: it is the wait after the last of them "
                        + "is delivered");
            }
            Values v = TrafficSchema.read(f, FlowsSchema.FLOW);
            MessageSize size = FlowsSchema.size(v); // required, 1 B..1 TiB: the schema's
            long start = v.number("start");
            int priority = TrafficSchema.priority(v, defaultPriority);
            int dscp = TrafficSchema.dscp(v, priority);
            int qps = v.integer("qps");
            long delay = v.number("delay");
            WorkloadConfig.FlowSpec spec = new WorkloadConfig.FlowSpec(src, dst, size, start, priority, qps, connection,
                    dependsOn, delay, dscp);
            if (connection != null) {
                checkConnection(f, spec, connections.put(connection, spec));
            }
            flows.add(spec);
        }
        return new WorkloadConfig.Flows(name, flows);
    }

    /** {@code depends_on}: distinct positions of earlier flows of the list ({@code before} of them). */
    private static List<Integer> dependsOn(Cursor c, int before) {
        if (!c.present()) {
            return List.of();
        }
        List<Integer> out = new ArrayList<>();
        for (Cursor item : c.isList() ? c.list() : List.of(c)) {
            long v = item.integer(0, Integer.MAX_VALUE);
            if (v >= before) {
                throw item.error("flow " + v + " is not listed before this one: depends_on names earlier flows of "
                        + "this workload by position (0 to " + (before - 1) + ")");
            }
            if (out.contains((int) v)) {
                throw item.error("flow " + v + " is listed twice");
            }
            out.add((int) v);
        }
        return out;
    }

    /** {@code connection}: a name, or absent (a connection of the flow's own). */
    private static String connection(Cursor c) {
        if (!c.present()) {
            return null;
        }
        String name = c.text("a connection name such as a");
        if (!Names.valid(name)) {
            throw c.error("'" + name + "' is not a valid connection name: use only letters, digits, '.', '_' and '-'");
        }
        return name;
    }

    /** Flows on one connection share its QPs: same hosts, priority and QPs, listed in start order. */
    private static void checkConnection(Cursor f, WorkloadConfig.FlowSpec spec, WorkloadConfig.FlowSpec previous) {
        if (previous == null) {
            return;
        }
        String name = "connection '" + spec.connection() + "'";
        if (previous.src() != spec.src() || previous.dst() != spec.dst()) {
            throw f.key("connection").error(name + " runs from host " + previous.src() + " to host " + previous.dst()
                    + " (an earlier flow); this flow goes " + spec.src() + " -> " + spec.dst()
                    + ": use another connection name");
        }
        if (previous.priority() != spec.priority() || previous.qps() != spec.qps() || previous.dscp() != spec.dscp()) {
            throw f.key("connection").error(name + " has priority " + previous.priority() + ", dscp " + previous.dscp()
                    + " and qps " + previous.qps() + " (an earlier flow); a flow on it must use the same");
        }
        // a flow with depends_on is posted when those are delivered; list order still holds on the connection
        if (spec.dependsOn().isEmpty() && previous.dependsOn().isEmpty() && spec.startPs() < previous.startPs()) {
            throw f.key("start").error("flows on " + name + " are sent in list order: this one must not start before "
                    + "the flow listed before it on that connection (" + Units.formatTime(previous.startPs()) + ")");
        }
    }
}
