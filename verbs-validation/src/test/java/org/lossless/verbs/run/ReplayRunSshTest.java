package org.lossless.verbs.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.verbs.Fixtures;
import org.lossless.verbs.VerbsException;
import org.lossless.verbs.measure.BwResult;
import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.measure.PortCounters;
import org.lossless.verbs.plan.HardwarePlan;
import org.lossless.verbs.plan.HostsFile;
import org.lossless.verbs.plan.PlanOptions;
import org.lossless.verbs.plan.PlanReader;
import org.lossless.verbs.plan.PlanWriter;
import org.lossless.verbs.plan.ReplayPlanner;

/**
 * The executor against a real sshd on 127.0.0.1 with stand-in {@code ib_write_bw}, {@code ethtool} and
 * {@code mlnx_qos} scripts that print recorded outputs: plan, run, collect, parse.
 */
class ReplayRunSshTest {
    @TempDir
    static Path tmp;
    static Sshd sshd;
    static String skipReason;

    @BeforeAll
    static void startSshd() throws Exception {
        Sshd[] out = new Sshd[1];
        skipReason = Sshd.start(Files.createDirectories(tmp.resolve("sshd")), out);
        sshd = out[0];
        if (skipReason != null) {
            System.err.println("SKIPPED ReplayRunSshTest: " + skipReason);
        }
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path fx = Files.createDirectories(tmp.resolve("fixtures"));
        Files.writeString(fx.resolve("client.txt"), Fixtures.text("perftest_ib_write_bw_roce_all_sizes_gbits_nvidia_docs.txt"));
        Files.writeString(fx.resolve("help.txt"), Fixtures.text("perftest_help_ib_write_bw_debian12.txt"));
        Files.writeString(fx.resolve("ethtool.txt"), Fixtures.text("ethtool_S_mlx5_connectx4_ubuntu1804_ethq.txt"));
        Files.writeString(fx.resolve("qos.txt"), Fixtures.text("mlnx_qos_output_connectx_blog.txt"));
        script(bin.resolve("ib_write_bw"), """
                #!/bin/sh
                # stand-in for perftest's ib_write_bw: prints recorded output
                case "$1" in
                  --version) echo "Version: 6.06"; exit 0;;
                  --help) cat FX/help.txt; exit 0;;
                esac
                for a in "$@"; do last="$a"; done
                case "$last" in
                  [0-9]*.[0-9]*.[0-9]*.[0-9]*) printf '%s\\n' "$@" > FX/argv.client; cat FX/client.txt; exit 0;;
                esac
                printf '%s\\n' "$@" > FX/argv.server
                echo '************************************'
                echo '* Waiting for client to connect... *'
                echo '************************************'
                sleep 1
                echo ' #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]'
                exit 0
                """.replace("FX", fx.toString()));
        script(bin.resolve("ethtool"), """
                #!/bin/sh
                # stand-in for ethtool: -S prints a recorded dump plus PFC counters that grow by 15 per call
                case "$1" in
                  -S) n=$(cat FX/$2.n 2>/dev/null || echo 0); n=$((n+1)); echo $n > FX/$2.n
                      cat FX/ethtool.txt; echo "rx_prio3_pause: $((n*15))"; echo "rx_prio3_pause_duration: $((n*100))"; exit 0;;
                  -i) echo "driver: mlx5_core"; echo "firmware-version: 16.35.2000 (MT_0000000012)"; exit 0;;
                esac
                echo "Settings for $1:"; echo "	Speed: 100000Mb/s"
                """.replace("FX", fx.toString()));
        script(bin.resolve("mlnx_qos"), "#!/bin/sh\ncat " + fx.resolve("qos.txt") + "\n");
    }

    @AfterAll
    static void stopSshd() throws Exception {
        if (shell != null) {
            shell.close();
        }
        if (sshd != null) {
            sshd.close();
        }
    }

