package org.lossless.experiments.metrics;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * What a run costs, measured from its start: the process's CPU time and the heap's peak use. Read once at the
 * start and once at the end (nothing on the hot path): the CPU time from {@link ProcessHandle}, the heap through
 * the JVM's memory pool beans.
 *
 * <p>CPU time is the whole process's (the simulation thread, the JIT compiler, the garbage collector): with
 * several runs in parallel in one JVM it includes theirs. Peak heap is the sum over heap pools of each pool's
 * peak since the start (pools peak at different moments, so this is an upper bound of the true peak).
 */
public final class RunCost {
    private final long cpuStartNs;

    private RunCost(long cpuStartNs) {
        this.cpuStartNs = cpuStartNs;
    }

    /** Resets the heap pools' peaks and notes the process CPU time. */
    public static RunCost start() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && p.isValid()) {
                p.resetPeakUsage();
            }
        }
        return new RunCost(processCpuNs());
    }

    /** CPU seconds since {@link #start()}, or -1 when the platform does not tell. */
    public double cpuSeconds() {
        long now = processCpuNs();
        return now < 0 || cpuStartNs < 0 ? -1 : (now - cpuStartNs) / 1e9;
    }

    /** Peak heap bytes since {@link #start()} (sum of the pools' peaks), or -1 when unknown. */
    public long peakHeapBytes() {
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

    /**
     * The process's CPU time, ns, from {@link ProcessHandle}: the same figure as the operating-system management
     * bean's {@code getProcessCpuTime} (user + system, in clock ticks), without that bean, whose first use reads the
     * container's control groups and cost a run's start some 15 ms of CPU.
     */
    private static long processCpuNs() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(-1L);
    }
}
