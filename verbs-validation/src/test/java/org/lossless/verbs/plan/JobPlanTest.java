package org.lossless.verbs.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.verbs.VerbsException;
import org.lossless.workloads.collective.Collective;

/** Collective jobs become nccl-tests under mpirun, NVMe-oF jobs fio, switches SONiC snapshots. */
class JobPlanTest {
    static final String HOSTS = """
            defaults: {user: lab, device: mlx5_0, gid_index: 3, netdev: ens1f0, link_rate: 100Gbps,
                       tools: {all_reduce_perf: /opt/nccl-tests/all_reduce_perf}}
            mpirun_args: [--allow-run-as-root, --bind-to, none]
            nccl_env: {NCCL_SOCKET_IFNAME: ens1f0}
            hosts:
              0: {name: a, ssh: node-a, address: 10.0.0.1}
              1: {name: b, ssh: node-b, address: 10.0.0.2, nvme: {0: /dev/nvme1n1, 3: /dev/nvme2n1}}
              2: {name: c, ssh: node-c, address: 10.0.0.3, nvme: {0: /dev/nvme1n1}, nvme_writes: true}
              3: {name: d, ssh: node-d, address: 10.0.0.4, device: mlx5_1}
            switches:
              leaf: {ssh: leaf.lab, user: admin, node: sw0, ports: {Ethernet0: 0, Ethernet4: 1}}
            """;
    static final String TOPOLOGY = "topology: {type: star, hosts: 4, host_link: {rate: 100Gbps, delay: 1us}}\n";

    @TempDir
    Path tmp;

    HardwarePlan plan(String workloads) throws Exception {
        return new ReplayPlanner().plan(ReplayPlannerTest.scenario("name: jobs\n" + TOPOLOGY + "workloads:\n" + workloads),
                ReplayPlannerTest.hosts(tmp, HOSTS), "hosts.yaml", PlanOptions.defaults());
    }

    @Nested
    class Collectives {
        @Test
        void allReduceIsOneMpirunWithTheNcclEnvironment() throws Exception {
            HardwarePlan p = plan("  - {type: allreduce, name: ar, size: 1MiB, hosts: all, iterations: 4, algorithm: ring,"
                    + " protocol: simple, channels: 2, qps: 4, start: 5ms}\n");
            assertEquals(1, p.processes().size());
            ProcessSpec c = p.processes().get(0);
            assertEquals("a", c.host(), "launched from rank 0's host");
            assertEquals("collective", c.output());
            assertEquals("ar", c.job());
            assertEquals(5_000_000L, c.startOffsetNs());
            assertEquals(List.of("mpirun", "-np", "4", "-H", "node-a:1,node-b:1,node-c:1,node-d:1", "--allow-run-as-root",
                    "--bind-to", "none", "-x", "NCCL_IB_HCA", "-x", "NCCL_IB_GID_INDEX", "-x", "NCCL_IB_TC", "-x", "NCCL_ALGO",
                    "-x", "NCCL_PROTO", "-x", "NCCL_MIN_NCHANNELS", "-x", "NCCL_MAX_NCHANNELS", "-x",
                    "NCCL_IB_QPS_PER_CONNECTION", "-x", "NCCL_SOCKET_IFNAME", "/opt/nccl-tests/all_reduce_perf", "-b", "1048576",
                    "-e", "1048576", "-f", "2", "-g", "1", "-n", "4", "-w", "5"), c.argv());
            // priority 3 -> DSCP 26 -> traffic class 26 << 2 | ECT(0) = 106
            assertEquals(Map.of("NCCL_IB_HCA", "=mlx5_0:1,mlx5_1:1", "NCCL_IB_GID_INDEX", "3", "NCCL_IB_TC", "106",
                    "NCCL_ALGO", "Ring", "NCCL_PROTO", "Simple", "NCCL_MIN_NCHANNELS", "2", "NCCL_MAX_NCHANNELS", "2",
                    "NCCL_IB_QPS_PER_CONNECTION", "4", "NCCL_SOCKET_IFNAME", "ens1f0"), c.env());
            assertTrue(PlanWriter.command(c).startsWith("NCCL_ALGO=Ring NCCL_IB_GID_INDEX=3 NCCL_IB_HCA==mlx5_0:1,mlx5_1:1"),
                    PlanWriter.command(c));
        }

