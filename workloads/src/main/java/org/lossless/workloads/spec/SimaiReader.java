package org.lossless.workloads.spec;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.lossless.workloads.simai.SimaiException;
import org.lossless.workloads.simai.SimaiFile;
import org.lossless.workloads.simai.SimaiSource;
import org.lossless.core.settings.Values;
import org.lossless.workloads.training.CommSettings;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioFiles;

/**
 * Reads a {@code type: simai} workload: {@code path} (a SimAI/AICB workload file, relative to the scenario's
 * folder), {@code hosts} (default the first {@code all_gpus}, one per rank), {@code iterations}, {@code start} and
 * the collective keys of a training job. The file is read and checked here, before any simulation.
 */
final class SimaiReader {
    private SimaiReader() {
    }

    static TraceWorkload read(Cursor w, int index, WorkloadFabric topology, int defaultPriority) {
        w.object(TrainingSchema.SIMAI.names());
        String name = WorkloadReader.workloadName(w.key("name"), "simai-" + index);
        Cursor pathKey = w.key("path");
        if (!pathKey.present()) {
            throw pathKey.error("is required: the SimAI workload file (as AICB writes it), relative to the scenario's "
                    + "folder");
        }
        Path file = pathKey.file();
        String text = ScenarioFiles.readText(pathKey, file, "a SimAI workload file");
        SimaiFile parsed;
        try {
            parsed = SimaiFile.parse(file.getFileName().toString(), text);
        } catch (SimaiException e) {
            throw pathKey.error(e.getMessage());
        }
        List<Integer> hosts = TraceReaders.hosts(w, topology, parsed.gpus(), file.getFileName() + " (all_gpus)");
        Values v = CollectiveSchema.read(w, TrainingSchema.SIMAI);
        CommSettings comm = TrainingReader.comm(w, v, topology, defaultPriority);
        SimaiSource source = new SimaiSource(parsed);
        return TrafficKeys.build(w, () -> new TraceWorkload("simai", name, file, hosts, Map.of(),
                v.integer("iterations"), v.number("start"), comm, source));
    }
}
