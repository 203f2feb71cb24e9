package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import nl.tudelft.simulation.dsol.eventlists.RedBlackTree;
import nl.tudelft.simulation.dsol.experiment.SingleReplication;
import nl.tudelft.simulation.dsol.model.AbstractDsolModel;
import nl.tudelft.simulation.dsol.simulators.DevsSimulator;
import nl.tudelft.simulation.dsol.simulators.SimulatorInterface;

/**
 * The parts of DSOL's simulator API that the kernel does not use but a DSOL user may: stopping conditions with a
 * warm-up, {@code step()}, {@code runUpTo} and {@code runUpToAndIncluding}, installing event lists, a model that
 * fails to build. Each is run on stock DSOL 4.3.2 and on the fast simulator with the same model; the traces must
 * be identical. Models are tiny and end at a fixed time.
 */
class FastDevsSimulatorDsolApiTest {

    /** Events at 10, 20, 20 (two priorities), 30, 40 and 50 ps, each appending "time:name" to the trace. */
    static final class SmallModel extends AbstractDsolModel<Long, DevsSimulator<Long>> {
        private static final long serialVersionUID = 1L;
        final List<String> trace = new ArrayList<>();

        SmallModel(DevsSimulator<Long> sim) {
            super(sim);
        }

        @Override
        public void constructModel() {
            at(10, "a", 5);
            at(20, "b", 5);
            at(20, "c", 9); // higher priority: before b
            at(30, "d", 5);
            at(40, "e", 5);
            at(50, "f", 5);
        }

        private void at(long t, String name, int priority) {
            simulator.scheduleEventAbs(t, (short) priority, () -> trace.add(simulator.getSimulatorTime() + ":" + name));
        }
    }

    private static FastDevsSimulator fast(String name) {
        return FastDevsSimulator.create(name + "-" + System.nanoTime());
    }

    /** Runs one replication with a stopping condition and warm-up; returns the trace and the end time. */
    private static List<String> runWithCondition(DevsSimulator<Long> sim, long warmupPs, Predicate<SmallModel> cond)
            throws InterruptedException {
        SmallModel model = new SmallModel(sim);
        SingleReplication<Long> rep = new SingleReplication<>("cond-" + System.nanoTime(), 0L, warmupPs, 100L);
        rep.setStoppingCondition(cond);
        DsolRunner.run(sim, model, rep);
        List<String> out = new ArrayList<>(model.trace);
        out.add("end:" + sim.getSimulatorTime());
        return out;
    }

    @Test
    void aStoppingConditionIsCheckedAfterEveryEventOnceTheWarmupIsOver() throws Exception {
        // true from the start: the first event after the warm-up (strictly later) ends the replication
        for (long warmup : new long[] {0, 20, 25}) {
            List<String> stock = runWithCondition(new DevsSimulator<>("stock-cond"), warmup, m -> true);
            List<String> fast = runWithCondition(fast("fast-cond"), warmup, m -> true);
            assertEquals(stock, fast, "warm-up " + warmup);
        }
        assertEquals(List.of("10:a", "end:10"), runWithCondition(fast("w0"), 0, m -> true));
        assertEquals(List.of("10:a", "20:c", "20:b", "30:d", "end:30"), runWithCondition(fast("w20"), 20, m -> true));
        // a condition on the model: true once three events have run
        List<String> byCount = runWithCondition(fast("count"), 0, m -> m.trace.size() >= 3);
        assertEquals(List.of("10:a", "20:c", "20:b", "end:20"), byCount);
        assertEquals(byCount, runWithCondition(new DevsSimulator<>("stock-count"), 0, m -> m.trace.size() >= 3));
    }

