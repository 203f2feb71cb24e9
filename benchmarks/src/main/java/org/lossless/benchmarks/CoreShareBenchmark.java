package org.lossless.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Whether two threads that share nothing slow each other on this machine, without the simulator: each follows a
 * pointer chase through its own array (one random cycle, so every step is a dependent load), alone and then two at
 * once, in rounds; thread CPU ns per step. On a VM whose two cores were one physical core's hyperthreads, or that
 * shared a cache the arrays do not fit in, the two at once would take longer per step (benchmarks/README.md, "Step 12d").
 *
 * <p>Usage: {@code CoreShareBenchmark INTS_PER_ARRAY STEPS ROUNDS} (e.g. 65536 50000000 4: 256 KB each).
 */
public final class CoreShareBenchmark {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private CoreShareBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        long steps = Long.parseLong(args[1]);
        int rounds = Integer.parseInt(args[2]);
        int[] a = cycle(n, 1);
        int[] b = cycle(n, 2);
        chase(a, steps);
        chase(b, steps);
        ExecutorService ex = Executors.newFixedThreadPool(2);
        try {
            for (int r = 0; r < rounds; r++) {
                double alone = ex.submit(() -> chase(a, steps)).get();
                Future<Double> f1 = ex.submit(() -> chase(a, steps));
                Future<Double> f2 = ex.submit(() -> chase(b, steps));
                double t1 = f1.get();
                double t2 = f2.get();
                System.out.printf(Locale.ROOT, "%d ints, round %d: alone %.2f ns/step, together %.2f / %.2f ns/step "
                        + "(x%.2f)%n", n, r, alone, t1, t2, (t1 + t2) / 2 / alone);
            }
        } finally {
            ex.shutdown();
        }
    }

    /** A random permutation of 0..n-1 that is one cycle (Sattolo's algorithm). */
    static int[] cycle(int n, long seed) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        Random r = new Random(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }

    /** Thread CPU ns per step of {@code steps} steps of the chase through {@code a}. */
    static double chase(int[] a, long steps) {
        long c0 = MX.getCurrentThreadCpuTime();
        int p = 0;
        long s = 0;
        for (long i = 0; i < steps; i++) {
            p = a[p];
            s += p * 31L ^ i;
        }
        if (s == 42) { // keeps the loop from being removed
            System.out.print("");
        }
        return (double) (MX.getCurrentThreadCpuTime() - c0) / steps;
    }
}
