package org.lossless.core.kernel;

/**
 * What limits a {@link ParallelEngine}, measured over its runs: the number of windows, the events each partition ran
 * (in all and in its busiest window), the hand-offs delivered to it, the time each thread waited at the barrier, and
 * how evenly a window's events were spread over the threads (the busiest thread's events per window against the mean:
 * a window lasts as long as its busiest thread). From a run on a few cores they give the events per window per
 * partition and the barrier cost, from which the speedup on more cores is predicted (benchmarks/README.md). Counts, not
 * times, except the barrier and the wall time: they do not depend on the machine's load.
 */
public final class ParallelStats {
    /** Windows run ({@link #window}). */
    private long windows;
    /**
     * Simulated time the windows ran, ps: the sum over windows of their length, from the window's start (the earliest
     * pending partition event or hand-off) to its end (exclusive: at most the lookahead later, sooner at global work or
     * the stop time); the stretches in which nothing was pending are in no window. Saturates at {@code Long.MAX_VALUE}.
     */
    private long windowPs;
    /** The longest window the cut allows (the lookahead), ps; {@code Long.MAX_VALUE} with one partition. */
    private final long lookaheadPs;
    /** Events run by each partition. */
    final long[] events;
    /** Most events a partition ran in one window. */
    final long[] maxWindowEvents;
    /** Wall time each thread spent at the barrier (waiting, or running the between-window step), ns. */
    final long[] barrierNs;
    /**
     * Wall time each thread took to leave the barrier after its release, ns (0 for the thread that ran the step between
     * windows): how late a waiting thread starts the next window or phase.
     */
    final long[] wakeNs;
    /** Steps between windows (the barrier's action) after a window, and after a delivery phase; their wall time, ns. */
    private long steps;
    private long deliveryPhases;
    private long stepNs;
    private long stepAfterDeliveryNs;
    /** Windows whose events all ran on one thread although several threads ran the window. */
    private long oneThreadWindows;
    /** Wall time of the runs, ns. */
    long wallNs;
    /**
     * Windows run on one thread ({@link Pacer}): in all, and those kept there because the engine found one thread
     * faster (the others measured it); their wall time (steps included), ns; the pacer's cycles of measurement so far
     * and of them those that kept one thread.
     */
    private long soloWindows;
    private long keptSoloWindows;
    private long soloNs;
    private long paceCycles;
    private long soloCycles;
    /** Hand-offs delivered to each partition (from other partitions, at a window's start or before global events). */
    final long[] handOffs;
    /** Events each thread ran in the current window (reset at its end). */
    private final long[] threadWindowEvents;
    /** Sum over windows of the most events one thread ran in the window. */
    private long busiestThreadEvents;
    /** Events each partition ran in the current window. */
    private final long[] partitionWindowEvents;
    /** Scratch of the replay of a window's plan ({@link #replay}): each thread's events, next and end of its plan. */
    private final long[] replay;
    private final int[] front;
    private final int[] end;
    /** Sum over windows of the busiest thread's events had the claims gone as planned ({@link #plannedBusiestEvents}). */
    private long plannedBusiest;
    /** Sum over windows of the least the busiest thread could run: the mean, or the largest partition's events. */
    private long leastBusiest;

    ParallelStats(int partitions, int threads, long lookaheadPs) {
        this.lookaheadPs = lookaheadPs;
        events = new long[partitions];
        maxWindowEvents = new long[partitions];
        barrierNs = new long[threads];
        wakeNs = new long[threads];
        handOffs = new long[partitions];
        threadWindowEvents = new long[threads];
        partitionWindowEvents = new long[partitions];
        replay = new long[threads];
        front = new int[threads];
        end = new int[threads];
        threadWindowNs = new long[threads];
        threadWindowCpuNs = new long[threads];
        threadEvents = new long[threads];
        threadCpuNs = new long[threads];
    }

