package org.lossless.experiments.results;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This machine's host name, as it goes into the names of temporary files and folders on file systems that
 * several hosts share (a Slurm cluster): a process id means something only on the host that owns it.
 * Characters other than letters, digits, '.', '_' and '-' become '_'.
 */
public final class HostName {
    private static final String NAME = sanitize(read());

    private HostName() {
    }

    /** The host name (never empty: "unknown" when it cannot be told). */
    public static String get() {
        return NAME;
    }

    static String sanitize(String name) {
        String s = name == null ? "" : name.strip().replaceAll("[^A-Za-z0-9._-]", "_");
        return s.isEmpty() ? "unknown" : s;
    }

    /** The kernel's host name (no DNS look-up, which can stall on a badly configured node), else Java's. */
    private static String read() {
        try {
            Path p = Path.of("/proc/sys/kernel/hostname");
            if (Files.isReadable(p)) {
                return Files.readString(p);
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
