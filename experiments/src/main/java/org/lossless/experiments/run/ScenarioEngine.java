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

import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.RoutingConfig;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.TopologyConfig;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.topology.Topology;
import org.lossless.workloads.flows.ListedFlow;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * The packet engine behind {@code lossless run}: turns a resolved {@link Scenario} into an
 * {@link EngineInput}, runs the {@link PacketEngine}, and streams the time series.
 */
public final class ScenarioEngine implements ScenarioRunner {
    /** The partitioned engine's settings, or null for the sequential kernel. */
    private final PacketEngine.Parallelism parallelism;
    /** The cores a run may use (the JVM's, or a sweep's share): the jobs' ideal replays beside it if one is free. */
    private final int cores;
    /** When the jobs' ideal replays: beside the run if a core is free, or forced (tests). */
    private final PacketEngine.IdealTiming idealTiming;
    /** Heap budget of the ideal replay's record of each job's messages, bytes ({@link IdealSpill}). */
    private final long idealBudget;
    /** Runs sharing this JVM's heap at once ({@link #withHeapShare}). */
    private final int heapShares;
    /** Told each spill file of the ideal replay when it is made (tests; may be null). */
    private final java.util.function.Consumer<Path> onSpill;

    /** Runs on the sequential kernel. */
    public ScenarioEngine() {
        this(null);
    }

    /** Runs on the partitioned engine as {@code parallelism} says (null: the sequential kernel). */
    public ScenarioEngine(PacketEngine.Parallelism parallelism) {
        this(parallelism, Runtime.getRuntime().availableProcessors(), PacketEngine.IdealTiming.AUTO);
    }

    /** As {@link #ScenarioEngine(PacketEngine.Parallelism)} on {@code cores} cores, the ideal replayed as {@code timing} says. */
    ScenarioEngine(PacketEngine.Parallelism parallelism, int cores, PacketEngine.IdealTiming timing) {
        this(parallelism, cores, timing, SentLog.defaultBudget(), null);
    }

    /** As {@link #ScenarioEngine(PacketEngine.Parallelism, int, PacketEngine.IdealTiming)}, the ideal's spill as given. */
    ScenarioEngine(PacketEngine.Parallelism parallelism, int cores, PacketEngine.IdealTiming timing, long idealBudget,
                   java.util.function.Consumer<Path> onSpill) {
        this(parallelism, cores, timing, idealBudget, onSpill, 1);
    }

    private ScenarioEngine(PacketEngine.Parallelism parallelism, int cores, PacketEngine.IdealTiming timing,
                           long idealBudget, java.util.function.Consumer<Path> onSpill, int heapShares) {
        this.heapShares = heapShares;
        this.parallelism = parallelism;
        this.cores = cores;
        this.idealTiming = timing;
        this.idealBudget = idealBudget;
        this.onSpill = onSpill;
    }

    @Override
    public ScenarioRunner withParallelism(PacketEngine.Parallelism p) {
        return new ScenarioEngine(p, cores, idealTiming, idealBudget, onSpill, heapShares);
    }

    @Override
    public ScenarioRunner withCores(int n) {
        return new ScenarioEngine(parallelism, Math.max(1, n), idealTiming, idealBudget, onSpill, heapShares);
    }

    /** The ideal replay's record takes its budget of the heap's share ({@link SentLog}); so do the result files. */
    @Override
    public ScenarioRunner withHeapShare(int runs) {
        int n = Math.max(1, runs);
        long share = Runtime.getRuntime().maxMemory() / n; // heapBytes() of the runner made here
        return new ScenarioEngine(parallelism, cores, idealTiming, org.lossless.core.spill.SpillBudgets.sentLog(share),
                onSpill, n);
    }

    @Override
    public long heapBytes() {
        return Runtime.getRuntime().maxMemory() / heapShares;
    }

    @Override
    public RunResult run(Scenario scenario) {
        return run(scenario, null);
    }

    @Override
    public RunResult run(Scenario scenario, Path resultDir) {
        return run(scenario, resultDir, null);
    }

