package org.lossless.experiments.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioException;
import org.lossless.experiments.scenario.TopologyConfig;
import org.lossless.experiments.scenario.WorkloadConfig;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;
import org.lossless.topology.Topology;

/**
 * The packet engine behind {@code lossless run}: turns a resolved {@link Scenario} into an
 * {@link EngineInput}, runs the {@link PacketEngine}, and streams the time series.
 */
public final class ScenarioEngine implements ScenarioRunner {

    @Override
    public RunResult run(Scenario scenario) {
        return run(scenario, null);
    }

    @Override
    public RunResult run(Scenario scenario, Path resultDir) {
        EngineInput input = input(scenario);
        if (resultDir == null) {
            return new PacketEngine().run(input, null);
        }
        Path ts = resultDir.resolve("timeseries");
        boolean queues = !scenario.telemetry().queues().none();
        boolean rates = !scenario.telemetry().flowRates().none();
        boolean pfc = scenario.telemetry().pfc();
        try {
            if (queues || rates || pfc) {
                Files.createDirectories(ts);
            }
            try (Writer q = queues ? writer(ts.resolve("queues.csv")) : null;
                 Writer r = rates ? writer(ts.resolve("rates.csv")) : null;
                 Writer p = pfc ? writer(ts.resolve("pfc.csv")) : null) {
                return new PacketEngine().run(input, new PacketEngine.Telemetry(scenario.telemetry(), q, r, p));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Writer writer(Path file) throws IOException {
        return new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16);
    }

    /** The engine input for {@code s}. */
    public static EngineInput input(Scenario s) {
        Topology topology = topology(s.topology());
        List<FlowSpec> flows = new ArrayList<>();
        for (WorkloadConfig w : s.workloads()) {
            if (w instanceof WorkloadConfig.Flows f) {
                for (WorkloadConfig.FlowSpec spec : f.flows()) {
                    flows.add(new FlowSpec(f.name(), spec.src(), spec.dst(), spec.sizeBytes(), spec.startPs(),
                            spec.priority()));
                }
            } else {
                throw new ScenarioException("workload type " + w.type() + " is not supported by the packet engine yet");
            }
        }
        NicConfig nic = new NicConfig(s.nic().mtuBytes(), 1);
        return new EngineInput(topology, nic, SwitchSettings.defaults(), flows, s.stopTimePs(), s.seed());
    }

    static Topology topology(TopologyConfig t) {
        if (t instanceof TopologyConfig.Star star) {
            return StarTopology.build(star.hosts(), star.hostLink().rateBps(), star.hostLink().delayPs());
        }
        throw new ScenarioException("topology type " + t.type() + " is not supported by the packet engine yet");
    }
}
