package org.lossless.workloads.spec;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.lossless.core.net.MessageSize;
import org.lossless.core.settings.Values;
import org.lossless.core.units.Units;
import org.lossless.topology.Topology;
import org.lossless.topology.io.HpccFlow;
import org.lossless.topology.io.HpccFlowFile;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioFiles;

/**
 * Reads a {@code type: hpcc-flows} workload: {@code {path: flow.txt, time_origin: 2s, dscp: 26}} ({@code dscp}:
 * every flow's DSCP; default each flow's class selector of its priority group).
 */
final class HpccFlowsReader {
    static final String[] KEYS = FlowsSchema.HPCC_FLOWS.names();
    private static final BigDecimal PS_PER_S = BigDecimal.ONE.scaleByPowerOfTen(12);

    private HpccFlowsReader() {
    }

    static WorkloadConfig.HpccFlows read(Cursor w, int index, WorkloadFabric topology) {
        w.object(KEYS);
        String name = WorkloadReader.workloadName(w.key("name"), "hpcc-flows-" + index);
        Cursor pathKey = w.key("path");
        if (!pathKey.present()) {
            throw pathKey.error("is required: the HPCC flow file, relative to the scenario's folder, e.g. flow.txt");
        }
        Path file = pathKey.file();
        Values v = TrafficSchema.read(w, FlowsSchema.HPCC_FLOWS);
        Cursor originKey = w.key("time_origin");
        long origin = v.number("time_origin");
        Integer dscp = v.integer("dscp");
        String text = ScenarioFiles.readText(pathKey, file, "an HPCC flow file");
        Topology graph = topology.build();
        HpccFlowFile.Read read;
        try {
            // the file name only, so that the warnings do not depend on how the path was written
            read = HpccFlowFile.parse(text, file.getFileName().toString(), graph);
        } catch (IllegalArgumentException e) {
            throw pathKey.error(e.getMessage());
        }
        if (read.flows().isEmpty()) {
            throw pathKey.error(file.getFileName() + " holds no flows");
        }
        List<WorkloadConfig.FlowSpec> flows = new ArrayList<>(read.flows().size());
        for (int i = 0; i < read.flows().size(); i++) {
            HpccFlow f = read.flows().get(i);
            if (f.startPs() < origin) {
                throw (originKey.present() ? originKey : pathKey).error(file.getFileName() + ": flow " + (i + 1)
                        + " starts at " + seconds(f.startPs()) + " s, before time_origin (" + Units.formatTime(origin)
                        + "); flows start at their file time minus time_origin: set time_origin to at most the first "
                        + "start, e.g. time_origin: 0");
            }
            if (f.sizeBytes() > MessageSize.MAX_LISTED_BYTES) {
                throw pathKey.error(file.getFileName() + ": flow " + (i + 1) + " carries " + f.sizeBytes()
                        + " B; a flow carries at most 1TiB (" + MessageSize.MAX_LISTED_BYTES + " B)");
            }
            WorkloadConfig.FlowSpec spec = new WorkloadConfig.FlowSpec(graph.hostNumber(f.src()), graph.hostNumber(f.dst()),
                    MessageSize.of(f.sizeBytes()), f.startPs() - origin, f.priorityGroup());
            if (dscp != null) {
                spec = new WorkloadConfig.FlowSpec(spec.src(), spec.dst(), spec.size(), spec.startPs(),
                        spec.priority(), spec.qps(), null, dscp);
            }
            flows.add(spec);
        }
        return new WorkloadConfig.HpccFlows(name, file, origin, flows, read.warnings(), dscp);
    }

    private static String seconds(long ps) {
        return BigDecimal.valueOf(ps).divide(PS_PER_S).stripTrailingZeros().toPlainString();
    }
}