    /**
     * Wall and (with {@link #cpuClock}) thread CPU time each thread spent running partitions' events in the current
     * window, ns; and over the run, split by whether that window's events ran on one thread or on several at once
     * ({@link #nsPerEvent}): what the threads cost each other per event.
     */
    private final long[] threadWindowNs;
    private final long[] threadWindowCpuNs;
    /** Events each thread ran over the run, and their thread CPU time (with {@link #cpuClock}), ns. */
    private final long[] threadEvents;
    private final long[] threadCpuNs;
    private final long[] alone = new long[3];
    private final long[] together = new long[3];
    /**
     * Of {@link #together}: the windows whose step before them ran global work (a global event, deferred work such as
     * the programs' reactions, or an event run ahead), which may have written into the partitions' state from the
     * thread that ran the step; set by the engine between windows ({@link #globalWorkRan}).
     */
    private final long[] togetherAfterGlobal = new long[3];
    private boolean globalBefore;
    private boolean globalNow;

    /** A window {@code [startPs, endPs)} starts (engine, one thread, between windows). */
    void window(long startPs, long endPs) {
        windows++;
        windowPs = Ahead.saturatedAdd(windowPs, Math.max(0, endPs - startPs));
    }

    /** The step between windows ran global work before the next window (engine, one thread, between windows). */
    void globalWorkRan() {
        globalNow = true;
    }

    /**
     * Partition {@code p} ran {@code n} events on {@code thread} in the current window, after {@code handed} hand-offs,
     * in {@code ns} of wall time and {@code cpuNs} of its thread's CPU time (0 unless {@link #cpuClock}).
     */
    void ran(int p, int thread, long n, int handed, long ns, long cpuNs) {
        threadWindowNs[thread] += ns;
        threadWindowCpuNs[thread] += cpuNs;
        threadEvents[thread] += n;
        threadCpuNs[thread] += cpuNs;
        events[p] += n;
        if (n > maxWindowEvents[p]) {
            maxWindowEvents[p] = n;
        }
        handOffs[p] += handed;
        threadWindowEvents[thread] += n;
        partitionWindowEvents[p] = n;
    }

    /**
     * The end of a window (one thread, every other at the barrier), planned by {@code claims}: its busiest thread is
     * counted as it ran, as planned and at best.
     */
    void windowEnded(Claims claims) {
        long max = 0;
        int busy = 0;
        for (long n : threadWindowEvents) {
            busy += n > 0 ? 1 : 0;
        }
        long[] kind = busy > 1 ? together : alone;
        long[] after = busy > 1 && globalBefore ? togetherAfterGlobal : null;
        globalBefore = globalNow;
        globalNow = false;
        for (int t = 0; t < threadWindowEvents.length; t++) {
            max = Math.max(max, threadWindowEvents[t]);
            kind[0] += threadWindowEvents[t];
            kind[1] += threadWindowNs[t];
            kind[2] += threadWindowCpuNs[t];
            if (after != null) {
                after[0] += threadWindowEvents[t];
                after[1] += threadWindowNs[t];
                after[2] += threadWindowCpuNs[t];
            }
            threadWindowEvents[t] = 0;
            threadWindowNs[t] = 0;
            threadWindowCpuNs[t] = 0;
            replay[t] = 0;
        }
        busiestThreadEvents += max;
        long total = 0;
        long largest = 0;
        int active = 0;
        for (int i = 0; i < claims.size(); i++) {
            long n = partitionWindowEvents[claims.at(i)];
            total += n;
            largest = Math.max(largest, n);
            active += n > 0 ? 1 : 0;
        }
        replay(claims);
        for (int i = 0; i < claims.size(); i++) {
            partitionWindowEvents[claims.at(i)] = 0;
        }
        if (busy == 1 && active > 1) {
            oneThreadWindows++;
        }
        long planned = 0;
        for (long r : replay) {
            planned = Math.max(planned, r);
        }
        plannedBusiest += planned;
        leastBusiest += Math.max(largest, (total + replay.length - 1) / replay.length);
    }

