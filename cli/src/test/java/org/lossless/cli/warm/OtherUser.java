package org.lossless.cli.warm;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A second user of this machine, for tests of what another user can plant (a socket, a folder, a pointer). The tests
 * run as root (CI does, on a fresh Debian machine): the user is created once with {@code useradd} (a system user with
 * no home and no login shell) and commands run as it through {@code setpriv}. Without root, {@code useradd} or
 * {@code setpriv}, a test that needs it is skipped and says why.
 */
final class OtherUser {
    static final String NAME = "lossless-test-other";
    private static OtherUser instance;
    private static String missing;

    final int uid;
    final int gid;

    private OtherUser(int uid, int gid) {
        this.uid = uid;
        this.gid = gid;
    }

    /** The user, made if needed; the calling test is skipped when that cannot be done here. */
    static synchronized OtherUser get() {
        if (instance == null && missing == null) {
            try {
                instance = make();
            } catch (IOException | RuntimeException e) {
                missing = e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                missing = "interrupted";
            }
        }
        Assumptions.assumeTrue(instance != null, () -> "no second user for this test: " + missing);
        return instance;
    }

    private static OtherUser make() throws IOException, InterruptedException {
        long me = new com.sun.security.auth.module.UnixSystem().getUid();
        if (me != 0) {
            throw new IllegalStateException("the tests do not run as root (uid " + me + ")");
        }
        for (String tool : List.of("/usr/sbin/useradd", "/usr/bin/setpriv")) {
            if (!Files.isExecutable(Path.of(tool))) {
                throw new IllegalStateException(tool + " is not installed");
            }
        }
        if (run("id", "-u", NAME).isEmpty()) {
            // 9: made meanwhile by another test JVM
            int code = status("/usr/sbin/useradd", "--system", "--no-create-home", "--home-dir", "/nonexistent",
                    "--shell", "/usr/sbin/nologin", NAME);
            if (code != 0 && code != 9) {
                throw new IllegalStateException("useradd " + NAME + " failed with status " + code);
            }
        }
        return new OtherUser(Integer.parseInt(run("id", "-u", NAME)), Integer.parseInt(run("id", "-g", NAME)));
    }

    /** {@code command} as this user (no supplementary groups). */
    List<String> as(List<String> command) {
        List<String> cmd = new ArrayList<>(List.of("/usr/bin/setpriv", "--reuid=" + uid, "--regid=" + gid,
                "--clear-groups", "--"));
        cmd.addAll(command);
        return cmd;
    }

    /** A new folder directly in /tmp (so that this user can reach it), this user's, with permissions {@code perms}. */
    Path folder(String perms) throws IOException {
        Path d = Files.createTempDirectory(Path.of("/tmp"), "lossless-test-planted-");
        own(d);
        Files.setPosixFilePermissions(d, PosixFilePermissions.fromString(perms));
        return d;
    }

    /** Gives {@code p} to this user (not following a link). */
    void own(Path p) throws IOException {
        UserPrincipal u = p.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(NAME);
        Files.getFileAttributeView(p, java.nio.file.attribute.PosixFileAttributeView.class,
                java.nio.file.LinkOption.NOFOLLOW_LINKS).setOwner(u);
    }

    private static String run(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", cmd) + " did not end");
        }
        return p.exitValue() == 0 ? out : "";
    }

    private static int status(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", cmd) + " did not end");
        }
        return p.exitValue();
    }
}