    /** Steps through a replication one event at a time; returns what happened. */
    private static List<String> stepThrough(DevsSimulator<Long> sim, int steps) throws Exception {
        SmallModel model = new SmallModel(sim);
        SingleReplication<Long> rep = new SingleReplication<>("step-" + System.nanoTime(), 0L, 0L, 100L);
        sim.initialize(model, rep, false);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            sim.step();
            out.add("after step " + i + ": t=" + sim.getSimulatorTime() + " " + model.trace);
        }
        sim.cleanUp();
        rep.removeFromContext();
        return out;
    }

    @Test
    void stepRunsOneEventAtATimeLikeStockDsol() throws Exception {
        List<String> fast = stepThrough(fast("fast-step"), 4);
        assertEquals(stepThrough(new DevsSimulator<>("stock-step"), 4), fast);
        // step 0 runs DSOL's warm-up event at 0 ps; then one model event per step
        assertEquals("after step 3: t=20 [10:a, 20:c, 20:b]", fast.get(3));
    }

    /** Runs up to 20 ps (excluding), then up to and including 40 ps; returns what ran when. */
    private static List<String> runUpTo(DevsSimulator<Long> sim) throws Exception {
        SmallModel model = new SmallModel(sim);
        SingleReplication<Long> rep = new SingleReplication<>("upto-" + System.nanoTime(), 0L, 0L, 100L);
        sim.initialize(model, rep, false);
        List<String> out = new ArrayList<>();
        CountDownLatch[] stopped = {new CountDownLatch(1)};
        sim.addListener(e -> stopped[0].countDown(), SimulatorInterface.STOP_EVENT);
        sim.runUpTo(20L);
        assertTrue(stopped[0].await(30, TimeUnit.SECONDS), "runUpTo did not stop");
        out.add("upTo 20: t=" + sim.getSimulatorTime() + " " + model.trace);
        stopped[0] = new CountDownLatch(1);
        sim.runUpToAndIncluding(40L);
        assertTrue(stopped[0].await(30, TimeUnit.SECONDS), "runUpToAndIncluding did not stop");
        out.add("upToAndIncluding 40: t=" + sim.getSimulatorTime() + " " + model.trace);
        sim.cleanUp();
        rep.removeFromContext();
        return out;
    }

    @Test
    void runUpToExcludesAndRunUpToAndIncludingIncludesTheStopTimeLikeStockDsol() throws Exception {
        List<String> fast = runUpTo(fast("fast-upto"));
        assertEquals(List.of("upTo 20: t=20 [10:a]", "upToAndIncluding 40: t=40 [10:a, 20:c, 20:b, 30:d, 40:e]"), fast);
        assertEquals(runUpTo(new DevsSimulator<>("stock-upto")), fast);
    }

    @Test
    void aModelThatFailsToBuildLeavesNoWorkerThread() {
        String id = "failing-build-" + System.nanoTime();
        FastDevsSimulator sim = FastDevsSimulator.create(id);
        SimModel model = new SimModel(sim, new org.lossless.core.random.RandomStreams(1), (scheduler, s) -> {
            throw new IllegalArgumentException("bad model");
        });
        SingleReplication<Long> rep = new SingleReplication<>("fail-" + System.nanoTime(), 0L, 0L, 100L);
        assertThrows(IllegalArgumentException.class, () -> sim.initialize(model, rep, false));
        rep.removeFromContext();
        assertFalse(Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(id) && t.isAlive()),
                "DSOL's worker thread of the failed initialization is still alive");
    }

    @Test
    void anInstalledEventListIsTheOneDsolSees() {
        FastDevsSimulator sim = fast("list");
        LongHeapEventList list = new LongHeapEventList();
        sim.setEventList(list);
        assertSame(list, sim.getEventList());
        TestEvent e = new TestEvent("e", new ArrayList<>());
        sim.schedule(e, 5);
        assertTrue(list.contains(e));
    }

    @Test
    void aWrongEventListIsRejectedWithItsName() {
        FastDevsSimulator sim = fast("wrong-list");
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> sim.setEventList(new RedBlackTree<>()));
        assertTrue(wrong.getMessage().endsWith("not " + RedBlackTree.class.getName()), wrong.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> sim.setEventList(null));
        assertTrue(none.getMessage().endsWith("not null"), none.getMessage());
    }
    @Test
    void aModelTakesOnlyARandomStreamsRegistry() {
        SimModel model = new SimModel(fast("streams"), new org.lossless.core.random.RandomStreams(3), (sch, s) -> { });
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> model.setStreamInformation(new nl.tudelft.simulation.dsol.experiment.StreamInformation()));
        assertTrue(other.getMessage().endsWith("not nl.tudelft.simulation.dsol.experiment.StreamInformation"),
                other.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> model.setStreamInformation(null));
        assertTrue(none.getMessage().endsWith("not null"), none.getMessage());
        assertEquals(3, model.streams().scenarioSeed());
    }

    /**
     * Whoever waits for a worker thread is not woken early by an interrupt: it waits on until the worker has ended
     * (here: released by {@code shutdownWorker} from another thread) and then finds its interrupt status set.
     */
    @Test
    void anInterruptedWaitForTheWorkerWaitsOnAndKeepsTheInterrupt() throws Exception {
        String id = "await-" + System.nanoTime();
        FastDevsSimulator sim = FastDevsSimulator.create(id);
        SingleReplication<Long> rep = new SingleReplication<>("await-" + System.nanoTime(), 0L, 0L, 100L);
        sim.initialize(new SmallModel(sim), rep, false); // DSOL's worker now waits for a start
        boolean[] seen = new boolean[2]; // interrupted afterwards, worker alive when the wait ended
        Thread waiter = new Thread(() -> {
            sim.awaitEndOfReplication();
            seen[0] = Thread.currentThread().isInterrupted();
            seen[1] = workerAlive(id);
        });
        waiter.start();
        awaitState(waiter, Thread.State.WAITING);
        waiter.interrupt();
        Thread.sleep(50);
        awaitState(waiter, Thread.State.WAITING); // waiting again, not returned
        assertTrue(waiter.isAlive());
        sim.shutdownWorker();
        assertFalse(workerAlive(id), "shutdownWorker returns once the worker has ended");
        waiter.join(30_000);
        assertFalse(waiter.isAlive());
        assertTrue(seen[0], "the interrupt status is set again after the wait");
        assertFalse(seen[1], "the wait ended only when the worker had ended");
        rep.removeFromContext();
    }

    private static boolean workerAlive(String id) {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(id) && t.isAlive());
    }

    /** Waits (at most 10 s of wall time) until {@code t} is in {@code state}. */
    private static void awaitState(Thread t, Thread.State state) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (t.getState() != state && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(state, t.getState());
    }
}
