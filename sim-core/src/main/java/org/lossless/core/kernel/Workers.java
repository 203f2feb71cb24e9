package org.lossless.core.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The threads of one {@link ParallelEngine} run: the calling thread is thread 0 and {@code threads - 1} daemon workers
 * are started for the run and joined at its end (a run holds no thread between runs).
 */
final class Workers {
    private Workers() {
    }

    /** Runs {@code work} on threads {@code 0 .. threads - 1} (0: the caller) and returns when every one has. */
    static void run(int threads, IntConsumer work) {
        List<Thread> workers = new ArrayList<>();
        for (int t = 1; t < threads; t++) {
            int thread = t;
            Thread w = new Thread(() -> work.accept(thread), "lossless-partitions-" + t);
            w.setDaemon(true);
            workers.add(w);
            w.start();
        }
        work.accept(0);
        for (Thread w : workers) {
            joinQuietly(w);
        }
    }

    private static void joinQuietly(Thread w) {
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
}
