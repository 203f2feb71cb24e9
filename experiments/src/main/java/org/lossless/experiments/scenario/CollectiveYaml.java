package org.lossless.experiments.scenario;

import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.spec.CollectiveReader;
import org.lossless.workloads.spec.CollectiveSchema;
import org.lossless.workloads.spec.WorkloadConfig;

/**
 * Writes a collective job's keys, every default filled in, for {@link ResolvedYaml}: the plain keys from
 * {@link CollectiveSchema} in its key order, the custom rows (algorithm, protocol, hosts, root, skew, pairs) here.
 */
final class CollectiveYaml {
    private static final String AUTO = CollectiveReader.AUTO;

    private CollectiveYaml() {
    }

    /** {@code gpuCount}: GPUs of the fabric (hosts when every NIC has one GPU), for {@code hosts: all}. */
    static void write(ObjectNode n, WorkloadConfig.Collective w, int gpuCount) {
        CollectiveJob j = w.job();
        boolean explicit = j.pairSizes() != null && j.pairSizes().isExplicit();
        SectionYaml.write(CollectiveSchema.values(j), n, Map.of(
                "algorithm", () -> n.put("algorithm", j.algorithm() == null ? AUTO : j.algorithm().key()),
                "protocol", () -> n.put("protocol", j.protocol() == null ? AUTO : j.protocol().key()),
                "hosts", () -> hosts(n, j, gpuCount),
                "root", () -> {
                    if (j.collective() == Collective.BROADCAST) {
                        n.put("root", j.root());
                    }
                },
                "skew", () -> {
                    if (!explicit && j.pairSizes() != null) {
                        n.put("skew", j.pairSizes().skew());
                    }
                },
                "pairs", () -> {
                    if (explicit) {
                        ArrayNode rows = n.putArray("pairs");
                        for (long[] row : j.pairSizes().matrix()) {
                            ArrayNode r = rows.addArray();
                            for (long v : row) {
                                r.add(v);
                            }
                        }
                    }
                }));
    }

    /** {@code all} when the job's ranks are every GPU in order, else the list. */
    private static void hosts(ObjectNode n, CollectiveJob j, int gpuCount) {
        boolean all = j.n() == gpuCount;
        for (int i = 0; all && i < j.n(); i++) {
            all = j.ranks().get(i) == i;
        }
        if (all) {
            n.put("hosts", "all");
        } else {
            ArrayNode hosts = n.putArray("hosts");
            j.ranks().forEach(hosts::add);
        }
    }
}