    private static void script(Path p, String text) throws Exception {
        Files.writeString(p, text);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static void assumeSshd() {
        Assumptions.assumeTrue(skipReason == null, () -> "sshd cannot run here: " + skipReason);
    }

    private static String hostsYaml(String tool) {
        Path bin = tmp.resolve("bin");
        return "ssh: {port: " + sshd.port + ", identity: " + sshd.dir.resolve("user_key") + ", known_hosts: "
                + sshd.dir.resolve("known_hosts") + ", connect_timeout: 5s}\n"
                + "defaults: {user: " + sshd.user + ", gid_index: 3, link_rate: 100Gbps, tools: {ib_write_bw: "
                + bin.resolve(tool) + ", ethtool: " + bin.resolve("ethtool") + ", mlnx_qos: " + bin.resolve("mlnx_qos") + "}}\n"
                + "hosts:\n"
                + "  0: {name: a, ssh: 127.0.0.1, address: 10.0.0.1, device: mlx5_0, netdev: eth-a}\n"
                + "  1: {name: b, ssh: 127.0.0.1, address: 10.0.0.2, device: mlx5_1, netdev: eth-b}\n";
    }

    private static Path plan(String name, String tool) throws Exception {
        Scenario s = ScenarioLoader.parse("s.yaml", """
                name: ssh-replay
                topology: {type: star, hosts: 2, host_link: {rate: 100Gbps, delay: 1us}}
                workloads: [{type: flows, flows: [{src: 1, dst: 0, size: 2MB}]}]
                """, tmp, List.of());
        Path hostsFile = tmp.resolve(name + "-hosts.yaml");
        Files.writeString(hostsFile, hostsYaml(tool));
        HardwarePlan p = new ReplayPlanner().plan(s, HostsFile.read(hostsFile, "hosts.yaml"), "hosts.yaml",
                PlanOptions.defaults());
        Path dir = tmp.resolve(name);
        PlanWriter.write(dir, p, s, Files.readString(hostsFile));
        return dir;
    }

    static SshShell shell;

    private static ReplayExecutor executor(StringWriter log) {
        if (shell == null) {
            shell = new SshShell(sshd.settings());
        }
        return new ReplayExecutor(shell, new PrintWriter(log, true), new ReplayExecutor.Timing(
                Duration.ofSeconds(20), Duration.ofSeconds(2), Duration.ofSeconds(10), Duration.ofSeconds(20)));
    }

    @Test
    void planRunCollectParse() throws Exception {
        assumeSshd();
        Path planDir = plan("plan", "ib_write_bw");
        HardwarePlan plan = PlanReader.read(planDir, "plan");
        StringWriter log = new StringWriter();
        Path bundle = tmp.resolve("bundle");
        BundleInfo info = executor(log).execute(plan, planDir, bundle);
        assertTrue(info.complete(), info.problems() + "\n" + log + "\n" + sshd.log());
        assertEquals(List.of(0, 0), info.processes().stream().map(ProcessRecord::exitCode).toList());
        ProcessRecord client = info.processes().get(1);
        assertNotNull(client.startedNs(), "the wrapper reports when the client really started");
        assertTrue(client.startedNs() >= info.t0Ns(), "not before T0");
        // the stand-in received exactly the planned argument vector
        List<String> planned = plan.processes().get(1).argv();
        assertEquals(planned.subList(1, planned.size()), Files.readAllLines(tmp.resolve("fixtures/argv.client")));

        Measurement m = BundleReader.read(bundle, "bundle");
        BwResult r = m.flow(0);
        assertNotNull(r, m.flows().toString());
        assertEquals("b", r.host());
        assertEquals("c0", r.id());
        assertEquals(92.39e9, r.goodputBps(), 1);
        BwResult server = m.flows().stream().filter(f -> "server".equals(f.role())).findFirst().orElseThrow();
        assertTrue(server.samples().isEmpty());
        PortCounters p3 = m.ports().stream().filter(p -> "b".equals(p.host()) && Integer.valueOf(3).equals(p.priority()))
                .findFirst().orElseThrow();
        assertEquals(15L, p3.values().get("pause_rx"), "after minus before");
        assertEquals(100L, p3.values().get("pause_rx_duration_us"));
        assertEquals(0L, p3.values().get("rx_bytes"), "unchanged counter: delta 0");
        assertNull(p3.values().get("pause_tx"), "absent on both sides: not available");
        assertTrue(m.rdma().isEmpty(), "no /sys/class/infiniband here");
        assertTrue(m.notAvailable().stream().anyMatch(s -> s.startsWith("a: rdma_counters")), m.notAvailable().toString());
        assertEquals(List.of(3), m.nicQos().get(0).pfcPriorities());
        assertTrue(m.toolHelp().get(0).options().contains("tclass"));
        assertTrue(m.versions().stream().anyMatch(v -> v.name().equals("ethtool_link") && v.text().contains("100000Mb/s")));
        assertTrue(m.errors().isEmpty(), m.errors().toString());
        assertTrue(Files.isRegularFile(bundle.resolve("hosts/b/pre/ethtool_S.txt")));
        assertTrue(Files.isRegularFile(bundle.resolve("scenario.resolved.yaml")));
    }

    @Test
    void argumentsReachTheRemoteProgramVerbatim() throws Exception {
        assumeSshd();
        List<String> hostile = List.of("a b", "it's", "$(id)", "; rm -rf ~", "`x`", "\"q\"", "*", "", "\\n", "-rf");
        List<String> argv = new java.util.ArrayList<>(List.of("printf", "[%s]\\n"));
        argv.addAll(hostile);
        Path out = tmp.resolve("printf.out");
        int code = new SshShell(sshd.settings()).run(new RemoteShell.Target("127.0.0.1", sshd.user), argv, out,
                tmp.resolve("printf.err"), Duration.ofSeconds(15));
        assertEquals(0, code, Files.readString(tmp.resolve("printf.err")));
        assertEquals(hostile.stream().map(s -> "[" + s + "]").toList(), Files.readAllLines(out));
    }

    @Test
    void hostileHostNamesAreRejectedBeforeSshRuns() throws Exception {
        SshShell shell = new SshShell(org.lossless.verbs.plan.SshSettings.defaults());
        for (String host : List.of("a;rm -rf ~", "-oProxyCommand=touch /tmp/x", "a b", "$(id)", "")) {
            assertThrows(IllegalArgumentException.class, () -> shell.sshArgv(new RemoteShell.Target(host, null), List.of("id")));
        }
        assertThrows(IllegalArgumentException.class, () -> shell.sshArgv(new RemoteShell.Target("ok", "root;id"), List.of("id")));
        List<String> argv = shell.sshArgv(new RemoteShell.Target("node-a", "lab"), List.of("echo", "a b"));
        assertEquals(List.of("--", "node-a", "echo 'a b'"), argv.subList(argv.size() - 3, argv.size()));
        assertTrue(argv.containsAll(List.of("-o", "BatchMode=yes")));
        // a tampered plan.json is refused when it is read
        assumeSshd();
        Path planDir = plan("tampered", "ib_write_bw");
        Path json = planDir.resolve("plan.json");
        Files.writeString(json, Files.readString(json).replace("\"ssh\" : \"127.0.0.1\"", "\"ssh\" : \"a;rm -rf ~\""));
        VerbsException e = assertThrows(VerbsException.class, () -> PlanReader.read(planDir, "tampered"));
        assertTrue(e.getMessage().contains("'a;rm -rf ~' is not a host name"), e.getMessage());
    }

    @Test
    void dryRunPrintsAndTouchesNothing() throws Exception {
        assumeSshd();
        Path planDir = plan("dry", "ib_write_bw");
        StringWriter log = new StringWriter();
        executor(log).dryRun(PlanReader.read(planDir, "dry"));
        assertTrue(log.toString().contains("dry run: nothing is executed"), log.toString());
        assertTrue(log.toString().contains("[b c0 client at T0+0ns] ssh -o BatchMode=yes"), log.toString());
        assertFalse(Files.exists(tmp.resolve("dry-bundle")));
    }

    @Test
    void aServerThatCannotStartGivesAnIncompleteBundleThatSaysSo() throws Exception {
        assumeSshd();
        Path planDir = plan("broken", "no_such_tool");
        StringWriter log = new StringWriter();
        Path bundle = tmp.resolve("broken-bundle");
        BundleInfo info = executor(log).execute(PlanReader.read(planDir, "broken"), planDir, bundle);
        assertFalse(info.complete());
        assertTrue(info.problems().get(0).startsWith("server s0 on a ended (status 127) before it was ready"),
                info.problems().toString());
        Measurement m = BundleReader.read(bundle, "broken-bundle");
        assertTrue(m.errors().get(0).startsWith("broken-bundle: server s0 on a ended"), m.errors().toString());
        assertTrue(m.flows().isEmpty());
    }
}
