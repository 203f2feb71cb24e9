package org.lossless.experiments.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

import org.lossless.core.kernel.Engine;
import org.lossless.core.kernel.Kernel;
import org.lossless.core.kernel.ParallelEngine;
import org.lossless.core.kernel.Scheduler;
import org.lossless.core.net.PacketPool;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.FlowResultList;
import org.lossless.experiments.metrics.FlowSink;
import org.lossless.experiments.metrics.SinkThread;
import org.lossless.experiments.metrics.FlowStream;
import org.lossless.experiments.metrics.JobIdeal;
import org.lossless.experiments.metrics.MessageLabel;
import org.lossless.experiments.metrics.PfcLog;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.metrics.RunCost;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.metrics.WatchdogResult;
import org.lossless.nic.Flow;
import org.lossless.nic.FlowTable;
import org.lossless.experiments.scenario.TelemetryConfig;
import org.lossless.switchmodel.SwitchNode;
import org.lossless.switchmodel.pfc.WatchdogConfig;
import org.lossless.switchmodel.settings.WatchdogSettings;
import org.lossless.topology.Node;
import org.lossless.topology.Routes;
import org.lossless.topology.Topology;
import org.lossless.workloads.traffic.TrafficProgram;

/** Runs one scenario at packet level and collects its results. */
public final class PacketEngine {

    /**
     * What to sample while running: the scenario's telemetry settings and where to stream the rows
     * ({@code null} writers switch a series off): {@code timeseries/queues.csv}, {@code rates.csv},
     * {@code pfc.csv} ({@link PfcLog}) and {@code links.csv}.
     */
    public record Telemetry(TelemetryConfig config, Writer queues, Writer rates, Writer pfc, Writer links) {
        /** Without link loads. */
        public Telemetry(TelemetryConfig config, Writer queues, Writer rates, Writer pfc) {
            this(config, queues, rates, pfc, null);
        }

        /** Without the PFC event log and link loads. */
        public Telemetry(TelemetryConfig config, Writer queues, Writer rates) {
            this(config, queues, rates, null);
        }
    }

    /**
     * A hook that sees the built model before the first event runs: validation tests and tools use it
     * to schedule sampling events, observe PFC ({@link SwitchNode#observePfc}) or probe ports
     * ({@link org.lossless.core.net.EgressPort#probe}). It must not change the model's behaviour.
     */
    @FunctionalInterface
    public interface Instrument {
        /**
         * @param sim     the run's scheduler (schedule probe events on it)
         * @param network the model
         * @param flows   the run's nic-cc flows in id order (progress counters such as {@link Flow#receivedBytes()}):
         *                one per message and QP it uses, so a message with {@code qps > 1} appears as its parts
         *                ({@code QpSplit}); with static flows of {@code qps = 1} they are the scenario's flows. A
         *                live view: messages posted later are added as they are posted; with {@link #keepsFlows}
         *                false, a flow finished at both ends reads as null from then on (its table lets go of it)
         */
        void attach(Scheduler sim, PacketNetwork network, List<Flow> flows);

        /**
         * Whether the flows stay in the run's flow table to its end for this instrument to read (default); false
         * lets the table release each once it is finished and acknowledged, as a run without instrument does.
         */
        default boolean keepsFlows() {
            return true;
        }
    }

    /**
     * A pause cycle counts as a deadlock when none of its queues sent a frame during the last this
     * much of the run (or the last tenth of a shorter run): 1 ms.
     */
    static final long DEADLOCK_WINDOW_PS = 1_000_000_000L;

    /** Idle frames (about 72 bytes each) above which the end of a run asks for a full collection: 36 MB of them. */
    static final int COLLECT_AFTER_FRAMES = 1 << 19;

