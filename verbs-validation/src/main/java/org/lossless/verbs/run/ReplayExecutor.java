package org.lossless.verbs.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.experiments.results.Version;
import org.lossless.verbs.io.ShellQuote;
import org.lossless.experiments.results.OutputRule;
import org.lossless.verbs.measure.MeasurementJson;
import org.lossless.verbs.plan.HardwarePlan;
import org.lossless.verbs.plan.HostPlan;
import org.lossless.verbs.plan.LabHost;
import org.lossless.verbs.plan.ProcessSpec;
import org.lossless.verbs.plan.Snapshot;
import org.lossless.verbs.plan.SwitchPlan;

/**
 * Executes a plan: versions and counters before on every host (in parallel), servers started and waited
 * for until they listen, clients started at one instant T0 (plus their offsets) by the hosts' clocks,
 * clients awaited until the plan's timeout (then stopped), servers given a grace period, counters after.
 * Everything lands in the bundle, written through {@link OutputRule}; a step that fails is recorded and the
 * bundle is still written, marked incomplete. Remote processes still running when the JVM is stopped are
 * stopped by a shutdown hook, so no perftest server is left behind on a lab host.
 */
public final class ReplayExecutor {
    private static final Pattern STARTED = Pattern.compile(Pattern.quote(RemoteWrapper.STARTED) + "(\\d{1,20})");
    private final RemoteShell shell;
    private final PrintWriter log;
    private final Timing timing;

    /**
     * Time limits.
     *
     * @param serverReady how long a server may take to print its ready text
     * @param lead        T0 is this far after the last server is ready (room to launch every client's ssh)
     * @param serverGrace how long servers may take to end after the clients
     * @param snapshot    limit of each snapshot command
     */
    public record Timing(Duration serverReady, Duration lead, Duration serverGrace, Duration snapshot) {
        public static Timing defaults() {
            return new Timing(Duration.ofSeconds(30), Duration.ofSeconds(2), Duration.ofSeconds(10), Duration.ofSeconds(30));
        }
    }

    public ReplayExecutor(RemoteShell shell, PrintWriter log, Timing timing) {
        this.shell = shell;
        this.log = log;
        this.timing = timing;
    }

    /** Prints every command the run would execute, in order, as local ssh command lines. Touches nothing. */
    public void dryRun(HardwarePlan plan) {
        log.println("dry run: nothing is executed; give --execute to run. In order:");
        log.println("(processes run under a small sh wrapper that waits for their start time: T0 for clients)");
        for (Node h : nodes(plan)) {
            for (Snapshot s : h.versions()) {
                log.println("[" + h.name() + " versions] " + ShellQuote.join(shell.describe(h.target(), s.argv(), -1)));
            }
            for (Snapshot s : h.counters()) {
                log.println("[" + h.name() + " before]   " + ShellQuote.join(shell.describe(h.target(), s.argv(), -1)));
            }
        }
        for (ProcessSpec p : plan.processes()) {
            String when = p.server() ? "server" : "client at T0+" + p.startOffsetNs() + "ns";
            log.println("[" + p.host() + " " + p.id() + " " + when + "] "
                    + ShellQuote.join(shell.describe(target(plan.host(p.host()).host()), withEnv(p), -1)));
        }
        log.println("[every host and switch after] the counter commands again");
        log.flush();
    }

    /** Runs the plan and writes the bundle into {@code bundleDir}; returns its index. */
    public BundleInfo execute(HardwarePlan plan, Path planDir, Path bundleDir) throws IOException {
        BundleInfo[] result = new BundleInfo[1];
        OutputRule.writeDirectory(bundleDir, BundleInfo.KIND, dir -> result[0] = fill(plan, planDir, dir));
        return result[0];
    }

