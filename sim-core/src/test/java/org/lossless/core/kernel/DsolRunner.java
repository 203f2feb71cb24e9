package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import nl.tudelft.simulation.dsol.experiment.Replication;
import nl.tudelft.simulation.dsol.experiment.SingleReplication;
import nl.tudelft.simulation.dsol.model.DsolModel;
import nl.tudelft.simulation.dsol.simulators.DevsSimulator;
import nl.tudelft.simulation.dsol.simulators.SimulatorInterface;

/** Runs one DSOL replication on any DevsSimulator the DSOL way: initialize, start, wait for its end. */
final class DsolRunner {
    private DsolRunner() {
    }

    static void runReplication(DevsSimulator<Long> sim, DsolModel<Long, ? extends SimulatorInterface<Long>> model,
            long endPs) throws InterruptedException {
        run(sim, model, new SingleReplication<>("test-" + System.nanoTime(), 0L, 0L, endPs));
    }

    /** Runs {@code rep} (its warm-up, run length and stopping condition as set) and waits for its end. */
    static void run(DevsSimulator<Long> sim, DsolModel<Long, ? extends SimulatorInterface<Long>> model,
            SingleReplication<Long> rep) throws InterruptedException {
        CountDownLatch ended = new CountDownLatch(1);
        sim.addListener(e -> ended.countDown(), Replication.END_REPLICATION_EVENT);
        sim.initialize(model, rep, false);
        sim.start();
        assertTrue(ended.await(30, TimeUnit.SECONDS), "replication did not end");
        rep.removeFromContext();
    }
}
