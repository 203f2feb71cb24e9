package org.lossless.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time the machine's other processes used while a measurement ran: the machine's busy time ({@code /proc/stat}'s
 * first line: user, nice, system, irq, softirq, steal; 10 ms ticks) less this JVM's own CPU time. Near 0: the measured
 * threads had the cores to themselves, so threads meant to run side by side did; on a shared machine a thread that
 * waits for a core is not running beside the others, and what it costs them cannot be seen. -1 where {@code /proc/stat}
 * cannot be read.
 */
final class OthersCpu {
    private static final double TICK_NS = 1e7;
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long busy0;
    private long own0;

    /** Starts a measurement. */
    void start() {
        busy0 = busyTicks();
        own0 = os.getProcessCpuTime();
    }

    /** The others' CPU time since {@link #start()}, s (-1 if unknown). */
    double seconds() {
        long busy = busyTicks();
        if (busy < 0 || busy0 < 0) {
            return -1;
        }
        double own = (os.getProcessCpuTime() - own0) / 1e9;
        return Math.max(0, (busy - busy0) * TICK_NS / 1e9 - own);
    }

    private static long busyTicks() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            // cpu user nice system idle iowait irq softirq steal ...
            return Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]) + Long.parseLong(f[6])
                    + Long.parseLong(f[7]) + Long.parseLong(f[8]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
