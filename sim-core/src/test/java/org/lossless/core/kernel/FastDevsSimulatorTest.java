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

import org.djutils.event.TimedEvent;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.core.random.RandomStreams;
import org.lossless.core.random.Xoshiro256StarStar;

import nl.tudelft.simulation.dsol.eventlists.RedBlackTree;
import nl.tudelft.simulation.dsol.experiment.Experiment;
import nl.tudelft.simulation.dsol.formalisms.eventscheduling.SimEventInterface;
import nl.tudelft.simulation.dsol.model.AbstractDsolModel;
import nl.tudelft.simulation.dsol.simulators.DevsSimulator;
import nl.tudelft.simulation.dsol.simulators.SimulatorInterface;

/**
 * The fast simulator against stock DSOL 4.3.2 ({@code DevsSimulator<Long>} with its default
 * RedBlackTree): same models, identical event order, ties included.
 */
class FastDevsSimulatorTest {

    /**
     * A model written against DSOL's own API: lambda events with equal times and mixed priorities,
     * events that schedule more events at the current time, and cancellations.
     */
    static final class DsolApiModel extends AbstractDsolModel<Long, DevsSimulator<Long>> {
        private static final long serialVersionUID = 1L;
        final List<String> trace = new ArrayList<>();

        DsolApiModel(DevsSimulator<Long> sim) {
            super(sim);
        }

        @Override
        public void constructModel() {
            for (int i = 0; i < 12; i++) {
                int id = i;
                simulator.scheduleEventAbs((long) (i % 3) * 10, (short) (1 + i % 4 * 3), () -> step("r" + id, 0));
            }
        }

        private void step(String name, int depth) {
            long now = simulator.getSimulatorTime();
            trace.add(now + ":" + name);
            if (depth == 4) {
                return;
            }
            for (int c = 0; c < 2; c++) {
                String child = name + "." + c;
                long delay = (name.length() + c) % 3 * 5; // 0, 5 or 10 ps: many equal times
                short priority = (short) (c == 0 ? SimEventInterface.NORMAL_PRIORITY : 1 + name.length() % 10);
                SimEventInterface<Long> e = simulator.scheduleEventAbs(now + delay, priority, () -> step(child, depth + 1));
                if ((name.hashCode() + c) % 5 == 0) {
                    simulator.cancelEvent(e);
                    trace.add(now + ":cancel " + child);
                }
            }
        }
    }

    @Test
    void dsolApiModelRunsInTheSameOrderAsStockDsol() throws Exception {
        DevsSimulator<Long> stock = new DevsSimulator<>("stock");
        assertTrue(stock.getEventList() instanceof RedBlackTree);
        DsolApiModel reference = new DsolApiModel(stock);
        DsolRunner.runReplication(stock, reference, 40);

        FastDevsSimulator fast = FastDevsSimulator.create("fast");
        DsolApiModel model = new DsolApiModel(fast);
        DsolRunner.runReplication(fast, model, 40);

        assertTrue(reference.trace.size() > 200, "model too small: " + reference.trace.size());
        assertTrue(reference.trace.stream().anyMatch(s -> s.startsWith("40:")), "nothing at the end time");
        assertEquals(reference.trace, model.trace);
        assertEquals(40L, fast.getSimulatorTime());
        assertEquals(stock.getSimulatorTime(), fast.getSimulatorTime());
    }

    /**
     * "Ports" with reusable events that re-arm themselves with delays from a short cycle (many
     * equal times), on the kernel; the same logic with DSOL lambda events on stock DSOL.
     */
    @Test
    void reusableEventsOnTheKernelRunInTheSameOrderAsLambdasOnStockDsol() throws Exception {
        long[] delays = {0, 3, 3, 5, 0, 8};
        int ports = 7;
        long end = 200;

        List<String> expected = new ArrayList<>();
        DevsSimulator<Long> stock = new DevsSimulator<>("stock-ports");
        final class StockPorts extends AbstractDsolModel<Long, DevsSimulator<Long>> {
            private static final long serialVersionUID = 1L;
            final int[] fired = new int[ports];

            StockPorts() {
                super(stock);
            }

            void fire(int p) {
                expected.add(stock.getSimulatorTime() + ":p" + p);
                long d = delays[(p + fired[p]++) % delays.length];
                stock.scheduleEventAbs(stock.getSimulatorTime() + d, () -> fire(p));
            }

            @Override
            public void constructModel() {
                for (int p = 0; p < ports; p++) {
                    int port = p;
                    stock.scheduleEventAbs((long) (p % 2), () -> fire(port));
                }
            }
        }
        DsolRunner.runReplication(stock, new StockPorts(), end);

        List<String> actual = new ArrayList<>();
        Kernel kernel = new Kernel();
        int[] fired = new int[ports];
        for (int p = 0; p < ports; p++) {
            int port = p;
            kernel.schedule(new SimEvent() {
                @Override
                protected void fire() {
                    actual.add(kernel.now() + ":p" + port);
                    long d = delays[(port + fired[port]++) % delays.length];
                    kernel.schedule(this, kernel.now() + d);
                }
            }, p % 2);
        }
        kernel.runUntil(end);

        assertTrue(expected.size() > 300, "model too small: " + expected.size());
        assertEquals(expected, actual);
        assertEquals(expected.size(), kernel.eventsExecuted());
    }

