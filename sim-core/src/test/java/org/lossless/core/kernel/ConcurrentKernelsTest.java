package org.lossless.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CyclicBarrier;

import org.junit.jupiter.api.Test;

/**
 * In-process sweep workers build and run kernels on several threads at once (lossless sweep --jobs N). DSOL
 * keeps JVM-wide state (its logger set-up, the naming context of replications); creating simulators and
 * replications from several threads at the same moment must neither fail nor mix their runs up.
 */
class ConcurrentKernelsTest {
    private static final int THREADS = 6;
    private static final int ROUNDS = 40;

    /**
     * Each DSOL simulator re-registers DSOL's log category in djutils' JVM-wide CategoryLogger (remove, add,
     * set level and pattern): unguarded, a simulator built while another thread is between "remove" and
     * "add" read a null pattern and failed with a NullPointerException (seen with sweep --jobs 2).
     */
    @Test
    void simulatorsConstructedOnSeveralThreadsAtOnceDoNotFail() throws Exception {
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < THREADS; w++) {
            int worker = w;
            Thread t = new Thread(() -> {
                try {
                    start.await();
                    for (int r = 0; r < 2_000; r++) {
                        FastDevsSimulator s = FastDevsSimulator.create("sim-" + worker + "-" + r);
                        assertEquals(0L, s.now());
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "concurrent-simulator-" + w);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join(120_000);
        }
        assertTrue(failures.isEmpty(), () -> failures.size() + " of " + THREADS + " threads failed, first: "
                + stack(failures.get(0)));
    }

    private static String stack(Throwable e) {
        java.io.StringWriter w = new java.io.StringWriter();
        e.printStackTrace(new java.io.PrintWriter(w));
        return w.toString().lines().limit(8).reduce("", (a, b) -> a + "\n" + b);
    }

    @Test
    void kernelsBuiltAndRunOnSeveralThreadsAtOnceEachRunTheirOwnEvents() throws Exception {
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < THREADS; w++) {
            int worker = w;
            Thread t = new Thread(() -> {
                try {
                    for (int r = 0; r < ROUNDS; r++) {
                        start.await(); // every thread constructs its kernel at the same moment
                        List<String> trace = new ArrayList<>();
                        Kernel k = new Kernel(worker, (scheduler, streams) -> {
                            for (int i = 1; i <= 3; i++) {
                                scheduler.schedule(new TestEvent(worker + "." + i, trace), i * 100L);
                            }
                        });
                        k.runUntil(1_000);
                        assertEquals(List.of(worker + ".1", worker + ".2", worker + ".3"), trace);
                        assertEquals(1_000, k.now());
                    }
                } catch (Throwable e) {
                    failures.add(e);
                    start.reset(); // release the others
                }
            }, "concurrent-kernel-" + w);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join(120_000);
        }
        if (!failures.isEmpty()) {
            failures.get(0).printStackTrace();
        }
        assertTrue(failures.isEmpty(), () -> failures.size() + " failures, first: " + failures.get(0));
    }
}