        @Test
        void autoChoicesGapsAndUnevenSizesAreListed() throws Exception {
            HardwarePlan p = plan("  - {type: allgather, name: ag, size: 1000000, hosts: [0, 1, 2], gap: 10us}\n"
                    + "  - {type: alltoall, name: moe, size: 64KiB, hosts: all, skew: 1.5, channels: 2}\n"
                    + "  - {type: broadcast, name: bc, size: 4KiB, hosts: [1, 0], root: 1}\n");
            String text = PlanWriter.approximations(p);
            // all-gather on 3 ranks: 250,000 floats / 3 = 83,333, rounded down to 83,332 (a multiple of 4) x 3 x 4 B
            assertTrue(text.contains("job ag: size 1000000 B -> nccl-tests moves 999984 B"), text);
            assertTrue(text.contains("job ag: protocol auto -> NCCL_PROTO not set"), text);
            assertTrue(text.contains("job ag: gap 10.0 us between calls -> back-to-back calls"), text);
            assertTrue(text.contains("job moe: uneven all-to-all (skew or pairs) -> alltoall_perf sends S/n"), text);
            ProcessSpec moe = p.processes().stream().filter(x -> "moe".equals(x.job())).findFirst().orElseThrow();
            assertEquals("2", moe.env().get("NCCL_NCHANNELS_PER_NET_PEER"));
            assertEquals("alltoall_perf", moe.argv().get(moe.argv().indexOf("-b") - 1));
            ProcessSpec bc = p.processes().stream().filter(x -> "bc".equals(x.job())).findFirst().orElseThrow();
            assertEquals("b", bc.host(), "rank 0 is host 1");
            assertEquals(List.of("-r", "1"), bc.argv().subList(bc.argv().size() - 2, bc.argv().size()));
            assertEquals("Ring", bc.env().get("NCCL_ALGO"));
        }

        @Test
        void aJobsOwnDscpBecomesItsTrafficClass() throws Exception {
            ProcessSpec c = plan("  - {type: allreduce, name: ar, size: 1MiB, hosts: all, dscp: 46}\n").processes().get(0);
            assertEquals("186", c.env().get("NCCL_IB_TC"), "46 << 2 | ECT(0)");
        }

        @Test
        void printedSizesFollowNcclTests() {
            // all-reduce: whole floats; gathers and all-to-all: per-rank counts in multiples of 4 floats (16 B)
            assertEquals(1_000_000, NcclTestsCommand.printedSize(Collective.ALLREDUCE, 8, 1_000_002));
            assertEquals(999_936, NcclTestsCommand.printedSize(Collective.REDUCESCATTER, 8, 1_000_000));
            assertEquals(536_870_912, NcclTestsCommand.printedSize(Collective.ALLGATHER, 16, 536_870_912));
            assertEquals(96, NcclTestsCommand.printedSize(Collective.ALLTOALL, 3, 100));
        }
    }

    @Nested
    class Storage {
        @Test
        void readJobIsOneFioPerInitiatorOnItsDevices() throws Exception {
            HardwarePlan p = plan("  - {type: nvmeof, name: st, initiators: [1, 2], targets: [0], block_size: 128KiB,"
                    + " read_fraction: 1, queue_depth: 16, ios: 1000, iops: 5000, start: 1ms}\n");
            assertEquals(2, p.processes().size());
            ProcessSpec b = p.processes().get(0);
            assertEquals("b", b.host());
            assertEquals("storage", b.output());
            assertEquals(1_000_000L, b.startOffsetNs());
            assertEquals(List.of("fio", "--name=st", "--filename=/dev/nvme1n1", "--ioengine=libaio", "--direct=1",
                    "--rw=randread", "--bs=131072", "--iodepth=16", "--numjobs=1", "--number_ios=1000", "--rate_iops=5000",
                    "--lat_percentiles=1", "--percentile_list=50:99:99.9", "--output-format=json"), b.argv());
            assertTrue(PlanWriter.approximations(p).contains("nvme connect -t rdma -a TARGET_ADDRESS -s 4420 -n NQN --tos=106"),
                    PlanWriter.approximations(p));
        }

