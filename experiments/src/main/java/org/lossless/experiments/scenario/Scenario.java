package org.lossless.experiments.scenario;

import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.spec.Names;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchMmus;
import org.lossless.switchmodel.settings.SwitchModel;
import org.lossless.switchmodel.settings.SwitchSettings;

/**
 * A validated scenario with every default filled in (the scenario keys of
 * docs/scenario.md). Load one with
 * {@link ScenarioLoader}; write it back with {@link ResolvedYaml}.
 *
 * @param name           [A-Za-z0-9._-]+, not only dots; names the default result directory
 * @param seed           root seed of every random stream (&gt;= 0)
 * @param stopTimePs     simulated-time limit, ps (&gt; 0); a run also ends when all work is done
 * @param topology       the fabric
 * @param switchModel    every switch's buffer, PFC, ECN and QoS maps (key {@code switch}) as switch-model built
 *                       them from what was read: the settings ({@link #switchSettings()}) and the factory of the
 *                       switches' MMUs ({@link #mmusOrNull()})
 * @param nic            every host's NIC: MTU, ACKs, timeout, CNP priority and DCQCN resolved at the host link
 *                       rate ({@code dcqcn} null for {@code nic.cc: none})
 * @param workloads      run together; at least one
 * @param telemetry      time series to record
 * @param routing        ECMP or per-packet spraying, and the route convergence delay after failures
 * @param failures       links and switches that fail (and maybe recover) during the run
 * @param metrics        how results are measured: which completion FCT and slowdown use
 * @param baseDir        folder of the scenario file (absolute); relative paths resolve against it
 * @param workloadCc     congestion control of each workload that names one ({@code cc} of a workload:
 *                       workload name -&gt; algorithm); the others use {@code nic.cc}. Collectives keep theirs
 *                       in their connection options
 * @param workloadTransport transport of each workload that names one ({@code transport} of a workload: workload name
 *                       -&gt; {@code rocev2} or {@code uet}); the others use {@code nic.transport}
 * @param fabric         the assembled fabric of {@code topology} (its graph, built once on first use and shared by
 *                       the checks, the lints, {@code check}, {@code export} and the run); equal to a new one of
 *                       the same topology
 * @param engine         how a run with {@code --threads N} cuts the fabric into partitions ({@code engine}); the
 *                       results do not depend on it
 */
