package org.lossless.plots.report;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import org.lossless.experiments.results.DefaultsFile;

/**
 * One workload of scenario.resolved.yaml in brief: what it is ({@link #IDENTITY}: its type, hosts, size, flows...)
 * and every other key only when it differs from what Lossless fills in for a workload of that identity alone, with the
 * default in brackets. The default is what the run wrote to defaults.yaml (the same topology and NIC with that
 * minimal workload, resolved); when it is unknown (null there, or a result without the file), every key is shown.
 */
final class WorkloadBrief {
    /** The keys that say what a workload is: always shown ({@link DefaultsFile#IDENTITY}). */
    static final Set<String> IDENTITY = DefaultsFile.IDENTITY;

    private WorkloadBrief() {
    }

    /**
     * "type: allreduce; hosts: [0-31]; size: 8MB; algorithm: ring (default auto); iterations: 2 (default 1)".
     *
     * @param dflt the workload's defaults as the run wrote them to defaults.yaml, or null (unknown: every key shown)
     */
    static String of(JsonNode dflt, JsonNode w) {
        List<String> parts = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = w.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            if (k.equals("name")) {
                continue;
            }
            String v = ScenarioBrief.scalar(e.getValue());
            if (dflt == null || IDENTITY.contains(k)) {
                parts.add(k + ": " + v);
            } else if (!dflt.has(k)) {
                parts.add(k + ": " + v);
            } else if (!v.equals(ScenarioBrief.scalar(dflt.get(k)))) {
                parts.add(k + ": " + v + " (default " + ScenarioBrief.scalar(dflt.get(k)) + ")");
            }
        }
        return String.join("; ", parts);
    }
}