        @Test
        void mixedJobUsesBssplitAndNeedsWritableDevices() throws Exception {
            String job = "  - {type: nvmeof, name: mx, initiators: [2], targets: [0], block_size: {4KiB: 2, 128KiB: 1},"
                    + " read_fraction: 0.7, duration: 2ms}\n";
            ProcessSpec c = plan(job).processes().get(0);
            // 4 KiB weight 2/3 and 128 KiB 1/3 for each direction: 66.67 % -> 67 %, 33.33 % -> 33 %
            assertEquals(List.of("--rw=randrw", "--rwmixread=70", "--bssplit=4096/67:131072/33,4096/67:131072/33",
                    "--iodepth=8", "--numjobs=1", "--time_based", "--runtime=2ms"), c.argv().subList(5, 12));
            VerbsException e = assertThrows(VerbsException.class, () -> plan(job.replace("initiators: [2]", "initiators: [1]")));
            assertTrue(e.getMessage().startsWith("hosts.yaml: hosts.1.nvme_writes: job mx writes to /dev/nvme1n1, which"
                    + " destroys what they hold"), e.getMessage());
        }

        @Test
        void aMissingDeviceNamesTheKeyToAdd() {
            VerbsException e = assertThrows(VerbsException.class, () -> plan("  - {type: nvmeof, name: st, initiators: [2],"
                    + " targets: [0, 3], read_fraction: 1, ios: 10}\n"));
            assertTrue(e.getMessage().startsWith("hosts.yaml: hosts.2.nvme.3: job st needs the block device"), e.getMessage());
        }
    }

    @Test
    void switchesAreSnapshottedWithSonicShowCommands() throws Exception {
        HardwarePlan p = plan("  - {type: flows, flows: [{src: 1, dst: 0, size: 1MB}]}\n");
        assertEquals(1, p.switches().size());
        SwitchPlan sw = p.switches().get(0);
        assertEquals(new LabSwitch("leaf", "leaf.lab", "admin", "sw0", Map.of("Ethernet0", 0, "Ethernet4", 1), Map.of()),
                sw.sw());
        assertEquals(List.of("show", "pfc", "counters"), sw.counters().get(0).argv());
        Path dir = tmp.resolve("plan");
        PlanWriter.write(dir, p, ReplayPlannerTest.scenario("name: jobs\n" + TOPOLOGY
                + "workloads: [{type: flows, flows: [{src: 1, dst: 0, size: 1MB}]}]\n"), HOSTS);
        assertEquals(sw, PlanReader.read(dir, "plan").switches().get(0), "plan.json keeps the switch");
        assertTrue(Files.readString(dir.resolve("hosts/leaf.sh")).contains("show queue watermark unicast"));
    }

    @Test
    void badSwitchEntriesNameTheKey() {
        for (String[] bad : new String[][] {
                {"leaf: {ssh: 'a;rm -rf ~'}", "hosts.yaml: switches.leaf.ssh: 'a;rm -rf ~' is not a host name"},
                {"a: {ssh: leaf}", "hosts.yaml: switches.a: 'a' is already the name of a lab host"},
                {"leaf: {ssh: leaf, ports: {Ethernet0: x}}", "hosts.yaml: switches.leaf.ports.Ethernet0: must be a port number"},
                {"leaf: {ssh: leaf, vendor: x}", "hosts.yaml: switches.leaf.vendor: unknown key"}}) {
            String yaml = HOSTS.substring(0, HOSTS.indexOf("switches:")) + "switches:\n  " + bad[0] + "\n";
            VerbsException e = assertThrows(VerbsException.class, () -> ReplayPlannerTest.hosts(tmp, yaml));
            assertTrue(e.getMessage().startsWith(bad[1]), e.getMessage());
        }
    }
}
