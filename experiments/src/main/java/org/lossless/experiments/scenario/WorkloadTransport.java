package org.lossless.experiments.scenario;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.nic.UetConfig;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.yaml.Cursor;

/**
 * A workload's {@code transport} ({@code rocev2} or {@code uet}): it overrides {@code nic.transport} for every QP the
 * workload opens (both directions of its connections), so a training job on UET can run beside a storage job on
 * RoCEv2 on one fabric. A UET workload takes its settings from {@code nic.uet}, a RoCEv2 one uses {@code nic.cc},
 * {@code nic.ack_interval}, {@code nic.loss_recovery} and {@code nic.rto}, whatever {@code nic.transport} says; a
 * workload's own {@code cc} still wins over both. The key is read here (every workload type accepts it) and taken
 * off before the workload's own reader sees it; the resolved scenario writes it back on the workload.
 */
final class WorkloadTransport {
    private WorkloadTransport() {
    }

    /**
     * Reads and removes the {@code transport} key of every workload of {@code workloads} (the node under it):
     * workload index -&gt; transport, for the workloads that give one.
     */
    static Map<Integer, String> take(Cursor workloads, JsonNode node) {
        Map<Integer, String> out = new TreeMap<>();
        if (!workloads.present() || node == null || !node.isArray()) {
            return out; // the workload reader reports what is wrong
        }
        List<Cursor> entries = workloads.list();
        for (int i = 0; i < entries.size() && i < node.size(); i++) {
            Cursor key = entries.get(i).key("transport");
            if (!key.present() || !node.get(i).isObject()) {
                continue;
            }
            out.put(i, key.oneOf(UetConfig.TRANSPORTS));
            ((ObjectNode) node.get(i)).remove("transport");
        }
        return out;
    }

    /** The transports {@link #take taken} by the name of their workload ({@code workloads} in scenario order). */
    static Map<String, String> byName(Map<Integer, String> transports, List<WorkloadConfig> workloads) {
        Map<String, String> out = new HashMap<>();
        transports.forEach((i, t) -> out.put(workloads.get(i).name(), t));
        return out;
    }
}
