package org.lossless.core.kernel;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import nl.tudelft.simulation.dsol.SimRuntimeException;
import nl.tudelft.simulation.dsol.eventlists.EventListInterface;
import nl.tudelft.simulation.dsol.experiment.Replication;
import nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEventInterface;
import nl.tudelft.simulation.dsol.model.DsolModel;
import nl.tudelft.simulation.dsol.simulators.DevsSimulator;
import nl.tudelft.simulation.dsol.simulators.RunState;
import nl.tudelft.simulation.dsol.simulators.SimulatorInterface;

/**
 * DSOL's {@link DevsSimulator} with integer picosecond time and a run loop fit for packet-level
 * models. Same semantics as the stock simulator (same event order, same replication life cycle,
 * same DSOL events for listeners), with these differences:
 *
 * <ul>
 * <li>the event list is always a {@link LongHeapEventList};</li>
 * <li>the run loop takes the simulator lock once per batch of {@value #BATCH} events instead of
 * once per event, builds no log strings, and fires {@code TIME_CHANGED_EVENT} only when someone
 * listens (checked once per batch);</li>
 * <li>the current time lives in a primitive {@code long}; DSOL's boxed {@code simulatorTime} field
 * is brought up to date at the end of every batch and before DSOL code reads it;</li>
 * <li>an exception thrown by an event ends the replication at once and is kept in
 * {@link #failure()} (DSOL's error strategies would pause the worker and leave a caller waiting
 * for the end of the replication forever);</li>
 * <li>{@link #endReplicationAfterCurrentEvent()} ends a replication early without moving the
 * clock to the replication's end time;</li>
 * <li>with {@link #setRetainPendingEvents(boolean) retainPendingEvents}, model events still
 * pending when a replication ends are kept and carried into the next one, so a run can be
 * continued as a new replication that starts where the last one stopped.</li>
 * </ul>
 *
 * <p>It relies on protected fields of DSOL 4.3.2 ({@code eventList}, {@code simulatorTime},
 * {@code runState}, {@code runUntilTime}, {@code worker}); {@code FastDevsSimulatorTest} compares
 * its event order with the stock simulator. Keep dsol-core pinned.
 *
 * <p>Threads: DSOL runs each replication on its own worker thread, which is not a daemon. The
 * worker ends with the replication; {@link #awaitEndOfReplication()} waits for it and
 * {@link #shutdownWorker()} releases a worker that was initialized but never started.
 */
public class FastDevsSimulator extends DevsSimulator<Long> implements Scheduler {
    private static final long serialVersionUID = 1L;
    /** Events run per acquisition of the simulator lock. */
    public static final int BATCH = 4096;

    static {
        DsolLogging.quiet();
    }

    private LongHeapEventList heap;
    /** Current time, ps; authoritative while a replication runs. */
    private long nowPs;
    /** Model events executed (DSOL's warmup and end-of-replication events not counted). */
    private long executed;
    private boolean endRequested;
    /** Set from any thread ({@link #requestAbort()}); read once per batch. */
    private volatile boolean abortRequested;
    /** The last replication ended because of {@link #requestAbort()}. */
    private boolean aborted;
    /**
     * Time and event count published once per batch for observers on other threads (progress bars): one
     * volatile write per {@value #BATCH} events, nothing per event.
     */
    private volatile long publishedNowPs;
    private volatile long publishedEvents;
    private boolean retainPendingEvents;
    private Throwable failure;
    /** A stopping condition set by the model's replication, evaluated after every event. */
    private Predicate<Object> userCondition;
    private long warmupPs;
    /** DSOL's own events of the current replication, removed when pending events are retained. */
    private final List<SimEventInterface<Long>> internalEvents = new ArrayList<>(2);
    /**
     * Installed as the replication's stopping condition when it has none, so that ending early
     * is a regular DSOL stop, not an "endReplication before the end time" warning and clock jump.
     */
    private final Predicate<Object> endRequestedCondition = model -> endRequested;

    private FastDevsSimulator(Serializable id) {
        super(id);
        setEventList(new LongHeapEventList());
    }

    /**
     * A new simulator. DSOL's simulator constructor re-registers DSOL's log category in djutils' JVM-wide
     * {@code CategoryLogger} (remove, add, level, pattern, formatter) without any lock; two threads
     * constructing at once (in-process sweep workers) made it throw a NullPointerException. Every
     * construction therefore takes {@link DsolLogging#LOCK}, the lock of that shared state.
     *
     * @param id the simulator's name, used by DSOL for the worker thread
     */
    public static FastDevsSimulator create(Serializable id) {
        synchronized (DsolLogging.LOCK) {
            return new FastDevsSimulator(id);
        }
    }

