package org.lossless.verbs.run;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.lossless.verbs.plan.SshSettings;

/**
 * A real OpenSSH server for tests, on 127.0.0.1 and a free port, with a throw-away host key and user key in
 * a temporary folder. {@link #start} returns null and prints why when it cannot run (no sshd installed, it
 * does not start): the caller then skips its test loudly, never passes silently.
 */
final class Sshd implements AutoCloseable {
    static final String SSHD = "/usr/sbin/sshd";
    private final Process process;
    final Path dir;
    final int port;
    final String user;

    private Sshd(Process process, Path dir, int port, String user) {
        this.process = process;
        this.dir = dir;
        this.port = port;
        this.user = user;
    }

    /** Why sshd cannot be used here, or null when it started; the server in {@code out[0]}. */
    static String start(Path dir, Sshd[] out) throws IOException, InterruptedException {
        if (!Files.isExecutable(Path.of(SSHD))) {
            return SSHD + " is not installed (Debian package openssh-server; .ci/run installs it)";
        }
        if (!Files.isExecutable(Path.of("/usr/bin/ssh-keygen")) || !Files.isExecutable(Path.of("/usr/bin/ssh"))) {
            return "ssh or ssh-keygen is not installed (Debian package openssh-client)";
        }
        String user = System.getProperty("user.name");
        for (String key : List.of("host_key", "user_key")) {
            Process kg = new ProcessBuilder("/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "lossless-test",
                    "-f", dir.resolve(key).toString()).redirectErrorStream(true).start();
            if (kg.waitFor() != 0) {
                return "ssh-keygen failed: " + new String(kg.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        Files.copy(dir.resolve("user_key.pub"), dir.resolve("authorized_keys"));
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            port = s.getLocalPort();
        }
        Files.writeString(dir.resolve("sshd_config"), String.join("\n",
                "Port " + port, "ListenAddress 127.0.0.1", "HostKey " + dir.resolve("host_key"),
                "PidFile " + dir.resolve("sshd.pid"), "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                "PasswordAuthentication no", "KbdInteractiveAuthentication no", "PubkeyAuthentication yes",
                "StrictModes no", "UsePAM no", "PermitRootLogin prohibit-password", "AllowTcpForwarding no",
                "X11Forwarding no", "PrintMotd no",
                // bash sources ~/.bashrc for ssh commands only at shell level 1: skip the test user's (possibly slow) rc
                "SetEnv SHLVL=1", ""));
        if ("root".equals(user)) {
            try {
                Files.createDirectories(Path.of("/run/sshd")); // sshd's privilege-separation directory
            } catch (IOException e) {
                return "cannot create /run/sshd: " + e.getMessage();
            }
        }
        Path log = dir.resolve("sshd.log");
        Process p = new ProcessBuilder(SSHD, "-D", "-e", "-f", dir.resolve("sshd_config").toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                return "sshd exited at once: " + Files.readString(log).strip();
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                Files.writeString(dir.resolve("known_hosts"), "[127.0.0.1]:" + port + " "
                        + Files.readString(dir.resolve("host_key.pub")).strip() + "\n");
                out[0] = new Sshd(p, dir, port, user);
                return null;
            } catch (IOException e) {
                Thread.sleep(50);
            }
        }
        p.destroyForcibly();
        return "sshd did not listen on port " + port + " within 10 s: " + Files.readString(log).strip();
    }

    SshSettings settings() {
        return new SshSettings(port, dir.resolve("user_key").toString(), dir.resolve("known_hosts").toString(), 5, "yes");
    }

    String log() throws IOException {
        return Files.readString(dir.resolve("sshd.log"));
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
