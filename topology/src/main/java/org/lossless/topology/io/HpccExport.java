package org.lossless.topology.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.lossless.topology.Topology;

/**
 * Writes the files HPCC's {@code third.cc} opens besides its config: topology, flows and the trace
 * node list. The config file ({@code TOPOLOGY_FILE}, {@code FLOW_FILE}, {@code TRACE_FILE} and the
 * switch/NIC keys) is the caller's: it names these files.
 */
public final class HpccExport {
    public static final String TOPOLOGY_FILE = "topology.txt";
    public static final String FLOW_FILE = "flow.txt";
    public static final String TRACE_FILE = "trace.txt";

    private HpccExport() {
    }

    /**
     * Writes {@code dir/topology.txt}, {@code dir/flow.txt} and {@code dir/trace.txt} (tracing nothing:
     * HPCC does not check that the trace file opened, so it must exist). Flow src/dst are node ids.
     * Returns the warnings (what HPCC cannot express exactly).
     */
    public static List<String> write(Path dir, Topology topology, List<HpccFlow> flows) throws IOException {
        Files.createDirectories(dir);
        for (HpccFlow f : flows) {
            for (int node : new int[] {f.src(), f.dst()}) {
                if (node >= topology.nodes().size() || !topology.node(node).isHost()) {
                    throw new IllegalArgumentException("flow " + f.src() + "->" + f.dst() + ": node " + node
                            + " is not a host of the topology");
                }
            }
        }
        List<String> warnings = new ArrayList<>();
        Files.writeString(dir.resolve(TOPOLOGY_FILE),
                HpccTopologyFile.format(topology, new double[topology.cables().size()], warnings),
                StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(FLOW_FILE), HpccFlowFile.format(flows, warnings), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(TRACE_FILE), "0\n", StandardCharsets.UTF_8);
        return warnings;
    }
}
