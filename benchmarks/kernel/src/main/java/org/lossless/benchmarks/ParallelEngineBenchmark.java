package org.lossless.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.Locale;

import org.lossless.core.kernel.Delivery;
import org.lossless.core.kernel.Kernel;
import org.lossless.core.kernel.ParallelEngine;
import org.lossless.core.kernel.Scheduler;
import org.lossless.core.kernel.SimEvent;

/**
 * The parallel engine's own cost, on a synthetic fabric: {@code P} partitions on a ring, each with {@code K} events
 * per window that burn {@code W} ns of CPU each and one frame per window handed to the next partition across the cut.
 * Prints wall and CPU for the sequential kernel and for the parallel engine at each thread count, and the barrier's
 * cost per window (runs with {@code W = 0}: nothing but the window machinery).
 *
 * <p>Usage: {@code ParallelEngineBenchmark [P=8] [K=200] [W=500] [windows=20000] [threads=1,2]}
 */
public final class ParallelEngineBenchmark {
    private static final long LOOKAHEAD = 1_000_000;
    private static volatile long sink;

    private ParallelEngineBenchmark() {
    }

    public static void main(String[] args) {
        int parts = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int perWindow = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        long workNs = args.length > 2 ? Long.parseLong(args[2]) : 500;
        int windows = args.length > 3 ? Integer.parseInt(args[3]) : 20_000;
        String[] ts = (args.length > 4 ? args[4] : "1,2").split(",");
        for (int round = 0; round < 2; round++) { // the first round warms the JIT
            report("sequential", round, () -> {
                Kernel k = new Kernel(1);
                build(k, parts, perWindow, workNs);
                k.runUntil(windows * LOOKAHEAD);
                return k.eventsExecuted();
            });
            for (String t : ts) {
                int threads = Integer.parseInt(t);
                ParallelEngine[] e = new ParallelEngine[1];
                report(threads + " thread(s)", round, () -> {
                    e[0] = new ParallelEngine(1, parts, threads, LOOKAHEAD, null);
                    build(e[0], parts, perWindow, workNs);
                    e[0].runUntil(windows * LOOKAHEAD);
                    return e[0].eventsExecuted();
                });
                if (round == 1) {
                    System.out.println("    " + e[0].stats());
                }
            }
        }
    }

    private interface Run {
        long events();
    }

    private static void report(String label, int round, Run r) {
        long cpu0 = cpu();
        long t0 = System.nanoTime();
        long events = r.events();
        double wall = (System.nanoTime() - t0) / 1e9;
        double cpu = (cpu() - cpu0) / 1e9;
        if (round == 1) {
            System.out.printf(Locale.ROOT, "%-14s wall %.3f s, cpu %.3f s (process), %d events%n", label, wall, cpu,
                    events);
        }
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Partition p: a ticker firing {@code perWindow} times per window, handing one frame per window to p + 1. */
    private static void build(Object engine, int parts, int perWindow, long workNs) {
        for (int p = 0; p < parts; p++) {
            Scheduler part = engine instanceof ParallelEngine pe ? pe.partition(p) : (Kernel) engine;
            Scheduler own = part.source(1 + p);
            Scheduler next = (engine instanceof ParallelEngine pe ? pe.partition((p + 1) % parts) : (Kernel) engine)
                    .source(1 + parts + p);
            long step = LOOKAHEAD / perWindow;
            SimEvent arrival = new SimEvent() {
                @Override
                protected void fire() {
                    burn(workNs);
                }
            };
            Delivery deliver = (at, payload) -> next.schedule(arrival, at);
            own.schedule(new SimEvent() {
                private int n;

                @Override
                protected void fire() {
                    burn(workNs);
                    if (++n % perWindow == 0) {
                        own.handOff(next, own.now() + LOOKAHEAD, deliver, null);
                    }
                    own.schedule(this, own.now() + step);
                }
            }, p);
        }
    }

    private static void burn(long ns) {
        if (ns == 0) {
            return;
        }
        long end = System.nanoTime() + ns;
        long x = 0;
        while (System.nanoTime() < end) {
            x++;
        }
        sink += x;
    }
}
