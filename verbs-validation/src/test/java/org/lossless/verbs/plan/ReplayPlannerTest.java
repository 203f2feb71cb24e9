package org.lossless.verbs.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.verbs.VerbsException;
import org.lossless.experiments.results.OutputRefusedException;

class ReplayPlannerTest {
    static final String SCENARIO = """
            name: plan-test
            topology: {type: star, hosts: 3, host_link: {rate: 25Gbps, delay: 1us}}
            nic: {mtu: 1024}
            workloads:
              - type: flows
                flows:
                  - {src: 1, dst: 0, size: 4MB, qps: 2, priority: 3}
                  - {src: 2, dst: 0, size: 64, start: 20us}
                  - {src: 2, dst: 1, size: 327680, start: 3ms}
            """;
    static final String HOSTS = """
            ssh: {port: 2222, connect_timeout: 5s}
            defaults: {user: lab, device: mlx5_0, gid_index: 3, netdev: ens1f0, link_rate: 100Gbps}
            dscp: {3: 26}
            hosts:
              0: {name: a, ssh: node-a.lab, address: 192.168.10.1}
              1: {name: b, ssh: node-b.lab, address: 192.168.10.2, netdev: ens2f0}
              2: {name: c, ssh: 10.0.0.3, address: 192.168.10.3, ib_port: 2, dscp: {0: 0}}
            """;

    static Scenario scenario(String yaml) {
        return ScenarioLoader.parse("s.yaml", yaml, Path.of("."), List.of());
    }

    static HostsFile hosts(Path dir, String yaml) throws Exception {
        Path f = dir.resolve("hosts.yaml");
        Files.writeString(f, yaml);
        return HostsFile.read(f, "hosts.yaml");
    }

    @TempDir
    Path tmp;

    @Test
    void bandwidthFlowBecomesServerAndClientWithExactOptions() throws Exception {
        HardwarePlan p = new ReplayPlanner().plan(scenario(SCENARIO), hosts(tmp, HOSTS), "hosts.yaml", PlanOptions.defaults());
        ProcessSpec s0 = p.processes().get(0);
        assertEquals("server", s0.role());
        assertEquals("a", s0.host());
        // 4,000,000 B over 2 QPs: 2,000,000 B per QP: ceil(2,000,000 / 65,536) = 31 messages of ceil(2,000,000 / 31)
        // = 64,517 B (perftest -n is per QP)
        // 25 Gb/s scenario link on a 100 Gb/s lab link: 12.5 Gb/s per QP is not a static rate -> SW limiter
        assertEquals(List.of("ib_write_bw", "-d", "mlx5_0", "-i", "1", "-x", "3", "-p", "18515", "-q", "2", "-s", "64517",
                "-n", "31", "-m", "1024", "-F", "--report_gbits", "--tclass=106", "--rate_limit=12.5", "--rate_units=g",
                "--rate_limit_type=SW"), s0.argv());
        assertEquals("Waiting for client", s0.readyText());
        ProcessSpec c0 = p.processes().stream().filter(x -> x.id().equals("c0")).findFirst().orElseThrow();
        assertEquals("b", c0.host());
        assertEquals("192.168.10.1", c0.argv().get(c0.argv().size() - 1));
        assertEquals(s0.argv(), c0.argv().subList(0, c0.argv().size() - 1));
        assertEquals(List.of(0L), c0.flowIds());
        assertTrue(p.approximations().stream().anyMatch(a -> a.flowIds().equals(List.of(0L))
                && a.instead().equals("2 x 31 x 64517 B = 4000054 B (+0.001 %)")), p.approximations().toString());
    }

    @Test
    void smallFlowIsALatencyProbeAndStartsLater() throws Exception {
        HardwarePlan p = new ReplayPlanner().plan(scenario(SCENARIO), hosts(tmp, HOSTS), "hosts.yaml", PlanOptions.defaults());
        ProcessSpec c = p.processes().stream().filter(x -> x.flowIds().equals(List.of(1L)) && !x.server()).findFirst()
                .orElseThrow();
        assertEquals("c", c.host());
        assertEquals(20_000, c.startOffsetNs());
        // host c has its own DSCP map: priority 3 is not in it, so the default 8 x 3 + 2 = 26; tclass 26 << 2 | 2
        assertEquals(List.of("ib_write_lat", "-d", "mlx5_0", "-i", "2", "-x", "3", "-p", "18516", "-s", "64", "-n", "1000",
                "-m", "1024", "-F", "--tclass=106", "192.168.10.1"), c.argv());
        assertEquals("latency", c.output());
        assertTrue(p.approximations().stream().anyMatch(a -> a.flowIds().equals(List.of(1L))
                && a.what().startsWith("start at 20000 ns")), p.approximations().toString());
    }

