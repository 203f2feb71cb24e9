package org.lossless.verbs.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.verbs.Fixtures;
import org.lossless.verbs.compare.Comparison;
import org.lossless.verbs.compare.MetricRow;
import org.lossless.verbs.compare.ReplayCompare;
import org.lossless.verbs.measure.CollectiveResult;
import org.lossless.verbs.measure.Measurement;
import org.lossless.verbs.measure.StorageResult;
import org.lossless.verbs.measure.SwitchCounters;
import org.lossless.verbs.plan.HardwarePlan;
import org.lossless.verbs.plan.HostsFile;
import org.lossless.verbs.plan.PlanOptions;
import org.lossless.verbs.plan.PlanReader;
import org.lossless.verbs.plan.PlanWriter;
import org.lossless.verbs.plan.ReplayPlanner;

/**
 * A collective job, an NVMe-oF job and a SONiC switch through the whole cycle against a real sshd: stand-in
 * {@code mpirun} (prints an nccl-tests table and the NCCL environment it received), {@code fio} (prints the
 * recorded fio JSON) and {@code show} (SONiC counter tables that grow between calls); the bundle parses, its
 * results are attributed to the scenario's jobs, and {@code replay compare} pairs every job metric with the
 * simulation of the same scenario.
 */
class ReplayJobsSshTest {
    @TempDir
    static Path tmp;
    static Sshd sshd;
    static String skipReason;
    static SshShell shell;

    static final String NCCL = """
            # nThread 1 nGpus 1 minBytes 1048576 maxBytes 1048576 step: 2(factor) warmup iters: 5 iters: 2 agg iters: 1 validation: 1 graph: 0
            #
            # Using devices
            #  Rank  0 Group  0 Pid   1164 on     node-a device  0 [0x10] NVIDIA A100-SXM4-80GB
            #  Rank  1 Group  0 Pid   1165 on     node-b device  0 [0x10] NVIDIA A100-SXM4-80GB
            #  Rank  2 Group  0 Pid   1166 on     node-c device  0 [0x10] NVIDIA A100-SXM4-80GB
            #  Rank  3 Group  0 Pid   1167 on     node-d device  0 [0x10] NVIDIA A100-SXM4-80GB
            #
            #                                                              out-of-place                       in-place
            #       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
            #        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
                 1048576        262144     float     sum      -1    125.3    8.37   12.55      0    124.9    8.40   12.59      0
            # Out of bounds values : 0 OK
            # Avg bus bandwidth    : 12.57
            #
            # Collective test concluded: all_reduce_perf
            """;

