package org.lossless.experiments.metrics;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import org.junit.jupiter.api.Test;

/** {@link RunCost}: the process's CPU time covers this thread's; the heap's peak covers what was held. */
class RunCostTest {
    @Test
    void processCpuCoversThisThreadsWorkAndPeakCoversAHeldArray() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        RunCost cost = RunCost.start();
        long threadStart = threads.getCurrentThreadCpuTime();
        long x = 0;
        while (threads.getCurrentThreadCpuTime() - threadStart < 200_000_000L) {   // 0.2 s of this thread's CPU
            for (int i = 0; i < 100_000; i++) {
                x += i ^ x;
            }
        }
        double threadSeconds = (threads.getCurrentThreadCpuTime() - threadStart) / 1e9;
        byte[] held = new byte[16 << 20];
        held[held.length - 1] = (byte) x;
        double cpu = cost.cpuSeconds();
        // the process counts in clock ticks (10 ms on Linux): at most two ticks short of the thread's own count
        assertTrue(cpu >= threadSeconds - 0.02, cpu + " s of process CPU for " + threadSeconds + " s of this thread");
        assertTrue(cost.peakHeapBytes() >= held.length, cost.peakHeapBytes() + " B peak");
    }
}