    // ---------------------------------------------------------------------------- Scheduler

    @Override
    public long now() {
        return nowPs;
    }

    @Override
    public void schedule(SimEvent event, long atPs) {
        if (atPs < nowPs) {
            throw new IllegalArgumentException("event scheduled in the past: at " + atPs + " ps < now " + nowPs + " ps");
        }
        heap.add(event, atPs);
    }

    @Override
    public boolean cancel(SimEvent event) {
        return heap.remove(event);
    }

    // ------------------------------------------------------------------------ own additions

    /** Model events executed so far, over all replications (DSOL's own events not counted). */
    public long eventsExecuted() {
        return executed;
    }

    /** Pending model events (DSOL's own warmup and end-of-replication events not counted). */
    public int pendingModelEvents() {
        return heap.modelEventCount();
    }

    /** The exception that ended the last replication early, or null. */
    public Throwable failure() {
        return failure;
    }

    /**
     * Ends the current replication right after the event that is executing now; the clock stays
     * at that event's time. Call from inside an event.
     */
    public void endReplicationAfterCurrentEvent() {
        endRequested = true;
    }

    /**
     * Asks the running replication to end at the end of the current batch (within {@value #BATCH} events),
     * from any thread (a shutdown hook on Ctrl-C). The clock stays where it got to; {@link #aborted()} tells.
     */
    public void requestAbort() {
        abortRequested = true;
    }

    /** True if the last replication was ended by {@link #requestAbort()}. */
    public boolean aborted() {
        return aborted;
    }

    /** Simulated time reached, as published at the end of the last batch; safe to read from any thread. */
    public long publishedNowPs() {
        return publishedNowPs;
    }

    /** Model events executed, as published at the end of the last batch; safe to read from any thread. */
    public long publishedEvents() {
        return publishedEvents;
    }

    /** Whether model events still pending at the end of a replication are kept for the next one. */
    public void setRetainPendingEvents(boolean retain) {
        this.retainPendingEvents = retain;
    }