    /**
     * The window's plan replayed on its event counts, into {@link #replay}: every event taking the same time, the thread
     * that is free first (the lower on ties) takes the next partition of its own plan, or when it has none left the last
     * unstarted one of the next thread's that has one ({@link Claims#claim}). O(partitions x threads).
     */
    private void replay(Claims claims) {
        int threads = replay.length;
        for (int t = 0; t < threads; t++) {
            front[t] = claims.planStart(t);
            end[t] = claims.planStart(t + 1);
        }
        for (int left = claims.size(); left > 0; left--) {
            int t = 0;
            for (int u = 1; u < threads; u++) {
                if (replay[u] < replay[t]) {
                    t = u;
                }
            }
            int p;
            if (front[t] < end[t]) {
                p = claims.planned(front[t]++);
            } else {
                int v = (t + 1) % threads;
                while (front[v] >= end[v]) {
                    v = (v + 1) % threads;
                }
                p = claims.planned(--end[v]);
            }
            replay[t] += partitionWindowEvents[p];
        }
    }

    /**
     * The thread CPU clock when the steps between windows ({@link #stepCpuNs()}) and the partitions' runs in a window
     * ({@link #nsPerEvent}) are also timed in their thread's CPU time: the system property {@code
     * lossless.parallel.stepCpu=true}, for benchmarks (two readings of the thread CPU clock per step and per partition
     * run, about 1 us each; on a loaded machine a step's wall time is mostly the time its thread had no core).
     */
    private final java.lang.management.ThreadMXBean cpuClock = Boolean.getBoolean("lossless.parallel.stepCpu")
            ? java.lang.management.ManagementFactory.getThreadMXBean() : null;
    private long stepCpuNs;

    /** The calling thread's CPU time, ns, when the steps are timed so ({@link #cpuClock}), else 0. */
    long cpuNow() {
        return cpuClock == null ? 0 : cpuClock.getCurrentThreadCpuTime();
    }

    /**
     * The step between windows took {@code ns} of wall time ({@code cpuNs} of its thread's CPU time if {@link #cpuClock});
     * {@code afterWindow} false: after a delivery phase.
     */
    void stepped(boolean afterWindow, long ns, long cpuNs) {
        stepCpuNs += cpuNs;
        if (afterWindow) {
            steps++;
            stepNs += ns;
        } else {
            deliveryPhases++;
            stepAfterDeliveryNs += ns;
        }
    }

    /**
     * A window ({@code window} true) or a delivery phase ran on one thread alone ({@link ParallelEngine}'s solo), {@code
     * kept} there after a verdict of the pacer (else in its measurement).
     */
    void soloWindow(boolean window, boolean kept) {
        soloWindows += window ? 1 : 0;
        keptSoloWindows += window && kept ? 1 : 0;
    }

    /** A stretch of solo windows took {@code ns}. */
    void solo(long ns) {
        soloNs += ns;
    }

    /** At a run's end: the pacer has decided {@code cycles} of measurement, {@code solo} of them for one thread. */
    void paced(long cycles, long solo) {
        paceCycles = cycles;
        soloCycles = solo;
    }

    /** Windows the engine ran on one thread alone ({@link Pacer}): to measure, or because that was faster. */
    public long soloWindows() {
        return soloWindows;
    }

    /** Of {@link #soloWindows()}: those run on one thread because the engine found that faster on this machine. */
    public long keptSoloWindows() {
        return keptSoloWindows;
    }

    /** The pacer's cycles of measurement decided so far (0: none, such as in a run too short for one). */
    public long paceCycles() {
        return paceCycles;
    }

    /**
     * Wall ({@code cpu} false) or thread CPU time per partition event, ns, in the windows whose events all ran on one
     * thread ({@code together} false) or on two or more at once: two threads that share nothing cost the same per event
     * either way. CPU is 0 unless {@link #cpuClock}.
     */
    public double nsPerEvent(boolean together, boolean cpu) {
        long[] kind = together ? this.together : alone;
        return kind[0] == 0 ? 0 : (double) kind[cpu ? 2 : 1] / kind[0];
    }