    @BeforeAll
    static void start() throws Exception {
        Sshd[] out = new Sshd[1];
        skipReason = Sshd.start(Files.createDirectories(tmp.resolve("sshd")), out);
        sshd = out[0];
        if (skipReason != null) {
            System.err.println("SKIPPED ReplayJobsSshTest: " + skipReason);
            return;
        }
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path fx = Files.createDirectories(tmp.resolve("fx"));
        Files.writeString(fx.resolve("nccl.txt"), NCCL);
        Files.writeString(fx.resolve("fio.json"), Fixtures.text("fio_4k_randread_fio333_local.json"));
        script(bin.resolve("mpirun"), """
                #!/bin/sh
                # stand-in for Open MPI's mpirun running nccl-tests: records what it got, prints a table
                case "$1" in --version) echo "mpirun (Open MPI) 4.1.4"; exit 0;; --help) exit 0;; esac
                printf '%s\\n' "$@" > FX/argv.mpirun
                echo "$NCCL_IB_TC $NCCL_IB_QPS_PER_CONNECTION" > FX/env.mpirun
                cat FX/nccl.txt
                """.replace("FX", fx.toString()));
        script(bin.resolve("fio"), """
                #!/bin/sh
                case "$1" in --version) echo "fio-3.33"; exit 0;; --help) exit 0;; esac
                printf '%s\\n' "$@" > FX/argv.fio
                cat FX/fio.json
                """.replace("FX", fx.toString()));
        script(bin.resolve("show"), """
                #!/bin/sh
                # stand-in for SONiC's show: PFC and queue counters grow by 7 and 100 per 'pfc counters' call
                n=$(cat FX/show.n 2>/dev/null || echo 0)
                case "$1 $2" in
                  "pfc counters") n=$((n+1)); echo $n > FX/show.n
                    echo "  Port Rx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    PFC6    PFC7"
                    echo "---------  ------  ------  ------  ------  ------  ------  ------  ------"
                    echo "Ethernet0       0       0       0   $((n*7))       0       0       0     N/A"
                    echo ""
                    echo "  Port Tx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    PFC6    PFC7"
                    echo "---------  ------  ------  ------  ------  ------  ------  ------  ------"
                    echo "Ethernet0       0       0       0       0       0       0       0       0";;
                  "queue counters")
                    echo "     Port    TxQ    Counter/pkts    Counter/bytes    Drop/pkts    Drop/bytes"
                    echo "---------  -----  --------------  ---------------  -----------  ------------"
                    echo "Ethernet0    UC3     $((n*100+1000))    $((n*102400))       0       0";;
                  "queue watermark")
                    echo "Egress shared pool occupancy per unicast queue:"
                    echo "     Port    UC0    UC1    UC2    UC3"
                    echo "---------  -----  -----  -----  -----"
                    echo "Ethernet0      0      0      0  $((n*4096))";;
                  "priority-group watermark")
                    echo "Ingress shared pool occupancy per PG:"
                    echo "     Port    PG0    PG1    PG2    PG3"
                    echo "---------  -----  -----  -----  -----"
                    echo "Ethernet0      0      0      0   2048";;
                  "version ") echo "SONiC Software Version: SONiC.202305.stand-in";;
                esac
                """.replace("FX", fx.toString()));
        shell = new SshShell(sshd.settings());
    }