    @Override
    public RunResult run(Scenario scenario, Path resultDir, RunProgress progress) {
        return run(scenario, resultDir, progress, null);
    }

    @Override
    public RunResult run(Scenario scenario, Path resultDir, RunProgress progress,
                         org.lossless.experiments.metrics.FlowSink rows) {
        EngineInput input = input(scenario);
        // the jobs' ideal keeps its record of their messages past a share of the heap in the result directory being
        // written (deleted before the run returns), else in java.io.tmpdir
        IdealSpill spill = new IdealSpill(resultDir, idealBudget, onSpill);
        PacketEngine.Parallelism parallelism = ScenarioCut.of(this.parallelism, scenario); // engine.partitions
        if (resultDir == null) {
            return new PacketEngine(progress, parallelism, cores, idealTiming, spill).run(input, null, null, rows);
        }
        Path ts = resultDir.resolve("timeseries");
        boolean queues = !scenario.telemetry().queues().none();
        boolean rates = !scenario.telemetry().flowRates().none();
        boolean pfc = scenario.telemetry().pfc();
        boolean links = !scenario.telemetry().links().none();
        try {
            if (queues || rates || pfc || links) {
                Files.createDirectories(ts);
            }
            try (Writer q = queues ? writer(ts.resolve("queues.csv")) : null;
                 Writer r = rates ? writer(ts.resolve("rates.csv")) : null;
                 Writer p = pfc ? writer(ts.resolve("pfc.csv")) : null;
                 Writer l = links ? writer(ts.resolve("links.csv")) : null) {
                return new PacketEngine(progress, parallelism, cores, idealTiming, spill).run(input,
                        new PacketEngine.Telemetry(scenario.telemetry(), q, r, p, l), null, rows);
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
        Topology topology = topology(s);
        List<ProgramFactory> programs = new ArrayList<>();
        for (WorkloadConfig w : s.workloads()) {
            programs.add(program(w).withCc(s.workloadCc().get(w.name())).withTransport(s.workloadTransport().get(w.name())));
        }
        // the scenario's NIC settings carry DCQCN resolved at the host link rate and the default congestion
        // control (nic.cc); its switch settings are resolved; every switch's MMU numbers come from the fabric's one
        // assembly of them (the load-time check and the lints read the same)
        List<FailureSpec> failures = new ArrayList<>();
        for (RoutingConfig.Failure f : s.failures()) {
            failures.add(f.node() != null ? new FailureSpec(f.node(), null, f.atPs(), f.upPs())
                    : new FailureSpec(f.link().get(0), f.link().get(1), f.atPs(), f.upPs()));
        }
        return new EngineInput(topology, s.nic(), s.switchSettings(), new Traffic(programs), s.stopTimePs(), s.seed(),
                failures, s.routing().convergencePs(), s.routing().mode() == RoutingConfig.Mode.SPRAY,
                s.mmus());
    }

    /**
     * Workload {@code w} as the engine runs it: its own program ({@link WorkloadConfig#program()}), made by the
     * workload from its records, which the engine hands on unopened; its static flows for the estimates before the
     * run ({@link WorkloadConfig#listedFlows()}).
     */
    public static ProgramFactory program(WorkloadConfig w) {
        return new Workload(w);
    }

    /** A scenario's workload as one of the run's programs. */
    private record Workload(WorkloadConfig w) implements ProgramFactory {
        @Override
        public TrafficProgram newProgram() {
            return w.program();
        }

        @Override
        public List<? extends ListedFlow> listedFlows() {
            return w.listedFlows();
        }
    }

    /**
     * The fabric graph of a scenario's topology, built once per loaded scenario ({@link Scenario#fabric()}): each
     * type maps to its topology-library spec ({@link TopologyConfig#spec()}: star -> StarSpec, leaf-spine ->
     * LeafSpineSpec, fat-tree -> FatTreeSpec, ..., hpcc-file -> the graph read from the file when the scenario was
     * loaded).
     */
    public static Topology topology(Scenario s) {
        return s.fabric().topology();
    }
}