    /** Where another thread follows the run and can stop it; null when nobody watches. */
    private final RunProgress progress;
    /** How to run: null for the sequential kernel of earlier versions, else the partitioned engine's settings. */
    private final Parallelism parallelism;
    /** The cores this run may use: the JVM's, or its share of them in a sweep ({@link ScenarioRunner#withCores}). */
    private final int cores;
    /** When the jobs' ideal is replayed ({@link IdealReplay}). */
    private final IdealTiming idealTiming;
    /** Where the jobs' ideal replay keeps its record of their messages past its heap budget ({@link IdealSpill}). */
    private final IdealSpill idealSpill;
    /** How long a run that failed waits for the replay beside it to end (and delete its spill file), ms. */
    static final long CANCEL_WAIT_MS = 10_000;

    /**
     * When the jobs' ideal replay runs: {@link #AUTO} beside the run when it leaves a core free ({@link #besideRun}),
     * else after it; the other two force either (tests: both give the same results).
     */
    enum IdealTiming { AUTO, BESIDE, AFTER }

    /**
     * A run on the partitioned engine ({@link ParallelEngine}): {@code threads} threads (at least 1), a partition per
     * node name ({@code engine.partitions}) or null for the automatic cut. The results do not depend on either.
     * {@code notes} is told, once, why fewer threads run than were asked for (may be null).
     */
    public record Parallelism(int threads, java.util.Map<String, Integer> partitions,
                              java.util.function.Consumer<String> notes,
                              java.util.function.Consumer<org.lossless.core.kernel.ParallelStats> stats) {
        public Parallelism {
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be at least 1, got " + threads);
            }
        }