public record Scenario(String name, long seed, long stopTimePs, TopologyConfig topology, SwitchModel switchModel,
                       NicConfig nic, List<WorkloadConfig> workloads, TelemetryConfig telemetry, RoutingConfig routing,
                       List<RoutingConfig.Failure> failures, MetricsConfig metrics, Path baseDir,
                       Map<String, String> workloadCc, Map<String, String> workloadTransport, Fabric fabric,
                       EngineConfig engine) {
    /** What a scenario, workload or result name may contain. */
    public static final Pattern NAME = Names.NAME;

    public Scenario {
        workloadCc = Map.copyOf(workloadCc);
        workloadTransport = Map.copyOf(workloadTransport);
        failures = List.copyOf(failures);
        java.util.Objects.requireNonNull(routing, "routing");
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(switchModel, "switchModel");
        Objects.requireNonNull(nic, "nic");
        Objects.requireNonNull(telemetry, "telemetry");
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(baseDir, "baseDir");
        Objects.requireNonNull(engine, "engine");
        if (Objects.requireNonNull(fabric, "fabric").config() != topology && !fabric.config().equals(topology)) {
            throw new IllegalArgumentException("the fabric is not built from this scenario's topology");
        }
        if (!validName(name)) {
            throw new IllegalArgumentException("bad scenario name '" + name + "'");
        }
        if (seed < 0) {
            throw new IllegalArgumentException("seed must be >= 0, got " + seed);
        }
        if (stopTimePs <= 0) {
            throw new IllegalArgumentException("stop time must be > 0 ps, got " + stopTimePs);
        }
        workloads = List.copyOf(workloads);
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException("a scenario needs at least one workload");
        }
    }

    /** True for names matching {@link #NAME} that are not only dots ({@code .} and {@code ..} are not directory names). */
    public static boolean validName(String name) {
        return Names.valid(name);
    }

    /** The same scenario with another seed (and the same fabric: the graph does not depend on the seed). */
    public Scenario withSeed(long newSeed) {
        return new Scenario(name, newSeed, stopTimePs, topology, switchModel, nic, workloads, telemetry, routing, failures,
                metrics, baseDir, workloadCc, workloadTransport, fabric, engine);
    }

    /** With the automatic cut for {@code --threads} ({@link EngineConfig#AUTO}). */
    public Scenario(String name, long seed, long stopTimePs, TopologyConfig topology, SwitchModel switchModel,
                    NicConfig nic, List<WorkloadConfig> workloads, TelemetryConfig telemetry, RoutingConfig routing,
                    List<RoutingConfig.Failure> failures, MetricsConfig metrics, Path baseDir,
                    Map<String, String> workloadCc, Map<String, String> workloadTransport, Fabric fabric) {
        this(name, seed, stopTimePs, topology, switchModel, nic, workloads, telemetry, routing, failures, metrics,
                baseDir, workloadCc, workloadTransport, fabric, EngineConfig.AUTO);
    }

    /** With a fabric of its own, not built yet. */
    public Scenario(String name, long seed, long stopTimePs, TopologyConfig topology, SwitchSettings switchSettings,
                    NicConfig nic, List<WorkloadConfig> workloads, TelemetryConfig telemetry, RoutingConfig routing,
                    List<RoutingConfig.Failure> failures, MetricsConfig metrics, Path baseDir,
                    Map<String, String> workloadCc, Map<String, String> workloadTransport) {
        this(name, seed, stopTimePs, topology, SwitchModel.of(switchSettings), nic, workloads, telemetry, routing, failures, metrics,
                baseDir, workloadCc, workloadTransport, new Fabric(topology));
    }

    /** Every workload on {@code nic.transport}. */
    public Scenario(String name, long seed, long stopTimePs, TopologyConfig topology, SwitchSettings switchSettings,
                    NicConfig nic, List<WorkloadConfig> workloads, TelemetryConfig telemetry, RoutingConfig routing,
                    List<RoutingConfig.Failure> failures, MetricsConfig metrics, Path baseDir,
                    Map<String, String> workloadCc) {
        this(name, seed, stopTimePs, topology, switchSettings, nic, workloads, telemetry, routing, failures, metrics,
                baseDir, workloadCc, Map.of());
    }

    /** Whether some workload's QPs run Ultra Ethernet's transport (its {@code transport}, else {@code nic.transport}). */
    public boolean usesUet() {
        return uses(org.lossless.nic.UetConfig.UET);
    }

    /** Whether some workload's QPs run RoCEv2 (its {@code transport}, else {@code nic.transport}). */
    public boolean usesRoce() {
        return uses(org.lossless.nic.UetConfig.ROCEV2);
    }

    private boolean uses(String transport) {
        return workloads.stream().anyMatch(w -> workloadTransport.getOrDefault(w.name(), nic.uet().transport())
                .equals(transport));
    }

    /** Every switch's buffer, PFC, ECN and QoS settings, resolved ({@link SwitchModel#settings()}). */
    public SwitchSettings switchSettings() {
        return switchModel.settings();
    }

    /**
     * Every switch's buffer-manager numbers on this scenario's fabric, assembled once by its switch model for the
     * NICs' PFC response and largest frame ({@link SwitchModel#mmus}: the load-time check, the lints, the thresholds
     * file and the engine get the same instance), or null when its topology cannot be built (for the lints: the run
     * reports that error itself).
     */
    public SwitchMmus mmusOrNull() {
        return fabric.topologyOrNull() == null ? null : mmus();
    }

    /**
     * {@link #mmusOrNull()}, for a fabric that builds.
     *
     * @throws RuntimeException the topology's build error, when it cannot be built
     */
    public SwitchMmus mmus() {
        return switchModel.mmus(fabric.topology(), nic.pfcResponsePs(), nic.wire().largestFrame(nic.mtu()));
    }

    /** A path from the scenario resolved against {@link #baseDir()} (absolute paths stay as they are). */
    public Path resolve(String path) {
        return baseDir.resolve(path).normalize();
    }

    /** Number of hosts, numbered 0..hostCount()-1 in topology order. */
    public int hostCount() {
        return topology.hostCount();
    }
}
