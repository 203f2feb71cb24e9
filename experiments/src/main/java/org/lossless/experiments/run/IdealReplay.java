package org.lossless.experiments.run;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.lossless.experiments.metrics.JobIdeal;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * The jobs' ideal ({@link IdealRun}) of one packet run, computed either after the run (as before) or beside it, on a
 * thread of its own started with the run, when the run leaves a core free ({@link PacketEngine}). The replay does not
 * depend on the packet run (its own fresh programs, the same seed), so both give the same ideals, byte for byte.
 *
 * <p>Beside the run, which jobs will report iterations is not known yet: every workload whose program can report
 * some (its class has its own {@link TrafficProgram#jobIterations()}; plain traffic has none and is not replayed, as
 * before) is replayed, each alone, in workload order, and {@link #finish} keeps the ideals of exactly the jobs the run
 * reported, so a job that reported nothing gets no ideal, as after the run. A replay that failed fails
 * {@link #finish} with its own exception only if its job reported (the first such in workload order), which is what
 * the replay after the run throws; the failure of a job that reported nothing is dropped, as that job is not
 * replayed after the run.
 *
 * <p>Beside the run the replay gives way to a tight heap ({@link #HEAP_SHARE}, or an {@link OutOfMemoryError} on its
 * thread): it stops, and the whole replay runs after the run instead, as before.
 *
 * <p>The thread is a daemon and {@link #cancel} stops it within {@link IdealContext#STOP_CHECK_PERIOD} events (or some
 * tens of thousands of messages of its port bounds' pass, {@link PortBound}): a run that fails or is stopped (Ctrl-C,
 * the warm daemon's stop) leaves nothing running. Each job's record of its messages may spill to a file
 * ({@link IdealSpill}), which that job's replay deletes as it ends, however it ends.
 */
final class IdealReplay {
    /** One replayed workload: its job's name and its ideal, or what its replay threw. */
    private record Outcome(String job, JobIdeal ideal, Throwable failure) {
    }

    private final EngineInput in;
    private final IdealFct ideal;
    private final List<TrafficProgram> running;
    /** The thread beside the run; null: the replay runs after it ({@link #finish}). */
    private final Thread thread;
    /** Written by {@link #thread} before it ends; read after joining it. */
    private final List<Outcome> outcomes = new ArrayList<>();
    /** The thread's own CPU time, ns, written as its last act (-1 when unknown). */
    private volatile long endCpuNs = -1;
    private volatile boolean cancelled;
    /** Set by the thread when the heap grew tight ({@link #HEAP_SHARE}): it stopped, and the replay runs after the run. */
    private volatile boolean deferred;
    /** {@link #HEAP_SHARE}, or another share for tests. */
    private final double heapShare;
    /** Where each job's record of its messages goes past its heap budget ({@link SentLog}). */
    private final IdealSpill spill;

    /**
     * The share of the heap limit past which the replay beside the run gives way: once the heap in use (live data and
     * garbage not yet collected) passes it, the thread stops and the whole replay runs after the run, as before, so that
     * it never pushes a run that fits alone out of memory. Measured (benchmarks/README.md, "The ideal beside the
     * run"): the 1,024-GPU ring all-reduce of 1 GB's replay peaks at 0.72 GB in its first 21 s, beside a run that
     * peaks at 1.74 GB at its end, 45 CPU minutes later; it stays beside the run within a 4 GB heap.
     */
    static final double HEAP_SHARE = 0.75;

    private IdealReplay(EngineInput in, IdealFct ideal, List<TrafficProgram> running, boolean beside, double heapShare,
                        IdealSpill spill) {
        this.heapShare = heapShare;
        this.spill = java.util.Objects.requireNonNull(spill, "spill");
        this.in = in;
        this.ideal = ideal;
        this.running = List.copyOf(running);
        if (beside) {
            thread = new Thread(this::replayAll, "lossless-ideal");
            thread.setDaemon(true);
            thread.start();
        } else {
            thread = null;
        }
    }

    /**
     * The ideal of {@code in}'s jobs, on a thread started now when {@code beside}, else after the run ({@link #finish}).
     * {@code running}: the run's programs, in workload order ({@link IdealRun#of}); {@code ideal} is read-only, so the
     * run and the replay may share it.
     */
    static IdealReplay start(EngineInput in, IdealFct ideal, List<TrafficProgram> running, boolean beside) {
        return new IdealReplay(in, ideal, running, beside, HEAP_SHARE, IdealSpill.in(null));
    }

    /** As {@link #start(EngineInput, IdealFct, List, boolean)}, giving way past {@code heapShare} of the heap limit. */
    static IdealReplay start(EngineInput in, IdealFct ideal, List<TrafficProgram> running, boolean beside,
                             double heapShare) {
        return new IdealReplay(in, ideal, running, beside, heapShare, IdealSpill.in(null));
    }

    /** As {@link #start(EngineInput, IdealFct, List, boolean, double)}, each job's record kept as {@code spill} says. */
    static IdealReplay start(EngineInput in, IdealFct ideal, List<TrafficProgram> running, boolean beside,
                             double heapShare, IdealSpill spill) {
        return new IdealReplay(in, ideal, running, beside, heapShare, spill);
    }

    /** True when the replay runs beside the run. */
    boolean beside() {
        return thread != null;
    }

    /** True when the replay beside the run gave way to a tight heap and runs after the run ({@link #HEAP_SHARE}). */
    boolean deferred() {
        return deferred;
    }

    /** Whether the thread beside the run is still at work (false after the run's end if it finished first). */
    boolean busy() {
        return thread != null && thread.isAlive();
    }

    private void replayAll() {
        EdgeUplinks edges = EdgeUplinks.of(in.topology());
        try {
            IdealRun.forEachFresh(in, running, () -> !cancelled, p -> {
                if (!reportsJobs(p)) {
                    return;
                }
                Outcome o;
                try {
                    o = new Outcome(p.name(), IdealRun.replay(in, ideal, p, edges, this::stopNow, spill), null);
                } catch (OutOfMemoryError e) { // beside the run's own heap: after the run, as before, decides
                    deferred = true;
                    cancelled = true;
                    return;
                } catch (Throwable t) { // kept for finish(): it matters only if the job reports
                    o = new Outcome(p.name(), null, t);
                }
                outcomes.add(o);
            });
        } catch (Throwable t) { // a factory that threw: kept as the after-the-run replay would meet it
            outcomes.add(new Outcome(null, null, t));
        } finally {
            endCpuNs = ownCpuNs();
        }
    }

    /** Asked every {@link IdealContext#STOP_CHECK_PERIOD} events: cancelled, or the heap is tight (deferred). */
    private boolean stopNow() {
        if (!cancelled && !deferred) {
            Runtime rt = Runtime.getRuntime();
            if (rt.totalMemory() - rt.freeMemory() > heapShare * rt.maxMemory()) {
                deferred = true;
                cancelled = true;
            }
        }
        return cancelled;
    }

    /** Whether {@code p}'s class reports job iterations at all: it has its own {@link TrafficProgram#jobIterations()}. */
    static boolean reportsJobs(TrafficProgram p) {
        try {
            return p.getClass().getMethod("jobIterations").getDeclaringClass() != TrafficProgram.class;
        } catch (NoSuchMethodException e) {
            return true;
        }
    }

    /**
     * The ideals of the jobs named in {@code jobs} (those that reported iterations in the run), in workload order: after
     * the run, replayed now ({@link IdealRun#of}); beside it, once the thread has finished. Throws what the replay of a
     * reporting job threw.
     */
    List<JobIdeal> finish(Set<String> jobs) {
        if (thread == null) {
            return jobs.isEmpty() ? List.of() : IdealRun.of(in, ideal, jobs, running, spill);
        }
        if (jobs.isEmpty()) {
            cancel(); // no job reported: no ideal is kept, the replay need not end its work
        }
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the run is over: its results are being made, the replay ends by itself
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        List<JobIdeal> out = new ArrayList<>();
        if (jobs.isEmpty()) {
            return out;
        }
        if (deferred) {
            outcomes.clear(); // what it held goes before the replay after the run
            return IdealRun.of(in, ideal, jobs, running, spill);
        }
        for (Outcome o : outcomes) {
            if (o.job() == null || jobs.contains(o.job())) {
                if (o.failure() != null) {
                    throw rethrow(o.failure());
                }
                out.add(o.ideal());
            }
        }
        return out;
    }

    /** Stops the thread beside the run (a run that failed or was stopped); it ends within a few microseconds' work. */
    void cancel() {
        cancelled = true;
    }

    /**
     * {@link #cancel()}, then waits up to {@code waitMs} for the thread to end: a run that failed or was stopped is
     * about to delete the result directory being written, where the replay's spill file may be ({@link IdealSpill});
     * the thread deletes its own file as it ends. Gives up early, keeping the flag, if this thread is interrupted.
     */
    void cancelAndWait(long waitMs) {
        cancel();
        if (thread == null) {
            return;
        }
        try {
            thread.join(waitMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The thread beside the run, for tests (null after the run). */
    Thread thread() {
        return thread;
    }

    /** CPU time the thread beside the run used so far, ns (0 after the run or when the platform does not tell). */
    long cpuNs() {
        if (thread == null) {
            return 0;
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        if (!mx.isThreadCpuTimeSupported()) {
            return 0;
        }
        long t = mx.getThreadCpuTime(thread.getId());
        if (t < 0) {
            // ended (the bean knows live threads only): its last act wrote its total; join to read it
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 0;
            }
            t = endCpuNs;
        }
        return Math.max(0, t);
    }

    private static long ownCpuNs() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        return mx.isCurrentThreadCpuTimeSupported() ? mx.getCurrentThreadCpuTime() : -1;
    }

    private static RuntimeException rethrow(Throwable t) {
        throw org.lossless.core.kernel.Rethrow.unchecked(t); // programs throw no checked exception
    }
}
