package org.lossless.experiments.scenario;

import org.lossless.workloads.spec.WorkloadReader;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.SectionReader;
import org.lossless.workloads.yaml.Source;
import org.lossless.workloads.yaml.ScenarioException;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchModel;
import org.lossless.topology.Topology;

/** Turns a scenario tree into a validated {@link Scenario}; every error names the file and key path. */
final class ScenarioReader {
    /** The top-level keys, from {@link RunSchema#RUN}. */
    static final String[] KEYS = RunSchema.RUN.names();

    private ScenarioReader() {
    }

    static Scenario read(Source src, JsonNode root) {
        Cursor c = Cursor.root(src, root);
        if (!c.present()) {
            throw new ScenarioException(src.file(), null, "the scenario is empty: it needs at least name, topology and workloads");
        }
        if (!root.isObject()) {
            throw new ScenarioException(src.file(), null, "a scenario must be a mapping of keys ("
                    + String.join(", ", KEYS) + "), got " + Cursor.describe(root));
        }
        c.object(KEYS);
        String name = name(c.key("name"));
        long seed = c.key("seed").integer(Defaults.SEED, 0, Long.MAX_VALUE);
        long stopPs = RunSchema.RUN.resolve(SectionReader.read(c, RunSchema.RUN)).number("stop_time");
        TopologyConfig topology = TopologyReader.read(c.key("topology"));
        // the assembly: the graph is built once, on first use (here or later), and travels with the scenario
        Fabric fabric = new Fabric(topology);
        SwitchModel sw = SwitchReader.read(c.key("switch"));
        List<Integer> lossless = sw.settings().pfc().priorities();
        NicConfig nic = NicReader.read(c.key("nic"), topology, lossless);
        Topology graph = fabric.topologyOrNull(); // null: its own error is reported where it is read or built
        String unbuildable = graph == null ? null : sw.check(graph, topology.type(), nic.pfcResponsePs(),
                nic.wire().largestFrame(nic.mtu())); // each port layout's MMU numbers, kept for the lints and the run
        if (unbuildable != null) {
            throw c.key("switch").error(unbuildable);
        }
        CbfcCheck.check(c.key("switch"), sw.settings(), fabric, nic);
        int defaultPriority = lossless.isEmpty() ? 0 : lossless.get(0);
        java.util.Map<String, String> workloadCc = new java.util.HashMap<>();
        java.util.Map<Integer, String> transports = WorkloadTransport.take(c.key("workloads"), root.get("workloads"));
        List<WorkloadConfig> workloads = WorkloadReader.read(c.key("workloads"), fabric, defaultPriority, workloadCc);
        java.util.Map<String, String> workloadTransport = WorkloadTransport.byName(transports, workloads);
        // flow ids are known ahead only when every workload is a list of flows; generated workloads (collectives,
        // storage, incast, permutation, cdf) number their messages as the run posts them
        boolean listed = workloads.stream().allMatch(w -> w instanceof WorkloadConfig.Flows
                || w instanceof WorkloadConfig.HpccFlows);
        long flowCount = listed ? WorkloadReader.flowCount(workloads) : -1;
        TelemetryConfig telemetry = TelemetryReader.read(c.key("telemetry"), flowCount);
        RoutingConfig routing = RoutingReader.routing(c.key("routing"));
        Cursor failureKey = c.key("failures");
        List<RoutingConfig.Failure> failures = failureKey.present()
                ? RoutingReader.failures(failureKey, fabric.topology()) : List.of();
        MetricsConfig metrics = MetricsConfig.read(c.key("metrics"));
        EngineConfig engine = EngineReader.read(c.key("engine"), fabric);
        return new Scenario(name, seed, stopPs, topology, sw, nic, workloads, telemetry, routing, failures, metrics,
                src.baseDir(), workloadCc, workloadTransport, fabric, engine);
    }

    /** Longest scenario name: results/NAME-SEED-HASH must stay within a file name's 255 bytes. */
    static final int MAX_NAME = 200;

    static String name(Cursor c) {
        if (!c.present()) {
            throw c.error("is required: a name made of letters, digits, '.', '_' and '-', e.g. incast-8to1");
        }
        String name = c.text("a name");
        if (name.length() > MAX_NAME) {
            throw c.error("is " + name.length() + " characters long; a name has at most " + MAX_NAME
                    + " (it names the result directory)");
        }
        if (!Scenario.validName(name)) {
            throw c.error("'" + org.lossless.core.text.Printable.of(name) + "' is not a valid name: use only letters, digits, '.', '_' and '-' "
                    + "(not only dots), e.g. incast-8to1");
        }
        return name;
    }
}
