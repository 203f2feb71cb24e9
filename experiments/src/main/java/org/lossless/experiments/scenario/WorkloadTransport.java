package org.lossless.experiments.scenario;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.nic.UetConfig;
import org.lossless.workloads.yaml.Cursor;

/**
 * A workload's {@code transport} ({@code rocev2} or {@code uet}). The NIC keeps its transport per queue pair, but the
 * workloads cannot yet pass one to the QPs they open: every QP of a run uses {@code nic.transport}. So a workload's
 * {@code transport} must equal {@code nic.transport} (then it only documents the intent, and is taken off before the
 * workload is read); a different one is refused (exit 2) rather than silently ignored. To run one scenario both ways,
 * sweep {@code nic.transport}.
 */
final class WorkloadTransport {
    private WorkloadTransport() {
    }

    /** Checks and removes the {@code transport} key of every workload of {@code workloads} (the node under it). */
    static void check(Cursor workloads, JsonNode node, String nicTransport) {
        if (!workloads.present() || node == null || !node.isArray()) {
            return; // the workload reader reports what is wrong
        }
        List<Cursor> entries = workloads.list();
        for (int i = 0; i < entries.size() && i < node.size(); i++) {
            Cursor key = entries.get(i).key("transport");
            if (!key.present() || !node.get(i).isObject()) {
                continue;
            }
            String t = key.oneOf(UetConfig.TRANSPORTS);
            if (!t.equals(nicTransport)) {
                throw key.error("'" + t + "' differs from nic.transport " + nicTransport + ": a run has one transport"
                        + " for now (workloads cannot choose theirs yet); set nic.transport: " + t + ", or compare both"
                        + " with lossless sweep --vary nic.transport=rocev2,uet");
            }
            ((ObjectNode) node.get(i)).remove("transport");
        }
    }
}
