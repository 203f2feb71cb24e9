package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.List;

import org.lossless.core.kernel.Deferred;
import org.lossless.core.kernel.ParallelEngine;
import org.lossless.core.kernel.Scheduler;
import org.lossless.nic.Flow;
import org.lossless.nic.FlowListener;
import org.lossless.nic.HostNic;

/**
 * Completions in a run on the {@link ParallelEngine}: a NIC's event records the completion in its partition's list
 * and stops its partition after the current instant, or up to the programs' least reaction delay later ({@link
 * Scheduler#yieldAfter}: their reactions cannot come sooner, {@link ProgramDriver#reactionDelayPs()}); between windows the engine
 * hands them to the {@link ProgramDriver} (the traffic programs' reactions), at their instant, after every partition
 * event of that instant and before any later one, in (host, the host's order) at one instant. So a program reacting
 * to a completion in another partition sees it at the same simulated time whatever the partitioning (with one
 * partition too: the engine is the same).
 *
 * <p>With several partitions the others must not pass that instant either: every frame put on a link towards a NIC
 * that may complete a message when it arrives ({@link HostNic#mayComplete}) is noted with its arrival time, and a
 * window ends right after the earliest noted one, or that reaction delay later ({@link #horizonPs}). A window is no longer than the shortest
 * NIC link's delay plus the smallest frame's time, so what arrives inside it was put on the link before it began.
 *
 * <p>Between windows it also tells the PFC observers what the partitions buffered ({@link PfcBuffers}).
 */
