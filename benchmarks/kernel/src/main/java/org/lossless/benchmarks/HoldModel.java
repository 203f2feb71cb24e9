package org.lossless.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;

import org.lossless.core.kernel.Kernel;
import org.lossless.core.kernel.SimEvent;
import org.lossless.core.random.RandomStreams;
import org.lossless.core.random.Xoshiro256StarStar;

import nl.tudelft.simulation.dsol.experiment.Replication;
import nl.tudelft.simulation.dsol.experiment.SingleReplication;
import nl.tudelft.simulation.dsol.model.AbstractDsolModel;
import nl.tudelft.simulation.dsol.simulators.DevsSimulator;

/**
 * The hold model: {@code pending} events are scheduled at random times; each executed event
 * schedules one new event at a random delay, so the event list keeps {@code pending} events.
 * Delays are uniform integers in [1, 2^20] ps drawn from one xoshiro256** stream, so the same
 * seed gives the same event sequence on every simulator: the final clock must agree.
 */
final class HoldModel {
    /** What one run measured. */
    record Result(long events, long cpuNs, long wallNs, long endPs) {
        double eventsPerCpuSecond() {
            return events / (cpuNs / 1e9);
        }
    }

    private HoldModel() {
    }

    static long delay(Xoshiro256StarStar rng) {
        return 1 + (rng.nextLong() >>> 44);
    }

    /** Our kernel: FastDevsSimulator + LongHeapEventList + reusable SimEvents. */
    static Result kernel(int pending, long events, long seed) {
        long[] count = {0};
        Kernel[] k = new Kernel[1];
        final class Hold extends SimEvent {
            private final Xoshiro256StarStar rng;

            Hold(Xoshiro256StarStar rng) {
                this.rng = rng;
            }

            @Override
            protected void fire() {
                if (++count[0] >= events) {
                    k[0].stop();
                }
                k[0].schedule(this, k[0].now() + delay(rng));
            }
        }
        k[0] = new Kernel(seed, (scheduler, streams) -> {
            Xoshiro256StarStar rng = streams.stream("hold");
            for (int i = 0; i < pending; i++) {
                scheduler.schedule(new Hold(rng), delay(rng));
            }
        });
        long cpu0 = processCpuNs();
        long wall0 = System.nanoTime();
        k[0].runUntil(Long.MAX_VALUE);
        return new Result(k[0].eventsExecuted(), processCpuNs() - cpu0, System.nanoTime() - wall0, k[0].now());
    }

    /** Stock DSOL: DevsSimulator<Long> with its default RedBlackTree and lambda events. */
    static Result stock(int pending, long events, long seed) throws InterruptedException {
        DevsSimulator<Long> sim = new DevsSimulator<>("stock-hold");
        RandomStreams streams = new RandomStreams(seed);
        Xoshiro256StarStar rng = streams.stream("hold");
        long[] count = {0};
        final class Model extends AbstractDsolModel<Long, DevsSimulator<Long>> {
            private static final long serialVersionUID = 1L;

            Model() {
                super(sim, streams);
            }

            void hold() {
                count[0]++;
                sim.scheduleEventAbs(sim.getSimulatorTime() + delay(rng), this::hold);
            }

            @Override
            public void constructModel() {
                for (int i = 0; i < pending; i++) {
                    sim.scheduleEventAbs(delay(rng), this::hold);
                }
            }
        }
        Model model = new Model();
        SingleReplication<Long> rep = new SingleReplication<>("stock-hold", 0L, 0L, Long.MAX_VALUE);
        rep.setStoppingCondition(m -> count[0] >= events);
        CountDownLatch ended = new CountDownLatch(1);
        sim.addListener(e -> ended.countDown(), Replication.END_REPLICATION_EVENT);
        sim.initialize(model, rep, false);
        long cpu0 = processCpuNs();
        long wall0 = System.nanoTime();
        sim.start();
        ended.await();
        long cpu = processCpuNs() - cpu0;
        long wall = System.nanoTime() - wall0;
        rep.removeFromContext();
        return new Result(count[0], cpu, wall, sim.getSimulatorTime());
    }

    static long processCpuNs() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