    /**
     * As {@link #nsPerEvent}{@code (true, cpu)}, of the windows run together whose step before them ran global work
     * ({@code afterGlobal} true) or none (false): whether that work, run on one thread into the partitions' state,
     * makes the partitions' next events dearer on the other core.
     */
    public double nsPerEventTogether(boolean afterGlobal, boolean cpu) {
        long[] a = togetherAfterGlobal;
        long n = afterGlobal ? a[0] : together[0] - a[0];
        long v = afterGlobal ? a[cpu ? 2 : 1] : together[cpu ? 2 : 1] - a[cpu ? 2 : 1];
        return n == 0 ? 0 : (double) v / n;
    }

    /** Partition events run together in windows whose step before them ran global work. */
    public long eventsTogetherAfterGlobal() {
        return togetherAfterGlobal[0];
    }

    /** Partition events run in windows whose events ran on two or more threads at once. */
    public long eventsTogether() {
        return together[0];
    }

    /** Windows in which one thread ran every event, though two or more partitions had events. */
    public long oneThreadWindows() {
        return oneThreadWindows;
    }

    /** Phases in which the threads delivered the hand-offs before global work (one more barrier each). */
    public long deliveryPhases() {
        return deliveryPhases;
    }

    /**
     * Wall time of the serial steps between windows (the barrier's action: global work, the next window's plan), ns:
     * {@link #stepAfterWindowNs()} plus {@link #stepAfterDeliveryNs()}.
     */
    public long stepNs() {
        return stepNs + stepAfterDeliveryNs;
    }

    /**
     * Wall time of the serial steps after a window ({@link #stepNs()} without those after a delivery phase), ns: the
     * window's end, the global work due (the programs' reactions and timers, global events) and the next window's plan.
     */
    public long stepAfterWindowNs() {
        return stepNs;
    }

    /**
     * Wall time of the serial steps after a delivery phase (the hand-offs delivered by the threads before global work),
     * ns: the global work and the next window's plan.
     */
    public long stepAfterDeliveryNs() {
        return stepAfterDeliveryNs;
    }

    /** Simulated time the windows ran, ps (see {@link #windowPs}): with {@link #windows()}, the mean window. */
    public long windowPs() {
        return windowPs;
    }

    /** The longest window the cut allows, ps ({@code Long.MAX_VALUE} with one partition). */
    public long lookaheadPs() {
        return lookaheadPs;
    }

    /** CPU time of the serial steps between windows, ns (0 unless {@link #cpuClock}). */
    public long stepCpuNs() {
        return stepCpuNs;
    }

    /** Mean wake-up delay after a release, per window and waiting thread, ns. */
    public double wakeNsPerWindow() {
        long total = 0;
        for (long w : wakeNs) {
            total += w;
        }
        return windows == 0 || wakeNs.length < 2 ? 0 : (double) total / (wakeNs.length - 1) / windows;
    }

    /** Windows run. */
    public long windows() {
        return windows;
    }

    /** Number of partitions. */
    public int partitions() {
        return events.length;
    }

    public long events(int partition) {
        return events[partition];
    }

    public long maxWindowEvents(int partition) {
        return maxWindowEvents[partition];
    }

    /** Threads the runs used. */
    public int threads() {
        return barrierNs.length;
    }

    /** Hand-offs delivered to {@code partition}. */
    public long handOffs(int partition) {
        return handOffs[partition];
    }

    /** Hand-offs across partitions per window (all partitions). */
    public double handOffsPerWindow() {
        long total = 0;
        for (long h : handOffs) {
            total += h;
        }
        return windows == 0 ? 0 : (double) total / windows;
    }

    /** Sum over windows of the most events one thread ran in the window: the events on the runs' critical path. */
    public long busiestThreadEvents() {
        return busiestThreadEvents;
    }

