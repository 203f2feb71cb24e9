package org.lossless.experiments.run;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.OperatingSystemMXBean;

/**
 * What a run costs, measured from its start: the process's CPU time and the heap's peak use. Read through
 * the JVM's management beans once at the start and once at the end (nothing on the hot path).
 *
 * <p>CPU time is the whole process's (the simulation thread, the JIT compiler, the garbage collector): with
 * several runs in parallel in one JVM it includes theirs. Peak heap is the sum over heap pools of each pool's
 * peak since the start (pools peak at different moments, so this is an upper bound of the true peak).
 */
final class RunCost {
    private final long cpuStartNs;

    private RunCost(long cpuStartNs) {
        this.cpuStartNs = cpuStartNs;
    }

    /** Resets the heap pools' peaks and notes the process CPU time. */
    static RunCost start() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && p.isValid()) {
                p.resetPeakUsage();
            }
        }
        return new RunCost(processCpuNs());
    }

    /** CPU seconds since {@link #start()}, or -1 when the platform does not tell. */
    double cpuSeconds() {
        long now = processCpuNs();
        return now < 0 || cpuStartNs < 0 ? -1 : (now - cpuStartNs) / 1e9;
    }

    /** Peak heap bytes since {@link #start()} (sum of the pools' peaks), or -1 when unknown. */
    long peakHeapBytes() {
        long sum = 0;
        boolean any = false;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && p.isValid() && p.getPeakUsage() != null) {
                sum += p.getPeakUsage().getUsed();
                any = true;
            }
        }
        return any ? sum : -1;
    }

    private static long processCpuNs() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getProcessCpuTime();
        }
        return -1;
    }
}
