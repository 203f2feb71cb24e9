package org.lossless.workloads.spec;

import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.core.text.DidYouMean;
import org.lossless.core.units.Units;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reads {@code workloads}: dispatches on each entry's {@code type}. */
public final class WorkloadReader {
    private static final String[] FLOWS_KEYS = {"type", "name", "flows", "cc"};
    /**
     * Largest flow: 1 TiB. Its ideal completion time at 1 Gb/s with 64-byte packets is about 4e17 ps, well
     * inside a signed 64-bit picosecond count (9.2e18); far larger sizes made ideal_fct_ps overflow.
     */
    public static final long MAX_FLOW_BYTES = 1L << 40;
    private static final String[] FLOW_KEYS = {"src", "dst", "size", "start", "priority", "dscp", "qps", "connection",
        "depends_on", "delay"};

    private WorkloadReader() {
    }

    public static List<WorkloadConfig> read(Cursor c, WorkloadFabric topology, int defaultPriority) {
        return read(c, topology, defaultPriority, new java.util.HashMap<>());
    }

    /**
     * As {@link #read(Cursor, WorkloadFabric, int)}; the {@code cc} of every workload other than a collective
     * (which keeps it in its connection options) goes into {@code workloadCc} by workload name.
     */
    public static List<WorkloadConfig> read(Cursor c, WorkloadFabric topology, int defaultPriority,
                                     java.util.Map<String, String> workloadCc) {
        if (!c.present()) {
            throw c.error("is required: a list of workloads, e.g. [{type: flows, flows: [{src: 1, dst: 0, size: 1MB}]}]");
        }
        List<Cursor> entries = c.list();
        if (entries.isEmpty()) {
            throw c.error("needs at least one workload");
        }
        List<WorkloadConfig> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < entries.size(); i++) {
            Cursor w = entries.get(i);
            if (!w.present() || w.isList() || w.isScalar()) {
                throw w.error("expected a workload mapping with a type (" + String.join(", ", WorkloadConfig.SUPPORTED) + ")");
            }
            if (!w.key("type").present()) {
                w.object(FLOWS_KEYS);
            }
            Cursor typeKey = w.key("type");
            String type = typeKey.text("a workload type (" + String.join(", ", WorkloadConfig.SUPPORTED) + ")");
            if (WorkloadConfig.PLANNED.contains(type)) {
                throw typeKey.error("workload type '" + type + "' is not supported yet (supported: "
                        + String.join(", ", WorkloadConfig.SUPPORTED) + ")");
            }
            WorkloadConfig cfg = switch (type) {
                case "flows" -> flows(w, i, topology, defaultPriority);
                case "hpcc-flows" -> HpccFlowsReader.read(w, i, topology);
                case "nvmeof" -> NvmeofReader.read(w, i, topology, defaultPriority);
                case "replication" -> ReplicationReader.read(w, i, topology, defaultPriority);
                case "checkpoint" -> CheckpointReader.read(w, i, topology, defaultPriority);
                case "cdf" -> CdfReader.read(w, i, topology, defaultPriority);
                case "incast" -> IncastReader.read(w, i, topology, defaultPriority);
                case "permutation" -> PermutationReader.read(w, i, topology, defaultPriority);
                case "allreduce", "allgather", "reducescatter", "alltoall", "broadcast" ->
                        CollectiveReader.read(w, i, topology, defaultPriority);
                default -> {
                    List<String> all = new ArrayList<>(WorkloadConfig.SUPPORTED);
                    all.addAll(WorkloadConfig.PLANNED);
                    throw typeKey.error("unknown workload type '" + type + "'" + DidYouMean.hint(type, all)
                            + " (supported: " + String.join(", ", WorkloadConfig.SUPPORTED) + ")");
                }
            };
            if (!names.add(cfg.name())) {
                throw w.key("name").error("workload name '" + cfg.name() + "' is used twice");
            }
            if (!(cfg instanceof WorkloadConfig.Collective)) {
                String cc = w.key("cc").oneOf(CollectiveReader.CC_NIC, CollectiveReader.ccValues());
                if (!cc.equals(CollectiveReader.CC_NIC)) {
                    workloadCc.put(cfg.name(), cc);
                }
            }
            out.add(cfg);
        }
        return out;
    }

    private static WorkloadConfig.Flows flows(Cursor w, int index, WorkloadFabric topology, int defaultPriority) {
        w.object(FLOWS_KEYS);
        String name = workloadName(w.key("name"), "flows-" + index);
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
            int src = host(f.key("src"), topology);
            int dst = host(f.key("dst"), topology);
            if (src == dst) {
                throw f.key("dst").error("a flow needs two different hosts; src and dst are both " + src);
            }
            Cursor sizeKey = f.key("size");
            if (!sizeKey.present()) {
                throw sizeKey.error("is required (a size such as 1MB)");
            }
            long size = sizeKey.size();
            if (size <= 0) {
                throw sizeKey.error("a flow must carry at least 1 byte");
            }
            if (size > MAX_FLOW_BYTES) {
                throw sizeKey.error(size + " B is more than a flow can carry here: at most 1TiB (" + MAX_FLOW_BYTES
                        + " B), so that its times in picoseconds cannot overflow; split it into several flows");
            }
            long start = f.key("start").timePs(WorkloadConfig.FlowSpec.DEFAULT_START_PS);
            int priority = (int) f.key("priority").integer(defaultPriority, 0, 7);
            int dscp = dscp(f.key("dscp"), priority);
            int qps = (int) f.key("qps").integer(1, 1, WorkloadConfig.FlowSpec.MAX_QPS);
            String connection = connection(f.key("connection"));
            List<Integer> dependsOn = dependsOn(f.key("depends_on"), flows.size());
            Cursor delayKey = f.key("delay");
            if (delayKey.present() && dependsOn.isEmpty()) {
                throw delayKey.error("applies only to a flow with depends_on: it is the wait after the last of them "
                        + "is delivered");
            }
            long delay = delayKey.timePs(0);
            WorkloadConfig.FlowSpec spec = new WorkloadConfig.FlowSpec(src, dst, size, start, priority, qps, connection,
                    dependsOn, delay, dscp);
            if (connection != null) {
                checkConnection(f, spec, connections.put(connection, spec));
            }
            flows.add(spec);
        }
        return new WorkloadConfig.Flows(name, flows);
    }

    /**
     * A workload's or flow's {@code dscp}: 0..63, default the class selector of {@code priority} (8·priority, so
     * that the switches' default map puts it on traffic class {@code priority}).
     */
    static int dscp(Cursor c, int priority) {
        return (int) c.integer(org.lossless.core.net.Dscp.ofPriority(priority), 0, 63);
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

    static String workloadName(Cursor c, String dflt) {
        if (!c.present()) {
            return dflt;
        }
        String name = c.text("a name");
        if (!Names.valid(name)) {
            throw c.error("'" + name + "' is not a valid name: use only letters, digits, '.', '_' and '-'");
        }
        return name;
    }

    /** A host number that exists in the topology. */
    static int host(Cursor c, WorkloadFabric topology) {
        int n = topology.hostCount();
        if (!c.present()) {
            throw c.error("is required (a host number from 0 to " + (n - 1) + ")");
        }
        long h;
        try {
            h = c.integer(Long.MIN_VALUE, Long.MAX_VALUE);
        } catch (ScenarioException e) {
            throw c.error("expected a host number from 0 to " + (n - 1) + ", got '" + c.text("a host number") + "'");
        }
        if (h < 0 || h >= n) {
            throw c.error("host " + h + " does not exist: the " + topology.type() + " topology has " + n
                    + " hosts, numbered 0 to " + (n - 1));
        }
        return (int) h;
    }

    /** Flows the workloads define; flow ids are 0..count-1 in workload order, then list order. */
    public static long flowCount(List<WorkloadConfig> workloads) {
        long n = 0;
        for (WorkloadConfig w : workloads) {
            if (w instanceof WorkloadConfig.Flows f) {
                n += f.flows().size();
            } else if (w instanceof WorkloadConfig.HpccFlows h) {
                n += h.flows().size();
            }
        }
        return n;
    }
}