    /**
     * Sum over windows of the busiest thread's events had every thread run the window's plan ({@link Claims}: its own
     * partitions, then the others' unstarted ones) as soon as it was free and every event taken the same time: the plan
     * replayed on the window's event counts; on an idle machine, what {@link #busiestThreadEvents} measures; on a loaded
     * one a thread that loses its core leaves its unstarted partitions to the others, which then run more events, as
     * they should. With one partition per thread, the largest partition's events.
     */
    public long plannedBusiestEvents() {
        return plannedBusiest;
    }

    /** Sum over windows of the least events any split of whole partitions leaves the busiest thread. */
    public long leastBusiestEvents() {
        return leastBusiest;
    }

    /** {@link #imbalance()} of the {@linkplain #plannedBusiestEvents() planned} claims. */
    public double plannedImbalance() {
        return ratio(plannedBusiest);
    }

    /**
     * The busiest thread's events per window over the mean thread's (1: every window split evenly; with {@code T}
     * threads at most {@code T}). A window lasts as long as its busiest thread, so this bounds the speedup from balance
     * alone at {@code T / imbalance}.
     */
    public double imbalance() {
        return ratio(busiestThreadEvents);
    }

    private double ratio(long busiest) {
        long total = 0;
        for (long e : events) {
            total += e;
        }
        return total == 0 ? 1 : (double) busiest * barrierNs.length / total;
    }

    /**
     * Thread CPU ns per partition event that {@code thread} ran over the run (0 without {@code
     * -Dlossless.parallel.stepCpu=true}): whether one thread, or the core it ran on, was slower than the other.
     */
    public double cpuNsPerEvent(int thread) {
        return threadEvents[thread] == 0 ? 0 : (double) threadCpuNs[thread] / threadEvents[thread];
    }

    public long barrierNs(int thread) {
        return barrierNs[thread];
    }

    /** Wall time of the runs ({@link ParallelEngine#runUntil}: from the first window's plan to the threads' end), ns. */
    public long wallNs() {
        return wallNs;
    }

    /** Mean events per partition per window. */
    public double eventsPerPartitionWindow() {
        long total = 0;
        for (long e : events) {
            total += e;
        }
        return windows == 0 ? 0 : (double) total / events.length / windows;
    }

    /** Mean barrier time per window (over threads), ns. */
    public double barrierNsPerWindow() {
        long total = 0;
        for (long b : barrierNs) {
            total += b;
        }
        return windows == 0 ? 0 : (double) total / barrierNs.length / windows;
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "%d windows, %d partitions on %d threads, %.1f events per partition "
                + "per window, busiest thread %.1f events per window (imbalance %.3f as run, %.3f as planned, %.3f at best), "
                + "%.1f hand-offs per window, %.0f ns at the barrier per window and thread, wall %.3f s; "
                + "%d windows on one thread, %d delivery phases, serial step %.0f ns per window (CPU %.0f ns), "
                + "wake-up %.0f ns per window and waiting thread; per event %.0f ns alone, %.0f ns together "
                + "(CPU %.0f, %.0f ns; %d events together); together after global work %.0f ns, after none %.0f ns "
                + "(CPU %.0f, %.0f ns; %d events after global work); %d windows solo (%d kept) in %.3f s (%d of %d "
                + "cycles of probes kept one thread)", windows,
                events.length, barrierNs.length, eventsPerPartitionWindow(),
                windows == 0 ? 0 : (double) busiestThreadEvents / windows, imbalance(), plannedImbalance(),
                ratio(leastBusiest), handOffsPerWindow(), barrierNsPerWindow(), wallNs / 1e9, oneThreadWindows,
                deliveryPhases, windows == 0 ? 0 : (double) stepNs() / windows,
                windows == 0 ? 0 : (double) stepCpuNs / windows, wakeNsPerWindow(), nsPerEvent(false, false),
                nsPerEvent(true, false), nsPerEvent(false, true), nsPerEvent(true, true), together[0],
                nsPerEventTogether(true, false), nsPerEventTogether(false, false), nsPerEventTogether(true, true),
                nsPerEventTogether(false, true), togetherAfterGlobal[0], soloWindows, keptSoloWindows, soloNs / 1e9, soloCycles,
                paceCycles);
    }
}
