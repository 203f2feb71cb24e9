package org.lossless.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * The machine's own speed at a moment, without the simulator (benchmarks/README.md, "Step 14"): three fixed kernels on
 * arrays made once, timed by the thread's CPU time: {@code alu} (four independent xorshift streams: the core's
 * throughput, which a busy sibling hyperthread on the host would take half of), {@code l2} (a pointer chase through
 * 256 KB: the core's own caches) and {@code mem} (a chase through 64 MB: beyond any cache of this VM but the shared L3's
 * share, and the TLB's reach). Run between two runs of a benchmark, it tells whether a run's speed moved with the
 * machine (the probe moves too) or with the run (the probe stays).
 *
 * <p>Usage alone: {@code MachineProbe SECONDS}: a line every half second. {@code MachineProbe SECONDS handoff}: instead,
 * how long one cache line takes to go from one core to the other (two threads hand a counter back and forth through
 * one {@code AtomicLong}; wall ns per one-way hand-off): what every line two threads of one run both write costs
 * (benchmarks/README.md, "Step 28").
 */
public final class MachineProbe {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    private final int[] small = CoreShareBenchmark.cycle(1 << 16, 1);
    private final int[] large = CoreShareBenchmark.cycle(1 << 24, 2);

    /**
     * Prints one probe line every half second for {@code args[0]} seconds; with {@code pair} as {@code args[1]}, the
     * {@code alu} kernel alone and then on two threads at once, ns per step of each and their ratio (two cores of their
     * own: 1.0; one core's two hyperthreads: up to 2).
     */
    public static void main(String[] args) throws Exception {
        boolean pair = args.length > 1 && args[1].equals("pair");
        boolean handoff = args.length > 1 && args[1].equals("handoff");
        MachineProbe p = pair || handoff ? null : new MachineProbe();
        long end = System.nanoTime() + (long) (Double.parseDouble(args[0]) * 1e9);
        java.util.concurrent.ExecutorService ex = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            while (System.nanoTime() < end) {
                OthersCpu others = new OthersCpu();
                if (handoff) {
                    others.start();
                    System.out.printf(Locale.ROOT, "hand-off %.0f ns one way, others' cpu %.2f s%n", handoff(1_000_000),
                            others.seconds());
                } else if (pair) {
                    others.start();
                    double alone = ex.submit(() -> alu(20_000_000)).get();
                    var f1 = ex.submit(() -> alu(20_000_000));
                    var f2 = ex.submit(() -> alu(20_000_000));
                    double t1 = f1.get();
                    double t2 = f2.get();
                    System.out.printf(Locale.ROOT, "alu alone %.3f, two at once %.3f / %.3f ns/step (x%.2f), others' "
                            + "cpu %.2f s%n", alone, t1, t2, (t1 + t2) / 2 / alone, others.seconds());
                } else {
                    others.start();
                    String line = p.measure();
                    System.out.printf(Locale.ROOT, "%s, others' cpu %.2f s%n", line, others.seconds());
                }
                Thread.sleep(500);
            }
        } finally {
            ex.shutdown();
        }
    }

    /** The three kernels' ns per step, as one line: {@code probe alu A l2 B mem C ns/step}. */
    public String measure() {
        return String.format(Locale.ROOT, "probe alu %.3f l2 %.2f mem %.1f ns/step", alu(20_000_000),
                CoreShareBenchmark.chase(small, 10_000_000), CoreShareBenchmark.chase(large, 1_000_000));
    }

    /**
     * The calling thread's moves between CPUs and its context switches so far ({@code /proc/thread-self/sched}'s {@code
     * se.nr_migrations} and {@code nr_switches}; -1 each where the kernel does not show them).
     */
    public static long[] schedCounts() {
        long[] r = {-1, -1};
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/thread-self/sched"))) {
                String[] kv = line.split(":");
                if (kv.length == 2 && kv[0].trim().equals("se.nr_migrations")) {
                    r[0] = Long.parseLong(kv[1].trim());
                } else if (kv.length == 2 && kv[0].trim().equals("nr_switches")) {
                    r[1] = Long.parseLong(kv[1].trim());
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return r;
        }
        return r;
    }

    /** Wall ns per one-way hand-off of a counter between this thread and another, over {@code rounds} round trips. */
    private static double handoff(int rounds) throws InterruptedException {
        java.util.concurrent.atomic.AtomicLong line = new java.util.concurrent.atomic.AtomicLong();
        Thread other = new Thread(() -> relay(line, 1, rounds));
        other.start();
        long t0 = System.nanoTime();
        relay(line, 0, rounds);
        while (line.get() != 2L * rounds) {
            Thread.onSpinWait();
        }
        long ns = System.nanoTime() - t0;
        other.join();
        return ns / (2.0 * rounds);
    }

    /** Waits for {@code line} to read {@code first}, {@code first + 2}, ... and answers each with the next number. */
    private static void relay(java.util.concurrent.atomic.AtomicLong line, long first, int rounds) {
        for (long i = first; i < 2L * rounds; i += 2) {
            while (line.get() != i) {
                Thread.onSpinWait();
            }
            line.set(i + 1);
        }
    }

    private static double alu(long steps) {
        long c0 = MX.getCurrentThreadCpuTime();
        long a = 1, b = 2, c = 3, d = 4;
        for (long i = 0; i < steps; i++) {
            a ^= a << 13; a ^= a >>> 7; a ^= a << 17;
            b ^= b << 13; b ^= b >>> 7; b ^= b << 17;
            c ^= c << 13; c ^= c >>> 7; c ^= c << 17;
            d ^= d << 13; d ^= d >>> 7; d ^= d << 17;
        }
        if ((a ^ b ^ c ^ d) == 42) { // keeps the loop from being removed
            System.out.print("");
        }
        return (double) (MX.getCurrentThreadCpuTime() - c0) / steps;
    }
}