    @AfterAll
    static void stop() throws Exception {
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

    static final String SCENARIO = """
            name: jobs-replay
            topology: {type: star, hosts: 4, host_link: {rate: 100Gbps, delay: 1us}}
            workloads:
              - {type: allreduce, name: ar, size: 1MiB, hosts: all, iterations: 2, algorithm: ring, protocol: simple, qps: 2}
              - {type: nvmeof, name: st, initiators: [1], targets: [0], block_size: 4KiB, read_fraction: 1, ios: 200,
                 queue_depth: 8, start: 2ms}
            """;

    @Test
    void collectiveStorageAndSwitchThroughPlanRunParseCompare() throws Exception {
        Assumptions.assumeTrue(skipReason == null, () -> "sshd cannot run here: " + skipReason);
        Path bin = tmp.resolve("bin");
        String hosts = "ssh: {port: " + sshd.port + ", identity: " + sshd.dir.resolve("user_key") + ", known_hosts: "
                + sshd.dir.resolve("known_hosts") + ", connect_timeout: 5s}\n"
                + "defaults: {user: " + sshd.user + ", gid_index: 3, link_rate: 100Gbps, netdev: eth0, tools: {mpirun: "
                + bin.resolve("mpirun") + ", fio: " + bin.resolve("fio") + ", ethtool: /bin/true, mlnx_qos: /bin/true}}\n"
                + "hosts:\n"
                + "  0: {name: a, ssh: 127.0.0.1, device: mlx5_0}\n"
                + "  1: {name: b, ssh: 127.0.0.1, device: mlx5_1, nvme: {0: /dev/nvme9n1}}\n"
                + "  2: {name: c, ssh: 127.0.0.1, device: mlx5_2}\n"
                + "  3: {name: d, ssh: 127.0.0.1, device: mlx5_3}\n"
                + "switches:\n"
                + "  leaf: {ssh: 127.0.0.1, user: " + sshd.user + ", node: sw0, ports: {Ethernet0: 0}, tools: {show: "
                + bin.resolve("show") + "}}\n";
        Path hostsFile = tmp.resolve("hosts.yaml");
        Files.writeString(hostsFile, hosts);
        Scenario s = ScenarioLoader.parse("s.yaml", SCENARIO, tmp, List.of());
        HardwarePlan plan = new ReplayPlanner().plan(s, HostsFile.read(hostsFile, "hosts.yaml"), "hosts.yaml",
                PlanOptions.defaults());
        Path planDir = tmp.resolve("plan");
        PlanWriter.write(planDir, plan, s, hosts);
        StringWriter log = new StringWriter();
        Path bundle = tmp.resolve("bundle");
        BundleInfo info = new ReplayExecutor(shell, new PrintWriter(log, true), new ReplayExecutor.Timing(Duration.ofSeconds(20),
                Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofSeconds(20)))
                .execute(PlanReader.read(planDir, "plan"), planDir, bundle);
        assertTrue(info.complete(), info.problems() + "\n" + log + "\n" + sshd.log());
        // the NCCL environment reached mpirun: traffic class 106, 2 QPs per connection
        assertEquals("106 2", Files.readString(tmp.resolve("fx/env.mpirun")).strip());
        assertTrue(Files.readAllLines(tmp.resolve("fx/argv.fio")).contains("--filename=/dev/nvme9n1"));

        Measurement m = BundleReader.read(bundle, "bundle");
        assertTrue(m.errors().isEmpty(), m.errors().toString());
        CollectiveResult ar = m.collectives().get(0);
        assertEquals("ar", ar.jobName());
        assertEquals(4, ar.ranks());
        StorageResult st = m.storage().get(0);
        assertEquals("st", st.job());
        assertEquals("b", st.host());
        SwitchCounters pfc = m.switchCounters().stream().filter(c -> c.kind().equals("pfc") && c.index().equals("3"))
                .findFirst().orElseThrow();
        assertEquals("leaf", pfc.host());
        assertEquals(7L, pfc.values().get("pause_rx"), "after minus before");
        assertEquals(0L, pfc.values().get("pause_tx"));
        SwitchCounters q = m.switchCounters().stream().filter(c -> c.kind().equals("queue")).findFirst().orElseThrow();
        assertEquals(100L, q.values().get("tx_packets"));
        SwitchCounters wm = m.switchCounters().stream().filter(c -> c.kind().equals("queue_watermark") && c.index().equals("UC3"))
                .findFirst().orElseThrow();
        assertEquals(8192L, wm.values().get("bytes"), "watermarks as read after the run");
        assertTrue(m.versions().stream().anyMatch(v -> v.name().equals("sonic_version") && v.text().contains("SONiC")));

        Comparison c = ReplayCompare.compare(s, "bundle", m, ReplayCompare.simulate(s, new ScenarioEngine(),
                ReplayCompare.Naming.of(plan)));
        Map<String, MetricRow> rows = new java.util.LinkedHashMap<>();
        c.rows().forEach(r -> rows.put(r.metric(), r));
        MetricRow busbw = rows.get("job/ar/size/1048576/busbw_GBps");
        assertNotNull(busbw, rows.keySet().toString());
        assertEquals(12.55, busbw.measured(), 1e-9);
        assertNotNull(busbw.simulated());
        // a ring all-reduce cannot beat the line rate: busbw <= 100 Gb/s = 12.5 GB/s
        assertTrue(busbw.simulated() > 0 && busbw.simulated() <= 12.5, busbw.toString());
        MetricRow time = rows.get("job/ar/size/1048576/time_us");
        assertEquals(125.3, time.measured(), 1e-9);
        // busbw = S / t x 2(n-1)/n with n = 4, on both sides
        assertEquals(1048576 / (time.simulated() * 1e-6) / 1e9 * 1.5, busbw.simulated(), 1e-6 * busbw.simulated());
        for (String k : List.of("job/st/read/bw_GBps", "job/st/read/iops", "job/st/read/lat_mean_us",
                "switch/leaf/Ethernet0/prio/3/pause_rx", "switch/leaf/Ethernet0/queue/3/tx_packets")) {
            assertNotNull(rows.get(k), k + " in " + rows.keySet());
            assertNotNull(rows.get(k).measured(), k);
            assertNotNull(rows.get(k).simulated(), k);
        }
        assertEquals(7, rows.get("switch/leaf/Ethernet0/prio/3/pause_rx").measured(), 1e-9);
    }
}