    @Test
    void aFlowsOwnDscpIsItsTrafficClass() throws Exception {
        String yaml = SCENARIO.replace("- {src: 1, dst: 0, size: 4MB, qps: 2, priority: 3}",
                "- {src: 1, dst: 0, size: 4MB, qps: 2, priority: 0, dscp: 10}");
        HardwarePlan p = new ReplayPlanner().plan(scenario(yaml), hosts(tmp, HOSTS), "hosts.yaml", PlanOptions.defaults());
        // DSCP 10 given in the scenario wins over the lab's map: 10 << 2 | ECT(0) = 42; the other flows keep the lab's
        assertTrue(p.processes().get(0).argv().contains("--tclass=42"), p.processes().get(0).argv().toString());
        ProcessSpec c = p.processes().stream().filter(x -> x.flowIds().equals(List.of(1L)) && !x.server()).findFirst()
                .orElseThrow();
        assertTrue(c.argv().contains("--tclass=106"), c.argv().toString());
    }

    @Test
    void clientsAreInStartOrderAfterTheServers() throws Exception {
        HardwarePlan p = new ReplayPlanner().plan(scenario(SCENARIO), hosts(tmp, HOSTS), "hosts.yaml", PlanOptions.defaults());
        assertEquals(List.of("s0", "s1", "s2", "c0", "c1", "c2"), p.processes().stream().map(ProcessSpec::id).toList());
        assertEquals(List.of(0L, 20_000L, 3_000_000L), p.processes().subList(3, 6).stream()
                .map(ProcessSpec::startOffsetNs).toList());
        assertEquals(List.of("a", "b", "c"), p.hosts().stream().map(h -> h.host().name()).toList());
        HostPlan b = p.hosts().get(1);
        assertEquals(List.of("ethtool", "-S", "ens2f0"), b.counters().get(0).argv());
        assertEquals(List.of("grep", "-r", "-H", ".", "/sys/class/infiniband/mlx5_0/ports/1/hw_counters",
                "/sys/class/infiniband/mlx5_0/ports/1/counters"), b.counters().get(1).argv());
        assertEquals(List.of("ib_write_bw", "--version"), b.versions().get(0).argv());
        assertEquals(2222, p.ssh().port());
        assertEquals(5, p.ssh().connectTimeoutS());
    }

    @Test
    void readVerbRunsTheClientOnTheReceiver() throws Exception {
        HardwarePlan p = new ReplayPlanner().plan(scenario(SCENARIO), hosts(tmp, HOSTS), "hosts.yaml",
                new PlanOptions("read", 0, 1000, 65536));
        ProcessSpec s0 = p.processes().get(0);
        assertEquals("b", s0.host(), "READ: the data source (flow 0's sender) serves");
        assertEquals("ib_read_bw", s0.argv().get(0));
        assertTrue(p.approximations().stream().anyMatch(a -> a.instead().startsWith("ib_read_bw (READ")));
    }

    @Test
    void messagesOnOneConnectionBecomeOneTransfer() throws Exception {
        String yaml = SCENARIO.replace("- {src: 1, dst: 0, size: 4MB, qps: 2, priority: 3}",
                "- {src: 1, dst: 0, size: 4MB, qps: 2, priority: 3, connection: a}\n"
                + "      - {src: 1, dst: 0, size: 1MB, qps: 2, priority: 3, start: 10us, connection: a}");
        HardwarePlan p = new ReplayPlanner().plan(scenario(yaml), hosts(tmp, HOSTS), "hosts.yaml", PlanOptions.defaults());
        ProcessSpec c0 = p.processes().stream().filter(x -> x.id().equals("c0")).findFirst().orElseThrow();
        assertEquals(List.of(0L, 1L), c0.flowIds());
        // 5,000,000 B over 2 QPs: 2,500,000 per QP = ceil(2,500,000 / 65,536) = 39 messages of 64,103 B
        assertEquals(List.of("-q", "2", "-s", "64103", "-n", "39"), c0.argv().subList(9, 15));
        assertTrue(p.approximations().stream().anyMatch(a -> a.flowIds().equals(List.of(0L, 1L))
                && a.what().startsWith("2 messages on one connection")), p.approximations().toString());
        assertEquals(List.of(2L), p.processes().stream().filter(x -> x.id().equals("c1")).findFirst().orElseThrow().flowIds(),
                "flow ids count every flow, grouped or not");
    }

