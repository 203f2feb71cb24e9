package org.lossless.workloads.spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.lossless.workloads.chakra.ChakraSource;
import org.lossless.workloads.chakra.ChakraTrace;
import org.lossless.workloads.chakra.TraceException;
import org.lossless.core.settings.Values;
import org.lossless.workloads.training.CommSettings;
import org.lossless.workloads.yaml.Cursor;

/**
 * Reads a {@code type: chakra} workload: {@code traces} (a directory of per-rank Chakra files), {@code hosts}
 * (default the first N, one per rank), {@code comm_groups} (the ranks of every process group the trace names:
 * a mapping {@code {pg_name: [ranks]}}, or a JSON file of that shape, as ASTRA-sim's
 * {@code --comm-group-configuration}), {@code iterations}, {@code start} and the collective keys of a training job.
 * The whole trace is read and checked here, before any simulation.
 */
final class ChakraReader {
    private ChakraReader() {
    }

    static TraceWorkload read(Cursor w, int index, WorkloadFabric topology, int defaultPriority) {
        w.object(TrainingSchema.CHAKRA.names());
        String name = WorkloadReader.workloadName(w.key("name"), "chakra-" + index);
        Cursor tracesKey = w.key("traces");
        if (!tracesKey.present()) {
            throw tracesKey.error("is required: the directory of the job's Chakra traces (PREFIX.RANK.et, one file per "
                    + "rank), relative to the scenario's folder");
        }
        Path dir = tracesKey.file();
        Map<String, List<Integer>> groups = groups(w.key("comm_groups"));
        Map<String, int[]> named = new LinkedHashMap<>();
        groups.forEach((k, v) -> named.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
        Cursor hostsKey = w.key("hosts");
        int expected = hostsKey.present() && hostsKey.isList() ? hostsKey.list().size() : -1;
        ChakraTrace trace;
        try {
            trace = ChakraTrace.read(dir, named, expected);
        } catch (TraceException e) {
            throw tracesKey.error(e.getMessage());
        }
        List<Integer> hosts = TraceReaders.hosts(w, topology, trace.rankCount(), "the trace");
        Values v = CollectiveSchema.read(w, TrainingSchema.CHAKRA);
        CommSettings comm = TrainingReader.comm(w, v, topology, defaultPriority);
        ChakraSource source = new ChakraSource(trace);
        return TrafficKeys.build(w, () -> new TraceWorkload("chakra", name, dir, hosts, groups, v.integer("iterations"),
                v.number("start"), comm, source));
    }

    /** {@code comm_groups}: a mapping of group names to rank lists, or a JSON file holding one. */
    private static Map<String, List<Integer>> groups(Cursor c) {
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        if (!c.present()) {
            return out;
        }
        if (c.isScalar()) {
            Path f = c.file();
            JsonNode root;
            try {
                root = new ObjectMapper().readTree(Files.readString(f));
            } catch (IOException e) {
                throw c.error("cannot read " + f.getFileName() + " as JSON ({\"pg_name\": [ranks], ...}): "
                        + e.getMessage().lines().findFirst().orElse(""));
            }
            if (root == null || !root.isObject()) {
                throw c.error(f.getFileName() + " must hold a JSON object {\"pg_name\": [ranks], ...}");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                List<Integer> ranks = new ArrayList<>();
                if (!e.getValue().isArray()) {
                    throw c.error(f.getFileName() + ": group '" + e.getKey() + "' must be a list of ranks");
                }
                for (JsonNode r : e.getValue()) {
                    if (!r.canConvertToInt() || r.asInt() < 0 || ranks.contains(r.asInt())) {
                        throw c.error(f.getFileName() + ": group '" + e.getKey() + "' must list distinct ranks >= 0, "
                                + "got " + r);
                    }
                    ranks.add(r.asInt());
                }
                out.put(e.getKey(), ranks);
            }
            return out;
        }
        for (String g : c.keys("a mapping of process group names to rank lists, or a JSON file")) {
            out.put(g, c.key(g).distinctIntegers(0, Integer.MAX_VALUE, "a rank"));
        }
        return out;
    }
}
