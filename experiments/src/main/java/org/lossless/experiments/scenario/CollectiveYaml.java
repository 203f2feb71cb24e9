package org.lossless.experiments.scenario;

import org.lossless.workloads.spec.CollectiveReader;
import org.lossless.workloads.spec.WorkloadConfig;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.lossless.core.units.Units;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;

/** Writes a collective job's keys, every default filled in, for {@link ResolvedYaml}. */
final class CollectiveYaml {
    private CollectiveYaml() {
    }

    /** {@code gpuCount}: GPUs of the fabric (hosts when every NIC has one GPU), for {@code hosts: all}. */
    static void write(ObjectNode n, WorkloadConfig.Collective w, int gpuCount) {
        CollectiveJob j = w.job();
        n.put("algorithm", j.algorithm() == null ? CollectiveReader.AUTO : j.algorithm().key());
        n.put("protocol", j.protocol() == null ? CollectiveReader.AUTO : j.protocol().key());
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
        boolean explicit = j.pairSizes() != null && j.pairSizes().isExplicit();
        if (!explicit) {
            ResolvedYaml.quantity(n, "size", Units.formatSize(j.sizeBytes()));
        }
        n.put("channels", j.channels());
        n.put("iterations", j.iterations());
        ResolvedYaml.quantity(n, "gap", Units.formatTime(j.gapPs()));
        ResolvedYaml.quantity(n, "start", Units.formatTime(j.startPs()));
        n.put("priority", j.connection().priority());
        n.put("dscp", j.connection().resolvedDscp());
        n.put("cc", j.connection().cc() == null ? CollectiveReader.CC_NIC : j.connection().cc());
        n.put("qps", j.connection().qps());
        latency(n, "base_latency", j.baseLatencyPs());
        latency(n, "step_latency", j.stepLatencyPs());
        latency(n, "nvlink_step_latency", j.nvlinkStepPs());
        latency(n, "cts_delay", j.ctsDelayPs());
        n.put("ring_order", j.ringOrder().key());
        n.put("pxn", j.pxn());
        n.put("tuner", j.tuner().key());
        if (j.collective() == Collective.BROADCAST) {
            n.put("root", j.root());
        }
        if (explicit) {
            ArrayNode rows = n.putArray("pairs");
            for (long[] row : j.pairSizes().matrix()) {
                ArrayNode r = rows.addArray();
                for (long v : row) {
                    r.add(v);
                }
            }
        } else if (j.pairSizes() != null) {
            n.put("skew", j.pairSizes().skew());
        }
    }

    private static void latency(ObjectNode n, String key, long ps) {
        if (ps < 0) {
            n.put(key, CollectiveReader.AUTO);
        } else {
            ResolvedYaml.quantity(n, key, Units.formatTime(ps));
        }
    }
}