    private BundleInfo fill(HardwarePlan plan, Path planDir, Path dir) throws IOException {
        for (String f : List.of("plan.json", "scenario.resolved.yaml", "hosts.yaml")) {
            if (Files.isRegularFile(planDir.resolve(f))) {
                Files.copy(planDir.resolve(f), dir.resolve(f));
            }
        }
        Files.createDirectories(dir.resolve("processes"));
        String startedAt = Instant.now().toString();
        List<String> problems = Collections.synchronizedList(new ArrayList<>());
        List<SnapshotRecord> snaps = Collections.synchronizedList(new ArrayList<>());
        List<ProcessRecord> procs = new ArrayList<>();
        long t0 = 0;
        Map<String, RemoteShell.Running> running = new java.util.concurrent.ConcurrentHashMap<>();
        Thread hook = new Thread(() -> stopAll(running.values()), "lossless-replay-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            log.println("reading versions and counters on " + plan.hosts().size() + " host(s)"
                    + (plan.switches().isEmpty() ? "" : " and " + plan.switches().size() + " switch(es)"));
            log.flush();
            forEachHost(plan, h -> {
                snapshotAll(dir, h, "versions", h.versions(), snaps, problems);
                snapshotAll(dir, h, "pre", h.counters(), snaps, problems);
            });
            Map<String, Long> requested = new LinkedHashMap<>();
            boolean serversReady = startServers(plan, dir, running, requested, problems);
            if (serversReady) {
                t0 = System.currentTimeMillis() * 1_000_000L + timing.lead().toNanos();
                startClients(plan, dir, t0, running, requested, problems);
                awaitClients(plan, t0, running, problems);
            }
            awaitServers(plan, running, problems);
            log.println("reading counters after the run");
            log.flush();
            forEachHost(plan, h -> snapshotAll(dir, h, "post", h.counters(), snaps, problems));
            for (ProcessSpec p : plan.processes()) {
                procs.add(record(dir, p, running.get(p.id()), requested.getOrDefault(p.id(), 0L), problems));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problems.add("interrupted: the run was stopped before it ended");
            stopAll(running.values());
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ignored) {
                // the JVM is shutting down: the hook runs anyway
            }
        }
        List<SnapshotRecord> snapList = new ArrayList<>(snaps);
        snapList.sort((a, b) -> (a.host() + phaseOrder(a.phase()) + a.name()).compareTo(b.host() + phaseOrder(b.phase()) + b.name()));
        BundleInfo info = new BundleInfo(BundleInfo.FORMAT_VERSION, plan.scenario(), "lossless " + Version.current(), startedAt,
                Instant.now().toString(), t0, problems.isEmpty(), new ArrayList<>(problems), procs, snapList);
        Files.writeString(dir.resolve(BundleInfo.FILE), MeasurementJson.write(info), StandardCharsets.UTF_8);
        return info;
    }

    private static String phaseOrder(String phase) {
        return switch (phase) {
            case "versions" -> "0";
            case "pre" -> "1";
            default -> "2";
        };
    }

    private boolean startServers(HardwarePlan plan, Path dir, Map<String, RemoteShell.Running> running,
                                 Map<String, Long> requested, List<String> problems) throws IOException, InterruptedException {
        List<ProcessSpec> servers = plan.processes().stream().filter(ProcessSpec::server).toList();
        log.println("starting " + servers.size() + " server(s)");
        log.flush();
        for (ProcessSpec p : servers) {
            requested.put(p.id(), System.currentTimeMillis() * 1_000_000L);
            running.put(p.id(), shell.start(target(plan.host(p.host()).host()), withEnv(p), 0, out(dir, p), err(dir, p)));
        }
        long deadline = System.nanoTime() + timing.serverReady().toNanos();
        for (ProcessSpec p : servers) {
            if (p.readyText() == null) {
                continue;
            }
            while (!Files.readString(out(dir, p), StandardCharsets.UTF_8).contains(p.readyText())) {
                RemoteShell.Running r = running.get(p.id());
                if (r.exitCode() != null) {
                    problems.add("server " + p.id() + " on " + p.host() + " ended (status " + r.exitCode()
                            + ") before it was ready; see processes/" + p.id() + ".err");
                    break;
                }
                if (System.nanoTime() > deadline) {
                    problems.add("server " + p.id() + " on " + p.host() + " did not print '" + p.readyText() + "' within "
                            + timing.serverReady().toSeconds() + " s");
                    break;
                }
                Thread.sleep(20);
            }
        }
        if (!problems.isEmpty()) {
            log.println("servers not ready: no client is started");
            stopAll(running.values());
            return false;
        }
        return true;
    }

    private void startClients(HardwarePlan plan, Path dir, long t0, Map<String, RemoteShell.Running> running,
                              Map<String, Long> requested, List<String> problems) throws IOException {
        List<ProcessSpec> clients = plan.processes().stream().filter(p -> !p.server()).toList();
        log.println("starting " + clients.size() + " client(s) at T0 = " + Instant.ofEpochMilli(t0 / 1_000_000L));
        log.flush();
        for (ProcessSpec p : clients) {
            long at = t0 + p.startOffsetNs();
            requested.put(p.id(), at);
            running.put(p.id(), shell.start(target(plan.host(p.host()).host()), withEnv(p), at, out(dir, p), err(dir, p)));
        }
    }

    private void awaitClients(HardwarePlan plan, long t0, Map<String, RemoteShell.Running> running, List<String> problems)
            throws InterruptedException {
        long deadlineMs = t0 / 1_000_000L + plan.timeoutSeconds() * 1000L;
        for (ProcessSpec p : plan.processes()) {
            if (p.server()) {
                continue;
            }
            RemoteShell.Running r = running.get(p.id());
            long left = Math.max(0, deadlineMs - System.currentTimeMillis());
            if (!r.waitFor(Duration.ofMillis(left))) {
                problems.add("client " + p.id() + " on " + p.host() + " still ran after the plan's timeout of "
                        + plan.timeoutSeconds() + " s and was stopped");
                r.stop();
            }
        }
    }

    private void awaitServers(HardwarePlan plan, Map<String, RemoteShell.Running> running, List<String> problems)
            throws InterruptedException {
        long deadline = System.currentTimeMillis() + timing.serverGrace().toMillis();
        for (ProcessSpec p : plan.processes()) {
            RemoteShell.Running r = running.get(p.id());
            if (!p.server() || r == null) {
                continue;
            }
            if (!r.waitFor(Duration.ofMillis(Math.max(0, deadline - System.currentTimeMillis())))) {
                problems.add("server " + p.id() + " on " + p.host() + " did not end after its client and was stopped");
                r.stop();
            }
        }
    }

    private ProcessRecord record(Path dir, ProcessSpec p, RemoteShell.Running r, long requested, List<String> problems)
            throws IOException {
        Integer exit = r == null ? null : r.exitCode();
        boolean timedOut = r != null && exit == null;
        Long started = null;
        if (r != null) {
            Matcher m = STARTED.matcher(Files.readString(err(dir, p), StandardCharsets.UTF_8));
            started = m.find() ? Long.valueOf(m.group(1)) : null;
        }
        if (r == null) {
            problems.add(p.role() + " " + p.id() + " on " + p.host() + " was not started");
        } else if (exit != null && exit != 0) {
            problems.add(p.role() + " " + p.id() + " on " + p.host() + " ended with status " + exit + "; see processes/"
                    + p.id() + ".err");
        }
        return new ProcessRecord(p.id(), p.host(), p.role(), p.output(), p.flowIds(), p.job(), withEnv(p), requested, started,
                exit, timedOut, "processes/" + p.id() + ".out", "processes/" + p.id() + ".err");
    }

    private void snapshotAll(Path dir, Node h, String phase, List<Snapshot> list, List<SnapshotRecord> out,
                             List<String> problems) throws IOException, InterruptedException {
        Path d = Files.createDirectories(dir.resolve("hosts").resolve(h.name()).resolve(phase));
        for (Snapshot s : list) {
            Path stdout = d.resolve(s.name() + ".txt");
            Path stderr = d.resolve(s.name() + ".err");
            int code = shell.run(h.target(), s.argv(), stdout, stderr, timing.snapshot());
            if (code == 255) {
                problems.add("ssh to " + h.name() + " failed during '" + s.name() + "' (" + phase + "): "
                        + firstLine(stderr));
            }
            out.add(new SnapshotRecord(h.name(), phase, s.name(), s.scope(), s.argv(),
                    dir.relativize(stdout).toString().replace('\\', '/'), code));
        }
    }

    /** A lab host or switch that snapshots are read on. */
    private record Node(String name, RemoteShell.Target target, List<Snapshot> versions, List<Snapshot> counters) {
    }

    /** The plan's hosts, then its switches. */
    private static List<Node> nodes(HardwarePlan plan) {
        List<Node> out = new ArrayList<>();
        for (HostPlan h : plan.hosts()) {
            out.add(new Node(h.host().name(), target(h.host()), h.versions(), h.counters()));
        }
        for (SwitchPlan sw : plan.switches()) {
            out.add(new Node(sw.sw().name(), new RemoteShell.Target(sw.sw().ssh(), sw.sw().user()), sw.versions(),
                    sw.counters()));
        }
        return out;
    }

    private static String firstLine(Path f) throws IOException {
        String s = Files.readString(f, StandardCharsets.UTF_8).strip();
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** Runs {@code task} for every host and switch at once, one thread each; the first failure is rethrown. */
    private void forEachHost(HardwarePlan plan, HostTask task) throws IOException, InterruptedException {
        List<Node> nodes = nodes(plan);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, nodes.size()));
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Node h : nodes) {
                futures.add(pool.submit(() -> {
                    task.run(h);
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    if (e.getCause() instanceof IOException io) {
                        throw io;
                    }
                    throw new IOException(e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @FunctionalInterface
    private interface HostTask {
        void run(Node h) throws IOException, InterruptedException;
    }

    private static void stopAll(java.util.Collection<RemoteShell.Running> running) {
        for (RemoteShell.Running r : new ArrayList<>(running)) {
            try {
                r.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    static RemoteShell.Target target(LabHost h) {
        return new RemoteShell.Target(h.ssh(), h.user());
    }

    /** The argument vector with the environment in front ({@code env NAME=VALUE ... cmd}). */
    static List<String> withEnv(ProcessSpec p) {
        if (p.env().isEmpty()) {
            return p.argv();
        }
        List<String> a = new ArrayList<>();
        a.add("env");
        new java.util.TreeMap<>(p.env()).forEach((k, v) -> a.add(k + "=" + v));
        a.addAll(p.argv());
        return a;
    }

    private static Path out(Path dir, ProcessSpec p) {
        return dir.resolve("processes").resolve(p.id() + ".out");
    }

    private static Path err(Path dir, ProcessSpec p) {
        return dir.resolve("processes").resolve(p.id() + ".err");
    }
}
