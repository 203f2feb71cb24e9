package org.lossless.experiments.results;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of the hidden siblings Lossless writes next to a target ({@code .NAME.tmp-PID.START@HOST-RANDOM} while a
 * directory or file is written, {@code .NAME.old-PID.START@HOST-RANDOM} for a previous result being replaced),
 * and the clean-up of those a killed process left behind.
 *
 * <p>The owner is in the name: the process id, the process's start time (ms since the epoch) and the host
 * ({@link HostName}). A later run on the same host can tell a leftover of a dead process (removed) from the
 * work of a live one, even when the pid has been reused (the start time differs). On a file system that
 * several hosts share (Slurm), a pid says nothing about another host's processes: a sibling of another host
 * is never touched (its own host's next write there removes it). Names without a host (written by Lossless
 * before hosts were recorded) are judged by pid and start time on this host, as then. A sibling whose owner
 * is alive, or cannot be told, is left alone.
 */
final class TempNames {
    /** Groups: 2 pid, 3 start ms, 4 host (absent in older names); the random part never holds '-'. */
    private static final Pattern OURS = Pattern.compile("\\..+\\.(tmp|old)-(\\d+)\\.(\\d+)(?:@([A-Za-z0-9._-]+))?-[^/-]*");
    private static final String OWNER = ProcessHandle.current().pid() + "." + startMillis(ProcessHandle.current())
            + "@" + HostName.get();

    private TempNames() {
    }

    /** Prefix of a temporary sibling of {@code name} owned by this process. */
    static String tmpPrefix(String name) {
        return "." + name + ".tmp-" + OWNER + "-";
    }

    /** Prefix of the aside copy of a previous result named {@code name}. */
    static String oldPrefix(String name) {
        return "." + name + ".old-" + OWNER + "-";
    }

    /**
     * Creates the new, empty directory {@code prefix} + a random number in {@code parent}, like
     * {@link Files#createTempDirectory(Path, String, java.nio.file.attribute.FileAttribute[])} but without the
     * JDK's {@code SecureRandom}, whose set-up (security providers, the system's entropy source) was some 2 % of a
     * tiny run's start-up: the name needs to be unique, not secret (the prefix names the owner, and creating fails
     * rather than reuse anything that exists, a link included). Made like any file of the user's programs, with the
     * permissions the user's umask leaves (0777 or 0666 less its bits), which the result keeps after its rename.
     */
    static Path createDirectory(Path parent, String prefix) throws IOException {
        return create(parent, prefix, true);
    }

    /** Like {@link #createDirectory}, a new empty file. */
    static Path createFile(Path parent, String prefix) throws IOException {
        return create(parent, prefix, false);
    }

    private static Path create(Path parent, String prefix, boolean directory) throws IOException {
        for (int attempt = 1; ; attempt++) {
            Path p = parent.resolve(prefix + randomPart());
            try {
                return directory ? Files.createDirectory(p) : Files.createFile(p);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt == MAX_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    /** Names tried before giving up (a clash of two random 64-bit numbers: practically never a second). */
    private static final int MAX_ATTEMPTS = 100;

    /** Digits only: never a '-', which {@link #OURS} reads as the end of the owner. */
    private static String randomPart() {
        return Long.toUnsignedString(java.util.concurrent.ThreadLocalRandom.current().nextLong());
    }

    /** Whether {@code name} is a temporary or aside name Lossless writes ({@link #tmpPrefix}, {@link #oldPrefix}). */
    static boolean isOurs(String name) {
        return OURS.matcher(name).matches();
    }

    /**
     * A sweep run's private work folder next to its run directory: {@code .SEED.run-HOST-PID} (digits, the host as
     * {@link HostName} spells it, the pid).
     */
    private static final Pattern RUN_FOLDER = Pattern.compile("\\.\\d+\\.run-[A-Za-z0-9._-]+-\\d+");

    /** The private work folder of this process for the run directory {@code name} (a seed). */
    static String runFolder(String name) {
        return "." + name + ".run-" + HostName.get() + "-" + ProcessHandle.current().pid();
    }

    /**
     * Whether {@code name} is Lossless's work in progress or a leftover of it inside a result: a temporary or aside
     * name ({@link #isOurs}) or a sweep run's private folder ({@link #runFolder}).
     */
    static boolean isWork(String name) {
        return isOurs(name) || RUN_FOLDER.matcher(name).matches();
    }

    /**
     * Removes the temporary and aside siblings in {@code parent} that a process of this host no longer
     * running left (killed with SIGKILL, power loss). Best effort: what cannot be removed stays, hidden and
     * named.
     *
     * @return the names removed
     */
    static List<String> cleanStale(Path parent) {
        return cleanStale(parent, HostName.get());
    }

    /** {@link #cleanStale(Path)} as if this were host {@code thisHost}. */
    static List<String> cleanStale(Path parent, String thisHost) {
        List<String> removed = new ArrayList<>();
        if (!Files.isDirectory(parent)) {
            return removed;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(parent, ".*")) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                Matcher m = OURS.matcher(n);
                if (!m.matches() || m.group(4) != null && !m.group(4).equals(thisHost)) {
                    continue; // not ours, or another host's: its pid means nothing here
                }
                if (!alive(Long.parseLong(m.group(2)), Long.parseLong(m.group(3)))) {
                    try {
                        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                            AtomicDirectory.deleteTree(p);
                        } else {
                            Files.deleteIfExists(p);
                        }
                        removed.add(n);
                    } catch (IOException e) {
                        // left in place: hidden and named after its target, so users can tell what it is
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // listing failed: nothing cleaned, nothing harmed
        }
        return removed;
    }

    /** Whether the process (pid, start ms) may still run: true when it cannot be told. */
    static boolean alive(long pid, long startMs) {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        if (h.isEmpty() || !h.get().isAlive()) {
            return false;
        }
        long s = startMillis(h.get());
        return s < 0 || s == startMs;
    }

    private static long startMillis(ProcessHandle h) {
        return h.info().startInstant().map(java.time.Instant::toEpochMilli).orElse(-1L);
    }
}