    /**
     * Waits until the worker thread of the current replication has finished, that is until DSOL
     * has fired {@code END_REPLICATION_EVENT}. Interrupts are deferred until the end.
     */
    public void awaitEndOfReplication() {
        Thread w = this.worker;
        if (w == null || w == Thread.currentThread()) {
            return;
        }
        boolean interrupted = false;
        while (w.isAlive()) {
            try {
                w.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Ends a worker thread that waits for a start that will never come (so the JVM can exit), and
     * waits for it. Does nothing when the worker has already finished.
     */
    public void shutdownWorker() {
        SimulatorWorkerThread w = this.worker;
        if (w != null && w.isAlive() && w != Thread.currentThread()) {
            w.cleanUp();
            awaitEndOfReplication();
        }
    }

    // ------------------------------------------------------------------- DSOL overrides

    /** Installs {@code list}, which must be a {@link LongHeapEventList}. */
    @Override
    public synchronized void setEventList(EventListInterface<Long> list) {
        if (!(list instanceof LongHeapEventList h)) {
            throw new IllegalArgumentException("FastDevsSimulator runs on a LongHeapEventList, not "
                    + (list == null ? "null" : list.getClass().getName()));
        }
        this.heap = h;
        super.setEventList(list);
    }

    @Override
    public Long getSimulatorTime() {
        return nowPs;
    }

    /**
     * DSOL's initialize (which constructs the model and schedules the warmup and end events). With
     * retained events, DSOL clears a fresh list and the pending events are merged back afterwards.
     */
    @Override
    public void initialize(DsolModel<Long, ? extends SimulatorInterface<Long>> model, Replication<Long> replication,
            boolean cleanUp) throws SimRuntimeException {
        endRequested = false;
        aborted = false;
        failure = null;
        internalEvents.clear();
        nowPs = replication.getStartTime();
        warmupPs = replication.getWarmupTime();
        LongHeapEventList carried = null;
        if (retainPendingEvents) {
            carried = heap;
            heap = new LongHeapEventList();
            eventList = heap;
        }
        Thread previousWorker = this.worker;
        try {
            super.initialize(model, replication, cleanUp);
        } catch (RuntimeException | Error e) {
            if (this.worker != previousWorker) {
                shutdownWorker(); // the model failed to build: release the worker DSOL just started
            }
            throw e;
        } finally {
            if (carried != null) {
                if (!carried.isEmpty()) { // else the fresh list simply stays
                    heap.transferTo(carried);
                    heap = carried;
                    eventList = carried;
                }
            }
        }
        @SuppressWarnings("unchecked")
        Predicate<Object> cond = (Predicate<Object>) (Predicate<?>) replication.getStoppingCondition();
        if (cond == null) {
            replication.setStoppingCondition(endRequestedCondition);
        }
        userCondition = cond == endRequestedCondition ? null : cond;
    }

    /** Schedules any DSOL event without building its log string. */
    @Override
    public SimEventInterface<Long> scheduleEvent(SimEventInterface<Long> event) throws SimRuntimeException {
        synchronized (semaphore) {
            long t = event.getAbsoluteExecutionTime();
            if (t < nowPs) {
                throw new SimRuntimeException("event scheduled in the past: at " + t + " ps < now " + nowPs + " ps");
            }
            if (event instanceof SimEvent e) {
                heap.add(e, t);
            } else {
                boolean internal = event instanceof nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEvent<?> s
                        && s.getTarget() == this;
                heap.addForeign(event, internal);
                if (internal) {
                    internalEvents.add(event);
                }
            }
            return event;
        }
    }

    @Override
    public boolean cancelEvent(SimEventInterface<Long> event) {
        return heap.remove(event);
    }

    /**
     * Ends the replication (DSOL's version clears the event list). With retained events, the
     * pending model events survive and only this replication's DSOL events are dropped.
     */
    @Override
    public void endReplication() {
        simulatorTime = nowPs;
        if (!retainPendingEvents) {
            super.endReplication();
            return;
        }
        for (SimEventInterface<Long> e : internalEvents) {
            heap.remove(e);
        }
        internalEvents.clear();
        LongHeapEventList kept = heap;
        heap = new LongHeapEventList();
        eventList = heap;
        try {
            super.endReplication();
        } finally {
            heap = kept;
            eventList = kept;
        }
    }

    @Override
    protected void stepImpl() {
        synchronized (semaphore) {
            SimEvent e = heap.poll();
            if (e != null) {
                advanceTo(e.timePs, true);
                execute(e);
                simulatorTime = nowPs;
            }
        }
    }

    @Override
    public void run() {
        this.runflag = true; // tells startImpl() that run() has started
        while (!isStoppingOrStopped()) {
            synchronized (semaphore) {
                runBatch(numberOfListeners(TIME_CHANGED_EVENT) > 0);
                simulatorTime = nowPs;
                publishedNowPs = nowPs;
                publishedEvents = executed;
                if (abortRequested && runState == RunState.STARTED) {
                    aborted = true;
                    endReplication();
                }
            }
        }
    }

    /** Runs up to {@link #BATCH} events; the caller holds the simulator lock. */
    private void runBatch(boolean timeListeners) {
        final long until = runUntilTime;
        final boolean including = runUntilIncluding;
        for (int n = 0; n < BATCH; n++) {
            SimEvent e = heap.peek();
            if (e == null || e.timePs > until || (e.timePs == until && !including)) {
                nowPs = until;
                runState = RunState.STOPPING;
                return;
            }
            heap.removePeeked(e);
            if (e.timePs != nowPs) {
                advanceTo(e.timePs, timeListeners);
            }
            execute(e);
            if (endRequested || (userCondition != null && nowPs > warmupPs && userCondition.test(model))) {
                endReplication();
            }
            if (runState != RunState.STARTED) {
                return;
            }
        }
    }

    /** Moves the clock; like stock DSOL, listeners hear of the new time just before it is set. */
    private void advanceTo(long t, boolean fire) {
        if (fire) {
            fireUnverifiedTimedEvent(TIME_CHANGED_EVENT, null, t);
        }
        nowPs = t;
    }

    private void execute(SimEvent e) {
        try {
            e.fire();
        } catch (Throwable t) {
            // Keep the first failure, end the replication so the worker finishes, report to the caller.
            if (failure == null) {
                failure = t;
                if (replicationState == nl.tudelft.simulation.dsol.simulators.ReplicationState.STARTED) {
                    endReplication();
                }
            }
            return;
        }
        if (!e.internal) {
            executed++;
        }
    }
}
