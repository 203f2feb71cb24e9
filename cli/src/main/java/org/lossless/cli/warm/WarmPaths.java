package org.lossless.cli.warm;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.CodeSource;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * Where a warm JVM lives and what it must share with its clients.
 *
 * <p>Its socket and log are in a folder only the user can enter: {@code $XDG_RUNTIME_DIR/lossless} when the session
 * has one, else {@code /tmp/lossless-USER} (the JVM's temporary folder). A folder that exists but is a link, belongs
 * to someone else or lets anyone else in is refused, by the daemon and by its clients, so another user can neither
 * connect nor plant a socket that a client would talk to. One
 * daemon per {@code lossless.jar}: the socket's name carries a checksum of the jar's path.
 *
 * <p>A command is served only from the same environment (every variable but those a shell changes as it moves:
 * {@link #IGNORED_ENV}) and the same JVM options ({@link #jvmFingerprint()}) as the daemon's:
 * what a command reads from its environment, or its heap size, is then what it would have been in its own JVM.
 */
public final class WarmPaths {
    /**
     * Variables that differ between shells of one session without changing what a command does, and the launcher's
     * own: {@code LOSSLESS_DAEMON} only steers the client, and {@code LOSSLESS_DEBUG} goes along with each command
     * (the daemon shows a stack trace when the client's environment asks for it).
     */
    static final Set<String> IGNORED_ENV = Set.of("PWD", "OLDPWD", "_", "SHLVL", "COLUMNS", "LINES",
            "LOSSLESS_DEBUG", "LOSSLESS_DAEMON");
    /** A client's JVM option that may differ: the terminal width the launcher passes. */
    static final String COLUMNS_PROPERTY = "lossless.columns";

    private WarmPaths() {
    }

    /** The private folder (not created). */
    static Path folder() {
        String runtime = System.getenv("XDG_RUNTIME_DIR");
        if (runtime != null && !runtime.isEmpty() && Files.isDirectory(Path.of(runtime))) {
            return Path.of(runtime, "lossless");
        }
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        return Path.of(System.getProperty("java.io.tmpdir"), "lossless-" + user);
    }

    /** The socket of the daemon of {@code jar}. */
    public static Path socket(Path jar) {
        return folder().resolve("warm-" + stamp(jar) + ".sock");
    }

    /** The log of the daemon of {@code jar}: what it printed itself (never a command's output). */
    public static Path log(Path jar) {
        return folder().resolve("warm-" + stamp(jar) + ".log");
    }

    private static String stamp(Path jar) {
        CRC32 crc = new CRC32();
        crc.update(jar.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8));
        return Long.toHexString(crc.getValue());
    }

    /** This JVM's {@code lossless.jar}, or null when it runs from classes (tests, an IDE). */
    public static Path ownJar() {
        try {
            CodeSource cs = WarmPaths.class.getProtectionDomain().getCodeSource();
            if (cs == null) {
                return null;
            }
            Path p = Path.of(cs.getLocation().toURI());
            return Files.isRegularFile(p) && p.getFileName().toString().endsWith(".jar") ? p : null;
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Creates the folder for this user only, or checks that an existing one is private; throws if it is not. Returns
     * its owner (this user), against which a peer's credentials are compared ({@link WarmPeer}).
     */
    static UserPrincipal makePrivate(Path folder) throws IOException {
        Set<PosixFilePermission> own = PosixFilePermissions.fromString("rwx------");
        try {
            Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(own));
        } catch (FileAlreadyExistsException e) {
            // checked below
        }
        return checkPrivate(folder);
    }

    /**
     * Checks that {@code folder} is a real folder (not a link) owned by this process's user (by uid) that no one else
     * may enter (rwx------); returns its owner. Throws, saying why, otherwise: a client then does not use the daemon,
     * a daemon does not start.
     */
    static UserPrincipal checkPrivate(Path folder) throws IOException {
        PosixFileAttributes a = Files.readAttributes(folder, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (a.isSymbolicLink()) {
            throw new IOException(folder + " is a link");
        }
        if (!a.isDirectory()) {
            throw new IOException(folder + " is not a folder");
        }
        int uid = (Integer) Files.getAttribute(folder, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        if (uid != ownUid()) {
            throw new IOException(folder + " belongs to " + a.owner().getName() + " (uid " + uid + "), not to you (uid "
                    + ownUid() + ")");
        }
        if (!a.permissions().equals(PosixFilePermissions.fromString("rwx------"))) {
            throw new IOException(folder + " is open to other users ("
                    + PosixFilePermissions.toString(a.permissions()) + "); it must be rwx------");
        }
        return a.owner();
    }

    /** This process's user id (the kernel's, not {@code user.name}, which a JVM option can change); -1 if unknown. */
    static int ownUid() {
        try {
            return (int) new com.sun.security.auth.module.UnixSystem().getUid();
        } catch (LinkageError | RuntimeException e) {
            return -1; // no jdk.security.auth module: nothing is trusted
        }
    }

    /**
     * This process's file-mode creation mask (from {@code /proc/self/status}, else from a folder created to see it),
     * e.g. 022; -1 if it cannot be told. A daemon serves only clients with its own: the files a command writes then
     * get the permissions they would get in the client's own JVM.
     */
    static int umask() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("Umask:")) {
                    return Integer.parseInt(line.substring(6).trim(), 8);
                }
            }
        } catch (IOException | RuntimeException e) {
            // an older kernel or another system: look at what a new folder gets
        }
        try {
            Path probe = Files.createDirectory(Path.of(System.getProperty("java.io.tmpdir"),
                    ".lossless-umask-" + ProcessHandle.current().pid() + "-" + System.nanoTime()));
            try {
                return ~(Integer) Files.getAttribute(probe, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0777;
            } finally {
                Files.deleteIfExists(probe);
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The environment a daemon compares: all variables but {@link #IGNORED_ENV}, sorted. */
    static Map<String, String> environment(Map<String, String> env) {
        Map<String, String> m = new TreeMap<>(env);
        m.keySet().removeAll(IGNORED_ENV);
        return m;
    }

    /** The property by which the {@code lossless} launcher tells the JVM the options it chose (its fingerprint). */
    static final String LAUNCH_PROPERTY = "lossless.launch";

    /** This JVM's options but {@code -Dlossless.*}: what a daemon started from this JVM gets. */
    static List<String> jvmOptions() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> !a.startsWith("-Dlossless.")).toList();
    }

    /**
     * What a daemon and its client must share of their JVMs: the launcher's options ({@value #LAUNCH_PROPERTY}) when it
     * started this JVM, else this JVM's options ({@link #jvmOptions()}, one per line).
     */
    static String jvmFingerprint() {
        String launch = System.getProperty(LAUNCH_PROPERTY);
        return launch != null ? "launch:" + launch : "jvm:" + String.join("\n", jvmOptions());
    }
}
