package org.lossless.experiments.sweep;

import org.lossless.experiments.run.ScenarioRunner;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Runs a sweep on this machine with {@code jobs} in-process workers: threads of this JVM, each taking the
 * next run in index order with its own engine from {@code runners}. In-process workers measured faster than
 * one JVM per run (no JVM start and warm-up per run; docs/sweeps.md, "Local executor") and share one
 * heap, so the heap bounds memory: see {@link #defaultJobs}.
 */
public final class LocalExecutor implements Executor {
    /** Heap budget of one worker for {@link #defaultJobs}: a k=16 fat-tree run needs about 250 MB. */
    public static final long HEAP_PER_WORKER = 512L << 20;

    private final int jobs;
    private final Supplier<ScenarioRunner> runners;
    private final SweepDefinition def;

    public LocalExecutor(SweepDefinition def, int jobs, Supplier<ScenarioRunner> runners) {
        if (jobs < 1) {
            throw new SweepException("--jobs " + jobs + ": at least 1");
        }
        this.def = def;
        this.jobs = jobs;
        this.runners = runners;
    }

    /** Cores, but no more workers than the heap holds at {@link #HEAP_PER_WORKER} each (at least 1). */
    public static int defaultJobs() {
        int cores = Runtime.getRuntime().availableProcessors();
        long byHeap = Runtime.getRuntime().maxMemory() / HEAP_PER_WORKER;
        return (int) Math.max(1, Math.min(cores, byHeap));
    }

    @Override
    public List<RunFailure> runAll(SweepDirectory dir, List<RunSpec> runs, Progress progress) throws InterruptedException {
        List<RunFailure> failures = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        int n = Math.min(jobs, runs.size());
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < n; w++) {
            Thread t = new Thread(() -> {
                ScenarioRunner runner = runners.get();
                for (int i = next.getAndIncrement(); i < runs.size(); i = next.getAndIncrement()) {
                    RunSpec run = runs.get(i);
                    String reason = SweepRun.execute(dir, def, run, runner);
                    if (reason == null) {
                        progress.done(run);
                    } else {
                        failures.add(new RunFailure(run, reason, null));
                        progress.failed(run, reason);
                    }
                }
            }, "sweep-worker-" + w);
            t.setDaemon(true);
            workers.add(t);
            t.start();
        }
        try {
            for (Thread t : workers) {
                t.join();
            }
        } catch (InterruptedException e) {
            next.set(runs.size());
            throw e;
        }
        List<RunFailure> sorted = new ArrayList<>(failures);
        sorted.sort((a, b) -> Integer.compare(a.run().index(), b.run().index()));
        return sorted;
    }
}
