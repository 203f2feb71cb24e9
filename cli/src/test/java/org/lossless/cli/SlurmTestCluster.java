package org.lossless.cli;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real single-node Slurm cluster for tests: writes a slurm.conf for this host (private ports, state and
 * spool folders under {@code dir}, no accounting), starts {@code munged} with a fresh key on a private socket,
 * then {@code slurmctld} and {@code slurmd} in the foreground as children of the test JVM, and waits until
 * the node is idle. {@link #close} stops all three. Needs root and Debian's {@code slurm-wlm} and
 * {@code munge} packages (.ci/run installs them); {@link #unavailable} says why a cluster cannot start.
 * Clients find the cluster through {@code SLURM_CONF} ({@link #env}).
 */
final class SlurmTestCluster implements AutoCloseable {
    private final Path dir;
    private final List<Process> daemons = new ArrayList<>();

    private SlurmTestCluster(Path dir) {
        this.dir = dir;
    }

    /** Why no cluster can be started here, or null when it can be tried. */
    static String unavailable() {
        for (String tool : List.of("munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "sinfo")) {
            if (which(tool) == null) {
                return tool + " is not installed (apt-get install slurm-wlm munge; .ci/run does it)";
            }
        }
        String uid = run(List.of("id", "-u"));
        if (!"0".equals(uid)) {
            return "the Slurm daemons must be started as root (uid " + uid + ")";
        }
        return null;
    }

    Map<String, String> env() {
        return Map.of("SLURM_CONF", dir.resolve("slurm.conf").toString());
    }

    /** Starts the cluster in {@code dir}; throws with the daemons' logs when it does not come up. */
    static SlurmTestCluster start(Path dir) throws IOException, InterruptedException {
        SlurmTestCluster c = new SlurmTestCluster(dir);
        try {
            c.boot();
            return c;
        } catch (IOException | RuntimeException | InterruptedException e) {
            c.close();
            throw e;
        }
    }

    private void boot() throws IOException, InterruptedException {
        Path munge = Files.createDirectories(dir.resolve("munge"));
        for (String d : List.of("state", "spool", "log")) {
            Files.createDirectories(dir.resolve(d));
        }
        Files.setPosixFilePermissions(munge, PosixFilePermissions.fromString("rwx--x--x"));
        byte[] key = new byte[1024];
        new SecureRandom().nextBytes(key);
        Path keyFile = Files.write(munge.resolve("munge.key"), key);
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("r--------"));
        Path socket = munge.resolve("munge.sock");
        daemons.add(daemon("munged", List.of("munged", "-F", "-f", "--key-file=" + keyFile, "--socket=" + socket,
                "--pid-file=" + munge.resolve("munged.pid"), "--log-file=" + munge.resolve("munged.log"),
                "--seed-file=" + munge.resolve("munged.seed"))));
        waitFor(() -> Files.exists(socket), 10, "munged did not create its socket");
        String host = run(List.of("hostname", "-s"));
        int cpus = Runtime.getRuntime().availableProcessors();
        String conf = String.join("\n",
                "ClusterName=lossless-test",
                "SlurmctldHost=" + host + "(127.0.0.1)",
                "SlurmctldPort=" + freePort(),
                "SlurmdPort=" + freePort(),
                "AuthType=auth/munge",
                "AuthInfo=socket=" + socket,
                "CredType=cred/munge",
                "SlurmUser=root",
                "SlurmdUser=root",
                "StateSaveLocation=" + dir.resolve("state"),
                "SlurmdSpoolDir=" + dir.resolve("spool"),
                "SlurmctldPidFile=" + dir.resolve("slurmctld.pid"),
                "SlurmdPidFile=" + dir.resolve("slurmd.pid"),
                "SlurmctldLogFile=" + dir.resolve("log/slurmctld.log"),
                "SlurmdLogFile=" + dir.resolve("log/slurmd.log"),
                "ProctrackType=proctrack/linuxproc",
                "TaskPlugin=task/none",
                "JobAcctGatherType=jobacct_gather/none",
                "AccountingStorageType=accounting_storage/none",
                "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_CPU",
                "MpiDefault=none",
                "ReturnToService=2",
                "MinJobAge=3600",
                "NodeName=" + host + " NodeAddr=127.0.0.1 CPUs=" + cpus + " State=UNKNOWN",
                "PartitionName=test Nodes=" + host + " Default=YES MaxTime=INFINITE State=UP", "");
        Files.writeString(dir.resolve("slurm.conf"), conf, StandardCharsets.UTF_8);
        String cf = dir.resolve("slurm.conf").toString();
        daemons.add(daemon("slurmctld", List.of("slurmctld", "-D", "-c", "-f", cf)));
        daemons.add(daemon("slurmd", List.of("slurmd", "-D", "-f", cf, "-N", host)));
        waitFor(() -> "idle".equals(client(List.of("sinfo", "-h", "-o", "%T"))), 60,
                "the node did not become idle within 60 s");
    }

    private Process daemon(String name, List<String> cmd) throws IOException {
        return new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(dir.resolve("log").resolve(name + ".out").toFile()).start();
    }

    /** A Slurm client command against this cluster; its output, stripped, or null on failure. */
    String client(List<String> cmd) {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env());
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.waitFor() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private void waitFor(java.util.function.BooleanSupplier ok, int seconds, String what) throws InterruptedException, IOException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!ok.getAsBoolean()) {
            for (Process p : daemons) {
                if (!p.isAlive()) {
                    throw new IOException(what + ": a daemon exited (" + p.info().command().orElse("?") + "); " + logs());
                }
            }
            if (System.nanoTime() > end) {
                throw new IOException(what + "; " + logs());
            }
            Thread.sleep(100);
        }
    }

    /** The last lines of the daemons' logs, for a message. */
    String logs() {
        StringBuilder sb = new StringBuilder();
        for (String f : List.of("log/munged.out", "munge/munged.log", "log/slurmctld.out", "log/slurmctld.log",
                "log/slurmd.out", "log/slurmd.log")) {
            try {
                List<String> lines = Files.readAllLines(dir.resolve(f));
                sb.append("\n--- ").append(f).append('\n')
                        .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 8), lines.size())));
            } catch (IOException e) {
                // not written
            }
        }
        return sb.toString();
    }

    @Override
    public void close() {
        for (int i = daemons.size() - 1; i >= 0; i--) {
            Process p = daemons.get(i);
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        daemons.clear();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static String which(String tool) {
        for (String d : List.of("/usr/sbin", "/usr/bin", "/sbin", "/bin", "/usr/local/bin", "/usr/local/sbin")) {
            if (Files.isExecutable(Path.of(d, tool))) {
                return d + "/" + tool;
            }
        }
        return null;
    }

    private static String run(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            p.waitFor();
            return out;
        } catch (IOException e) {
            return "?";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "?";
        }
    }
}
