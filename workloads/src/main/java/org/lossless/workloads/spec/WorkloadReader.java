package org.lossless.workloads.spec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.lossless.core.text.DidYouMean;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;

/**
 * Reads {@code workloads}: dispatches on each entry's {@code type} to that type's reader, checks that names are
 * unique and collects each workload's {@code cc}; holds the keys every type shares (name, host, dscp).
 */
public final class WorkloadReader {
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
                w.object(FlowsReader.KEYS);
            }
            Cursor typeKey = w.key("type");
            String type = typeKey.text("a workload type (" + String.join(", ", WorkloadConfig.SUPPORTED) + ")");
            if (WorkloadConfig.PLANNED.contains(type)) {
                throw typeKey.error("workload type '" + type + "' is not supported yet (supported: "
                        + String.join(", ", WorkloadConfig.SUPPORTED) + ")");
            }
            WorkloadConfig cfg = switch (type) {
                case "flows" -> FlowsReader.read(w, i, topology, defaultPriority);
                case "hpcc-flows" -> HpccFlowsReader.read(w, i, topology);
                case "nvmeof" -> NvmeofReader.read(w, i, topology, defaultPriority);
                case "replication" -> ReplicationReader.read(w, i, topology, defaultPriority);
                case "checkpoint" -> CheckpointReader.read(w, i, topology, defaultPriority);
                case "cdf" -> CdfReader.read(w, i, topology, defaultPriority);
                case "incast" -> IncastReader.read(w, i, topology, defaultPriority);
                case "permutation" -> PermutationReader.read(w, i, topology, defaultPriority);
                case "training" -> TrainingReader.read(w, i, topology, defaultPriority);
                case "chakra" -> ChakraReader.read(w, i, topology, defaultPriority);
                case "simai" -> SimaiReader.read(w, i, topology, defaultPriority);
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
            if (!(cfg instanceof WorkloadConfig.Collective) && !(cfg instanceof TrainingWorkload)
                    && !(cfg instanceof TraceWorkload)) {
                String cc = w.key("cc").oneOf((String) WorkloadSchema.CC.dflt(), WorkloadSchema.CC.choices());
                if (!cc.equals(CollectiveReader.CC_NIC)) {
                    workloadCc.put(cfg.name(), cc);
                }
            }
            out.add(cfg);
        }
        return out;
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
