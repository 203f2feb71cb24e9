package org.lossless.verbs.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioRunner;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.experiments.results.OutputRule;
import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.plan.HardwarePlan;
import org.lossless.verbs.plan.HostPlan;
import org.lossless.verbs.plan.LabSwitch;
import org.lossless.verbs.plan.ProcessSpec;

/** Simulates a scenario and compares it with a measurement taken from a replay of it. */
public final class ReplayCompare {
    /** The directory kind of a written comparison. */
    public static final String KIND = "replay-comparison";

    private ReplayCompare() {
    }

    /**
     * How the replay's plan names things: lab host names per scenario host, latency probes, and the lab switches
     * with the simulated switch and ports each plays.
     */
    public record Naming(Map<Integer, String> hostNames, Set<Long> latencyFlows, List<LabSwitch> switches) {
        public Naming {
            switches = switches == null ? List.of() : List.copyOf(switches);
        }

        /** Without switches. */
        public Naming(Map<Integer, String> hostNames, Set<Long> latencyFlows) {
            this(hostNames, latencyFlows, List.of());
        }

        public static Naming of(HardwarePlan plan) {
            Map<Integer, String> names = new TreeMap<>();
            for (HostPlan h : plan.hosts()) {
                for (int s : h.host().scenarioHosts()) {
                    names.put(s, h.host().name());
                }
            }
            Set<Long> lat = new HashSet<>();
            for (ProcessSpec p : plan.processes()) {
                if (p.output().equals("latency")) {
                    lat.addAll(p.flowIds());
                }
            }
            List<LabSwitch> switches = new ArrayList<>();
            plan.switches().forEach(sw -> switches.add(sw.sw()));
            return new Naming(names, lat, switches);
        }
    }

    /** The simulation of {@code s} as a measurement record named like the replay. */
    public static Measurement simulate(Scenario s, ScenarioRunner runner, Naming naming) {
        RunResult r = runner.run(s);
        Measurement m = SimulatedMeasurement.of(r, naming.hostNames(), naming.latencyFlows(), priorities(s), flowBases(s));
        MeasurementBuilder b = MeasurementBuilder.from(m);
        b.collectives.addAll(SimulatedJobs.collectives(r, s, b.errors));
        b.storage.addAll(SimulatedJobs.storage(r, s));
        b.switchCounters.addAll(SwitchMetrics.simulated(r, naming.switches(), b.errors));
        return b.build();
    }

    /**
     * The plan's flow id of the first flow of each {@code flows} and {@code hpcc-flows} workload: their flows counted
     * in workload order, then list order, skipping other workloads (whose messages nccl-tests and fio do not replay
     * one by one). Equal to flows.csv's ids when those workloads come first.
     */
    public static Map<String, Long> flowBases(Scenario s) {
        Map<String, Long> bases = new java.util.LinkedHashMap<>();
        long id = 0;
        for (WorkloadConfig w : s.workloads()) {
            if (w instanceof WorkloadConfig.Flows f) {
                bases.put(w.name(), id);
                id += f.flows().size();
            } else if (w instanceof WorkloadConfig.HpccFlows h) {
                bases.put(w.name(), id);
                id += h.flows().size();
            }
        }
        return bases;
    }

    /** The priorities the scenario's flows use. */
    public static Set<Integer> priorities(Scenario s) {
        Set<Integer> p = new TreeSet<>();
        for (WorkloadConfig w : s.workloads()) {
            if (w instanceof WorkloadConfig.Flows f) {
                f.flows().forEach(x -> p.add(x.priority()));
            } else if (w instanceof WorkloadConfig.HpccFlows h) {
                h.flows().forEach(x -> p.add(x.priority()));
            }
        }
        return p;
    }

    /**
     * Simulated against measured. Left out: metrics the simulation does not report and the measurement has as 0
     * (other priorities' pause counters), and metrics the measurement does not have at all (its source was not
     * collected) whose simulated value is 0. A metric the measurement has as not available is kept ("n/a").
     */
    public static Comparison compare(Scenario s, String bundleName, Measurement measured, Measurement simulated) {
        Comparison all = Comparison.of(s.name(), bundleName, measured, simulated);
        Set<String> inMeasurement = MetricSet.of(measured).keySet();
        List<MetricRow> rows = new ArrayList<>();
        for (MetricRow r : all.rows()) {
            boolean simSays = r.simulated() != null && (r.simulated() != 0 || inMeasurement.contains(r.metric()));
            boolean hwSays = r.measured() != null && r.measured() != 0;
            if (simSays || hwSays) {
                rows.add(r);
            }
        }
        return new Comparison(all.scenario(), all.bundle(), rows, all.notes());
    }

    /** Writes comparison.json, comparison.csv and comparison.txt into {@code dir}. */
    public static void write(Path dir, Comparison c) throws IOException {
        OutputRule.writeDirectory(dir, KIND, d -> {
            Files.writeString(d.resolve("comparison.json"), ComparisonText.json(c), StandardCharsets.UTF_8);
            Files.writeString(d.resolve("comparison.csv"), ComparisonText.csv(c), StandardCharsets.UTF_8);
            Files.writeString(d.resolve("comparison.txt"), ComparisonText.table(c), StandardCharsets.UTF_8);
        });
    }
}