    @Test
    void unreplayableWorkloadIsListedNotDropped() throws Exception {
        Files.writeString(tmp.resolve("f.txt"), "1\n1 0 3 100 40000 2.0\n");
        Scenario s = ScenarioLoader.parse("s.yaml", SCENARIO.replace("workloads:\n", "workloads:\n  - {type: hpcc-flows, path: "
                + tmp.resolve("f.txt") + "}\n"), tmp, List.of());
        HardwarePlan p = new ReplayPlanner(List.of()).plan(s, hosts(tmp, HOSTS), "hosts.yaml", PlanOptions.defaults());
        assertTrue(p.processes().isEmpty());
        assertEquals("not replayed: no hardware mapping for this workload type yet", p.approximations().get(0).instead());
    }

    @Nested
    class BadHostsFiles {
        @Test
        void hostileHostNameIsRejected() {
            VerbsException e = assertThrows(VerbsException.class, () -> hosts(tmp, HOSTS.replace("node-a.lab", "'a;rm -rf ~'")));
            assertEquals("hosts.yaml: hosts.0.ssh: 'a;rm -rf ~' is not a host name or IP address (letters, digits, '.', '-',"
                    + " not starting with '-')", e.getMessage());
            assertThrows(VerbsException.class, () -> hosts(tmp, HOSTS.replace("node-a.lab", "-oProxyCommand=x")));
            assertThrows(VerbsException.class, () -> hosts(tmp, HOSTS.replace("user: lab", "user: 'root;id'")));
            assertThrows(VerbsException.class, () -> hosts(tmp, HOSTS.replace("netdev: ens2f0", "netdev: 'eth0 $(id)'")));
        }

        @Test
        void unmappedScenarioHostNamesTheFlow() throws Exception {
            HostsFile h = hosts(tmp, HOSTS.replace("  2: {name: c, ssh: 10.0.0.3, address: 192.168.10.3, ib_port: 2, dscp: {0: 0}}\n",
                    ""));
            VerbsException e = assertThrows(VerbsException.class,
                    () -> new ReplayPlanner().plan(scenario(SCENARIO), h, "hosts.yaml", PlanOptions.defaults()));
            assertEquals("hosts.yaml: hosts: scenario host 2 (flow 1 sender) has no lab host; add 'hosts: {2: {ssh: ...,"
                    + " address: ...}}'", e.getMessage());
        }

        @Test
        void unknownKeyMissingGidAndLoopback() {
            VerbsException a = assertThrows(VerbsException.class, () -> hosts(tmp, HOSTS.replace("gid_index: 3", "gid: 3")));
            assertTrue(a.getMessage().startsWith("hosts.yaml: defaults.gid: unknown key; allowed: address, device, dscp,"),
                    a.getMessage());
            VerbsException b = assertThrows(VerbsException.class, () -> hosts(tmp, HOSTS.replace(", gid_index: 3", "")));
            assertTrue(b.getMessage().startsWith("hosts.yaml: hosts.0.gid_index: required"), b.getMessage());
            VerbsException c = assertThrows(VerbsException.class, () -> hosts(tmp, HOSTS.replace("node-b.lab", "node-a.lab")));
            assertTrue(c.getMessage().contains("loopback replay is not supported"), c.getMessage());
        }
    }

    @Test
    void writtenPlanReadsBackAndRefusesForeignDirectories() throws Exception {
        Scenario s = scenario(SCENARIO);
        HardwarePlan p = new ReplayPlanner().plan(s, hosts(tmp, HOSTS), "hosts.yaml", PlanOptions.defaults());
        Path dir = tmp.resolve("plan");
        PlanWriter.write(dir, p, s, HOSTS);
        assertEquals(p, PlanReader.read(dir, "plan"));
        String sh = Files.readString(dir.resolve("hosts/b.sh"));
        assertTrue(sh.contains("ib_write_bw -d mlx5_0 -i 1 -x 3 -p 18515 -q 2 -s 64517 -n 31 -m 1024 -F --report_gbits"
                + " --tclass=106 --rate_limit=12.5 --rate_units=g --rate_limit_type=SW 192.168.10.1   # c0"), sh);
        assertTrue(Files.readString(dir.resolve("schedule.csv")).startsWith("process,host,role,output,start_offset_ns,"));
        PlanWriter.write(dir, p, s, HOSTS); // a previous plan is replaced
        Path mine = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(mine.resolve("notes.txt"), "my notes");
        assertThrows(OutputRefusedException.class, () -> PlanWriter.write(mine, p, s, HOSTS));
        assertEquals("my notes", Files.readString(mine.resolve("notes.txt")));
    }
}