final class Completions implements Deferred, org.lossless.core.kernel.AheadWork,
        PacketNetwork.PerHostListener {
    record Done(long timePs, int host, long seq, Flow flow, boolean acked) {
    }

    private final ProgramDriver driver;
    private final int[] partOfHost;
    /** The completions each partition recorded and {@link #pendingPs} has not yet moved into {@link #due}. */
    private final PartitionBuffers<Done> buffers;
    /**
     * The completions recorded in the partitions' buffers, moved here between windows ({@link #pendingPs}) and handed
     * on instant by instant: one sort per completion instead of a scan of every buffer per instant (a window that ends
     * a reaction delay after its first completion may hold many).
     */
    private final DueHeap due = new DueHeap();
    private final java.util.function.Consumer<Done> toDue = due::add;
    /** The completions of the instant being handed on ({@link #run}), reused from instant to instant. */
    private List<Done> atInstant = new ArrayList<>();
    /** Completions per host so far (each written by its host's partition only). */
    private final long[] seq;
    /** Each host NIC's scheduler (to yield its partition), set when the NICs are built. */
    private final Scheduler[] nicScheduler;
    /** Noted arrival times of frames that may complete a message, by partition; null with one partition. */
    private final LongHeap[] predicted;
    /**
     * Each partition's earliest noted arrival as last read between windows ({@link #horizonPs}), and whether the
     * partition noted more since ({@code fresh}, set by the partition): the engine's questions read these two arrays
     * and only the heaps that changed or hold arrivals already past, instead of every partition's heap (two cache lines
     * each, asked twice per window; benchmarks/README.md, "Step 21").
     */
    private final long[] predictedMin;
    private final boolean[] fresh;
    private PfcBuffers pfc;
    private org.lossless.experiments.metrics.PartitionTelemetry telemetry;
    /** The flow table whose QPs are compacted between windows, or null ({@link #compactsQueuesOf}). */
    private org.lossless.nic.FlowTable queues;
    /**
     * The earliest instant a completion may happen in the window being planned ({@link #horizonPs}: the arrival of the
     * earliest noted frame; {@code Long.MAX_VALUE}: none noted): the programs' timers due up to it may run ahead.
     */
    private long completesFromPs = Long.MAX_VALUE;

    Completions(ProgramDriver driver, int[] partOfHost, int partitions) {
        this.driver = driver;
        this.partOfHost = partOfHost.clone();
        this.seq = new long[partOfHost.length];
        this.nicScheduler = new Scheduler[partOfHost.length];
        this.buffers = new PartitionBuffers<>(partitions);
        predictedMin = new long[partitions];
        fresh = new boolean[partitions];
        java.util.Arrays.fill(predictedMin, Long.MAX_VALUE);
        if (partitions > 1) {
            predicted = new LongHeap[partitions];
            for (int p = 0; p < partitions; p++) {
                predicted[p] = new LongHeap();
            }
        } else {
            predicted = null;
        }
    }

    void pfc(PfcBuffers b) {
        this.pfc = b;
    }

    /** The partitions' time series, written between windows up to the run's clock (null: none). */
    void telemetry(org.lossless.experiments.metrics.PartitionTelemetry t) {
        this.telemetry = t;
    }

    /** Whether windows need the noted arrivals ({@link #watch}). */
    boolean predicts() {
        return predicted != null;
    }

    /** Notes frames towards host {@code host}'s NIC that may complete a message (called in its partition). */
    void watch(int host, HostNic nic, org.lossless.core.net.Link towardsNic) {
        int part = partOfHost[host];
        LongHeap heap = predicted[part];
        towardsNic.watch((p, atPs) -> {
            if (nic.mayComplete(p)) {
                heap.add(atPs);
                fresh[part] = true;
            }
        });
    }

    @Override
    public FlowListener forHost(int host, Scheduler nic) {
        nicScheduler[host] = nic;
        int part = partOfHost[host];
        List<Done> buffer = buffers.of(part);
        return new FlowListener() {
            @Override
            public void flowFinished(Flow flow, long nowPs) {
                buffers.add(part, new Done(nowPs, host, seq[host]++, flow, false));
                yieldAfter(nic, buffer, nowPs);
            }

            @Override
            public void flowAcked(Flow flow, long nowPs) {
                buffers.add(part, new Done(nowPs, host, seq[host]++, flow, true));
                yieldAfter(nic, buffer, nowPs);
            }
        };
    }

    @Override
    public void flowFinished(Flow flow, long nowPs) {
        throw new IllegalStateException("a NIC of a partitioned run reports through its own listener (forHost)");
    }

    /** Moves what the partitions recorded into {@link #due} (between windows, every partition stopped). */
    @Override
    public long pendingPs() {
        buffers.drain(toDue);
        return due.isEmpty() ? Long.MAX_VALUE : due.peek().timePs();
    }

    @Override
    public void run(long atPs) {
        pendingPs();
        List<Done> now = atInstant == null ? new ArrayList<>() : atInstant; // null: called from a reaction below
        atInstant = null;
        while (!due.isEmpty() && due.peek().timePs() == atPs) {
            now.add(due.poll());
        }
        for (int i = 0, n = now.size(); i < n; i++) {
            Done d = now.get(i);
            if (d.acked()) {
                driver.flowAcked(d.flow(), atPs);
            } else {
                driver.flowFinished(d.flow(), atPs);
            }
        }
        now.clear();
        atInstant = now;
    }

    /**
     * Stops the NIC's partition where the programs' reactions to a completion recorded now could start (with one
     * partition, right after the completion's instant); when no program
     * reacts ({@link #endsOnly()}), only once this window's completions here are as many as the messages that still
     * need one (fewer cannot end the run).
     */
    private void yieldAfter(Scheduler nic, List<Done> recorded, long nowPs) {
        if (!endsOnly()) {
            // one partition: nothing to gain from running on, and the training job of benchmarks/ ran 5-15 % slower
            // on one thread when its partition ran the reaction delay past each completion (measured, not traced)
            nic.yieldAfter(predicted == null ? nowPs : reachPs(nowPs));
        } else if (recorded.size() >= driver.needing()) {
            nic.yieldAfterNow();
        }
    }

    /** Whether no program reacts to completions: one matters only where it may end the run. */
    private boolean endsOnly() {
        return driver.reactionDelayPs() == org.lossless.workloads.traffic.TrafficProgram.NEVER_REACTS;
    }

    /**
     * Last instant partitions may reach past a completion at {@code atPs}: the programs' reactions come no sooner than
     * their least declared reaction delay ({@link ProgramDriver#reactionDelayPs()}; 0: the completion's own instant).
     */
    private long reachPs(long atPs) {
        long d = driver.reactionDelayPs();
        return d == Long.MAX_VALUE ? Long.MAX_VALUE : atPs + Math.max(1, d) - 1;
    }

    @Override
    public long reactionDelayPs() {
        return driver.reactionDelayPs();
    }

    @Override
    public long horizonPs(long fromPs) {
        long t = Long.MAX_VALUE;
        for (int p = 0; p < predicted.length; p++) {
            if (fresh[p] || predictedMin[p] < fromPs) {
                LongHeap h = predicted[p];
                while (h.size() > 0 && h.min() < fromPs) {
                    h.poll();
                }
                predictedMin[p] = h.min();
                fresh[p] = false;
            }
            t = Math.min(t, predictedMin[p]);
        }
        completesFromPs = t;
        if (endsOnly()) {
            // a window holds no completion but of frames already noted: fewer of them than the messages that still
            // need a completion cannot end the run inside it
            long noted = 0;
            for (LongHeap h : predicted) {
                noted += h.size();
            }
            return noted >= driver.needing() ? t : Long.MAX_VALUE;
        }
        return t == Long.MAX_VALUE ? t : reachPs(t);
    }

    @Override
    public boolean runsAhead(org.lossless.core.kernel.SimEvent next) {
        return driver.runsAhead(next, completesFromPs);
    }

    @Override
    public boolean holdsAt(long atPs) {
        return driver.holdsAt(atPs);
    }

    @Override
    public long stopsAtPs() {
        return driver.stopsAtPs();
    }

    @Override
    public void windowEnded() {
        if (pfc != null) {
            pfc.flush();
        }
        if (telemetry != null) {
            telemetry.merge(driver.kernel.now()); // samples the run has reached: its end is not before them
        }
        if (queues != null) {
            queues.compactQueues(); // every partition stopped: the QPs' finished entries can go
        }
    }

    /** Between windows, the QPs of {@code flows} that asked drop their finished entries (FlowTable.keepQpEntries). */
    void compactsQueuesOf(org.lossless.nic.FlowTable flows) {
        this.queues = flows;
    }

    /**
     * The recorded completions not yet handed on, in the order they are handed on ({@link OrderedHeap}): by instant,
     * then by host, then in the host's order (its {@code seq}, unique per host: the order is total).
     */
    static final class DueHeap extends OrderedHeap<Done> {
        DueHeap() {
            super(64);
        }

        @Override
        protected boolean before(Done a, Done b) {
            if (a.timePs() != b.timePs()) {
                return a.timePs() < b.timePs();
            }
            if (a.host() != b.host()) {
                return a.host() < b.host();
            }
            return a.seq() < b.seq();
        }
    }
}