        /** Without the engine's figures ({@code stats}: told the windows, events and barrier time after a run). */
        public Parallelism(int threads, java.util.Map<String, Integer> partitions,
                           java.util.function.Consumer<String> notes) {
            this(threads, partitions, notes, null);
        }
    }

    public PacketEngine() {
        this(null);
    }

    /** An engine that publishes its progress to {@code progress} (may be null). */
    public PacketEngine(RunProgress progress) {
        this(progress, null);
    }

    /** An engine that runs on the partitioned engine as {@code parallelism} says (null: the sequential kernel). */
    public PacketEngine(RunProgress progress, Parallelism parallelism) {
        this(progress, parallelism, Runtime.getRuntime().availableProcessors(), IdealTiming.AUTO);
    }

    /** As {@link #PacketEngine(RunProgress, Parallelism)} on {@code cores} cores, the ideal replayed as {@code timing} says. */
    PacketEngine(RunProgress progress, Parallelism parallelism, int cores, IdealTiming timing) {
        this(progress, parallelism, cores, timing, IdealSpill.in(null));
    }

    /** As {@link #PacketEngine(RunProgress, Parallelism, int, IdealTiming)}, the ideal's record kept as {@code spill} says. */
    PacketEngine(RunProgress progress, Parallelism parallelism, int cores, IdealTiming timing, IdealSpill spill) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be at least 1, got " + cores);
        }
        this.progress = progress;
        this.parallelism = parallelism;
        this.cores = cores;
        this.idealTiming = java.util.Objects.requireNonNull(timing, "timing");
        this.idealSpill = java.util.Objects.requireNonNull(spill, "spill");
    }

    /**
     * Whether the jobs' ideal replays beside the run: forced, or when the run leaves one of its cores free (the packet
     * run takes 1 thread, or its partitioned engine's threads: {@code --threads N}, at most one per partition).
     */
    boolean besideRun(RunPartitions cut) {
        if (idealTiming != IdealTiming.AUTO) {
            return idealTiming == IdealTiming.BESIDE;
        }
        return cores > threadsUsed(cut);
    }

    /** The threads the packet run takes: 1, or its partitioned engine's (at most one per partition). */
    private int threadsUsed(RunPartitions cut) {
        return parallelism == null ? 1 : Math.min(parallelism.threads(), cut.partitions());
    }

    /** Runs without time series. */
    public RunResult run(EngineInput in) {
        return run(in, null, null);
    }

    /**
     * Builds the network, runs it to the stop time or until every program is finished and every message it
     * posted is delivered and acknowledged, and reports.
     */
    public RunResult run(EngineInput in, Telemetry telemetry) {
        return run(in, telemetry, null);
    }

    /** As {@link #run(EngineInput, Telemetry)}, with an {@link Instrument} (may be null) attached before the start. */
    public RunResult run(EngineInput in, Telemetry telemetry, Instrument instrument) {
        return run(in, telemetry, instrument, null);
    }

    /**
     * As {@link #run(EngineInput, Telemetry, Instrument)}; with a {@code sink} (may be null) the rows go to it as
     * messages complete, in id order ({@link FlowStream}), and the result's flows are their counts
     * ({@link org.lossless.experiments.metrics.StreamedFlows}) instead of the rows.
     */
    public RunResult run(EngineInput in, Telemetry telemetry, Instrument instrument, FlowSink sink) {
        long wallStart = System.nanoTime();
        RunCost cost = RunCost.start();
        Topology topo = in.topology();
        Engine kernel;
        PacketNetwork.Placement place;
        RunPartitions cut = null;
        if (parallelism == null) {
            Kernel k = new Kernel(in.seed());
            kernel = k;
            place = PacketNetwork.Placement.single(k, new PacketPool(), topo.nodes().size());
        } else {
            cut = RunPartitions.of(in, parallelism.threads(), parallelism.partitions());
            if (!cut.note().isEmpty() && parallelism.notes() != null) {
                parallelism.notes().accept(cut.note());
            }
            ParallelEngine pe = new ParallelEngine(in.seed(), cut.partitions(), parallelism.threads(),
                    cut.lookaheadPs(), cut.weights());
            Scheduler[] parts = new Scheduler[cut.partitions()];
            PacketPool[] pools = new PacketPool[cut.partitions()];
            for (int p = 0; p < parts.length; p++) {
                parts[p] = pe.partition(p);
                pools[p] = new PacketPool();
            }
            kernel = pe;
            place = new PacketNetwork.Placement(parts, cut.partOf(), pools);
        }
        FlowTable flows = new FlowTable();
        Routes routes = Routes.shortestPaths(topo);
        ProgramDriver traffic = new ProgramDriver(kernel, flows, in.nic().mtu(), in.nic().wire());
        if (instrument != null && instrument.keepsFlows()) {
            traffic.keepParts(); // the instrument reads the flows: none is released
        }
        IdealFct ideal = new IdealFct(in.topology(), routes, in.nic().wire(), in.switches().latencyPs(),
                in.switches().cutsThrough());
        MessageIdealTimes messageIdeals = new MessageIdealTimes(traffic.log(), ideal, in.nic().mtu(),
                in.nic().ackDelayPs());
        // the result files' work on a core the run leaves free, beside it (the same rows in the same order)
        SinkThread rowsBeside = sink == null || cores <= threadsUsed(cut) ? null
                : new SinkThread(sink, "lossless-result-rows");
        FlowStream stream = sink == null ? null : new FlowStream(traffic.log(), traffic.parts(), messageIdeals,
                rowsBeside != null ? rowsBeside : sink);
        Completions completions = cut == null ? null
                : new Completions(traffic, cut.partOfHosts(topo), cut.partitions());
        PacketNetwork network = PacketNetwork.build(topo, routes, place, kernel.streams(), flows, in.nic(),
                in.switchMmus(), completions == null ? traffic : completions, in.seed(), in.sprayPerPacket());
        if (completions != null) {
            ((ParallelEngine) kernel).defer(completions);
            if (completions.predicts()) {
                traffic.releaseAhead(((ParallelEngine) kernel).ahead(), cut.partOfHosts(topo), cut.partitions());
                flows.keepQpEntries(); // a release run ahead posts in the sender's partition, beside the receiver's
                completions.compactsQueuesOf(flows); // so their finished entries go between windows instead
                for (int h = 0; h < topo.hostCount(); h++) {
                    org.lossless.topology.Port up = topo.ports(topo.hostNode(h)).get(0);
                    completions.watch(h, network.nic(h), network.link(up.peer(), up.peerPort()));
                }
            }
        }
        List<TrafficProgram> programs = new ArrayList<>();
        List<String> ccs = new ArrayList<>();
        List<String> transports = new ArrayList<>();
        for (ProgramFactory f : in.traffic().programs()) {
            programs.add(f.newProgram());
            ccs.add(f.cc());
            transports.add(f.transport());
            if (org.lossless.nic.UetConfig.UET.equals(f.transport())) {
                network.usesUet(); // a workload on UET beside nic.transport rocev2: the uet section is written
            }
        }
        traffic.start(network, programs, ccs, transports);
        new FailureController(kernel, network, in.routeConvergencePs()).arm(in.failures());
        PauseGraphRecorder pauseGraph = new PauseGraphRecorder(network);
        Sampling sampler = null;
        PfcLog log = null;
        if (telemetry != null) {
            sampler = Sampling.of(kernel, network, traffic, telemetry, cut);
            sampler.arm();
            if (completions != null) {
                completions.telemetry(sampler.partitions()); // merged between windows
            }
            if (telemetry.pfc() != null) {
                log = new PfcLog(telemetry.pfc());
            }
        }
        if (completions == null) {
            pauseGraph.attach();
            if (log != null) {
                observeAll(network, log);
            }
        } else {
            // partition events buffer their PFC decisions; the observers are told between windows, in one order
            PfcBuffers buffers = new PfcBuffers(topo, cut.partitions(), cut.partOf(), pauseGraph, log);
            completions.pfc(buffers);
            observeAll(network, buffers.observer());
        }
        if (instrument != null) {
            instrument.attach(kernel, network, flows.all());
        }
        DeadlockDetector deadlock = new DeadlockDetector(kernel, network);
        deadlock.arm(in.stopTimePs(), Math.min(DEADLOCK_WINDOW_PS, in.stopTimePs() / 10));
        if (progress != null) {
            progress.start(kernel, in.stopTimePs(), RunProgress.estimateEnd(in.topology(), in.flows(), in.stopTimePs()));
        }
        IdealReplay replay = IdealReplay.start(in, ideal, programs, besideRun(cut), IdealReplay.HEAP_SHARE, idealSpill);
        try {
            RunResult r = finish(in, kernel, place, traffic, network, replay, deadlock, telemetry, sampler, stream,
                    messageIdeals, pauseGraph, cost, wallStart);
            if (rowsBeside != null) {
                rowsBeside.drain(); // every row is in the files' writers before the result is read
            }
            return r;
        } catch (RuntimeException | Error e) {
            if (rowsBeside != null) {
                rowsBeside.close();
            }
            replay.cancelAndWait(CANCEL_WAIT_MS); // a run that failed or was stopped: the replay beside it ends too
            throw e;
        }
    }

    /** Runs the model to its end and reports; the replay of the jobs' ideal beside it is joined at the end. */
    private RunResult finish(EngineInput in, Engine kernel, PacketNetwork.Placement place, ProgramDriver traffic,
                             PacketNetwork network, IdealReplay replay, DeadlockDetector deadlock, Telemetry telemetry,
                             Sampling sampler, FlowStream stream, MessageIdealTimes messageIdeals,
                             PauseGraphRecorder pauseGraph, RunCost cost, long wallStart) {
        if (!traffic.done()) {
            kernel.runUntil(in.stopTimePs());
        }
        if (parallelism != null && parallelism.stats() != null) {
            parallelism.stats().accept(((ParallelEngine) kernel).stats());
        }
        if (kernel.aborted()) {
            throw new RunInterruptedException(kernel.now(), in.stopTimePs());
        }
        // the run is over: its idle frames need not outlive it; after a run that held very many, one full collection
        // now compacts what is left, so that the results are built in memory the run already used instead of
        // raising the peak (memory, benchmarks/README.md)
        int idle = 0;
        for (PacketPool pool : place.pools()) {
            idle += pool.discardFree();
        }
        if (idle >= COLLECT_AFTER_FRAMES) {
            System.gc();
        }
        List<String> cycle = deadlock.detect(!traffic.done());
        if (telemetry != null) {
            sampler.finish(kernel.now());
            flush(telemetry);
        }
        double wall = (System.nanoTime() - wallStart) / 1e9;
        long idealCpuNs = replay.cpuNs();
        double cpu = cost.cpuSeconds();
        if (cpu >= 0) {
            cpu = Math.max(0, cpu - idealCpuNs / 1e9); // the run's own: the replay beside it is not in it, as after it
        }
        long heap = cost.peakHeapBytes();
        List<FlowResult> results = stream == null ? results(traffic, messageIdeals) : stream.finish(kernel.now());
        List<PortResult> ports = network.portResults();
        WatchdogConfig watchdog = WatchdogSettings.of(in.switches());
        PacketNetwork.Totals totals = network.totals();
        List<org.lossless.workloads.traffic.JobIteration> jobs = traffic.jobIterations();
        java.util.Set<String> jobNames = new java.util.HashSet<>();
        jobs.forEach(j -> jobNames.add(j.job()));
        if (progress != null && !jobNames.isEmpty() && (replay.busy() || !replay.beside() || replay.deferred())) {
            progress.computingIdeal(); // the display says so instead of looking stuck at the run's end
        }
        List<JobIdeal> ideals = replay.finish(jobNames);
        long events = kernel.eventsExecuted() - (sampler == null ? 0 : sampler.extraEvents(kernel.now()));
        return new RunResult(kernel.now(), events, wall, results, ports, totals.dropPackets(),
                totals.dropBytes(), totals.pauseFrames(), totals.pausedPs(), !cycle.isEmpty(), totals.ecnMarked(),
                network.cnpsSent(), cycle, watchdog == null ? null
                        : new WatchdogResult(watchdog.action().key(), network.stormEpisodes()), pauseGraph.graph(),
                jobs, traffic.operationStats(), cpu, heap, ideals, network.losslessDrops(),
                traffic.training(), network.uetCounters(), traffic.unfinishedPrograms());
    }

    /**
     * One row per posted message, in id order; the counters sum over its QP parts. The rows are built when read
     * ({@link FlowResultList}): here only each message's ideals are computed.
     */
    private static List<FlowResult> results(ProgramDriver traffic, MessageIdealTimes ideals) {
        org.lossless.experiments.metrics.MessageLog log = traffic.log();
        int n = log.size();
        long[] receiverIdeals = new long[n];
        long[] senderIdeals = new long[n];
        for (int i = 0; i < n; i++) {
            receiverIdeals[i] = ideals.receiverPs(i);
            senderIdeals[i] = ideals.senderPs(i, receiverIdeals[i]);
        }
        return new FlowResultList(log, traffic.parts(), receiverIdeals, senderIdeals);
    }

    /** Tells {@code o} of every switch's and NIC's PFC decisions. */
    private static void observeAll(PacketNetwork network, org.lossless.core.net.PfcObserver o) {
        Topology t = network.topology();
        for (Node node : t.nodes()) {
            if (network.switchAt(node.id()) != null) {
                network.switchAt(node.id()).observePfc(o);
            } else {
                network.nic(t.hostNumber(node.id())).observePfc(o);
            }
        }
    }

    private static void flush(Telemetry t) {
        try {
            if (t.queues() != null) {
                t.queues().flush();
            }
            if (t.rates() != null) {
                t.rates().flush();
            }
            if (t.pfc() != null) {
                t.pfc().flush();
            }
            if (t.links() != null) {
                t.links().flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