    @Test
    void timeChangedListenersHearTheSameTimesAsOnStockDsol() throws Exception {
        List<Long> stockTimes = new ArrayList<>();
        DevsSimulator<Long> stock = new DevsSimulator<>("stock-time");
        stock.addListener(e -> stockTimes.add((Long) ((TimedEvent<?>) e).getTimeStamp()),
                SimulatorInterface.TIME_CHANGED_EVENT);
        DsolRunner.runReplication(stock, new DsolApiModel(stock), 40);

        List<Long> fastTimes = new ArrayList<>();
        FastDevsSimulator fast = FastDevsSimulator.create("fast-time");
        fast.addListener(e -> fastTimes.add((Long) ((TimedEvent<?>) e).getTimeStamp()),
                SimulatorInterface.TIME_CHANGED_EVENT);
        DsolRunner.runReplication(fast, new DsolApiModel(fast), 40);

        assertTrue(stockTimes.size() > 3);
        assertEquals(stockTimes, fastTimes);
    }

    @Nested
    class Experiments {
        /** Runs a 3-replication DSOL Experiment; returns, per replication, the times its model saw. */
        private List<List<Long>> runExperiment(long seed) throws InterruptedException {
            FastDevsSimulator sim = FastDevsSimulator.create("exp-" + seed + "-" + System.nanoTime());
            RandomStreams streams = new RandomStreams(seed);
            List<List<Long>> perReplication = new ArrayList<>();
            SimModel model = new SimModel(sim, streams, (scheduler, s) -> {
                List<Long> times = new ArrayList<>();
                perReplication.add(times);
                Xoshiro256StarStar rng = s.stream("arrivals");
                scheduler.schedule(new SimEvent() {
                    @Override
                    protected void fire() {
                        times.add(scheduler.now());
                        scheduler.schedule(this, scheduler.now() + 1 + rng.nextLong(1000));
                    }
                }, 0);
            });
            Experiment<Long, FastDevsSimulator> experiment =
                    new Experiment<>("exp-" + System.nanoTime(), sim, model, 0L, 0L, 20_000L, 3);
            experiment.setStreamUpdater(streams);
            CountDownLatch done = new CountDownLatch(1);
            experiment.addListener(e -> done.countDown(), Experiment.END_EXPERIMENT_EVENT);
            experiment.start();
            assertTrue(done.await(30, TimeUnit.SECONDS), "experiment did not end");
            experiment.removeFromContext();
            return perReplication;
        }

        @Test
        void eachReplicationRebuildsTheModelWithItsOwnSeedsAndReplaysExactly() throws Exception {
            List<List<Long>> first = runExperiment(5);
            assertEquals(3, first.size());
            for (List<Long> times : first) {
                assertEquals(0L, times.get(0));
                assertTrue(times.size() > 10);
                assertTrue(times.get(times.size() - 1) <= 20_000L);
            }
            assertFalse(first.get(0).equals(first.get(1)));
            assertFalse(first.get(1).equals(first.get(2)));
            assertEquals(first, runExperiment(5));
        }
    }

    @Nested
    class Failures {
        @Test
        void anExceptionEndsTheReplicationAndIsKept() throws Exception {
            FastDevsSimulator sim = FastDevsSimulator.create("failing");
            IllegalStateException boom = new IllegalStateException("boom");
            List<String> trace = new ArrayList<>();
            SimModel model = new SimModel(sim, new RandomStreams(1), (scheduler, s) -> {
                scheduler.schedule(new TestEvent("before", trace), 5);
                scheduler.schedule(new SimEvent() {
                    @Override
                    protected void fire() {
                        throw boom;
                    }
                }, 10);
                scheduler.schedule(new TestEvent("after", trace), 20);
            });
            DsolRunner.runReplication(sim, model, 100);
            sim.awaitEndOfReplication();
            assertSame(boom, sim.failure());
            assertEquals(List.of("before"), trace);
            assertEquals(10L, sim.now());
        }

        @Test
        void onlyTheHeapEventListIsAccepted() {
            FastDevsSimulator sim = FastDevsSimulator.create("list");
            assertThrows(IllegalArgumentException.class, () -> sim.setEventList(new RedBlackTree<>()));
        }
    }
}
