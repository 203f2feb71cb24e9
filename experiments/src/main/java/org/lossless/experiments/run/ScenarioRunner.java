package org.lossless.experiments.run;

import java.nio.file.Path;

import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Scenario;

/**
 * Runs one validated scenario to completion (all work done or {@code stopTimePs} reached) and reports
 * what the result files hold. Implementations must be deterministic for a given scenario and seed.
 * A scenario the engine cannot run (e.g. a feature it does not model) is reported with a
 * {@link org.lossless.workloads.yaml.ScenarioException}, which the CLI shows as bad input (exit 2).
 */
@FunctionalInterface
public interface ScenarioRunner {
    RunResult run(Scenario scenario);

    /**
     * Runs and streams large outputs (the {@code timeseries/} files) into {@code resultDir}, the
     * temporary result directory being filled; the default ignores it.
     */
    default RunResult run(Scenario scenario, Path resultDir) {
        return run(scenario);
    }

    /**
     * As {@link #run(Scenario, Path)}, publishing progress to {@code progress} (may be null) and ending
     * with {@link RunInterruptedException} when {@link RunProgress#requestStop()} is called; the default
     * ignores it.
     */
    default RunResult run(Scenario scenario, Path resultDir, RunProgress progress) {
        return run(scenario, resultDir);
    }

    /**
     * As {@link #run(Scenario, Path, RunProgress)}, handing the run's rows to {@code rows} as messages complete, in
     * id order ({@link org.lossless.experiments.metrics.FlowSink}); a runner that does so returns their counts
     * ({@link org.lossless.experiments.metrics.StreamedFlows}) as the result's flows. The default ignores
     * {@code rows} and returns the rows in the result.
     */
    default RunResult run(Scenario scenario, Path resultDir, RunProgress progress,
                          org.lossless.experiments.metrics.FlowSink rows) {
        return run(scenario, resultDir, progress);
    }

    /**
     * This runner on the partitioned engine as {@code parallelism} says ({@code --threads}); a runner without one
     * returns itself (the threads never change a result).
     */
    default ScenarioRunner withParallelism(PacketEngine.Parallelism parallelism) {
        return this;
    }

    /**
     * This runner for a run that may use {@code cores} cores (a sweep's share of the machine when it runs several at
     * once; by default the cores the JVM sees): a run that leaves one of them free computes its jobs' ideal beside
     * itself. A runner without one returns itself (this never changes a result).
     */
    default ScenarioRunner withCores(int cores) {
        return this;
    }

    /**
     * This runner for one of {@code runs} runs at once in this JVM (a sweep's {@code --jobs}): what its runs keep per
     * message takes that share of the heap before it goes to disk ({@link #heapBytes}). A runner without one returns
     * itself (this never changes a result, only where the values wait).
     */
    default ScenarioRunner withHeapShare(int runs) {
        return this;
    }

    /** The heap a run of this runner may count on, B: the JVM's limit, or its share ({@link #withHeapShare}). */
    default long heapBytes() {
        return Runtime.getRuntime().maxMemory();
    }
}
