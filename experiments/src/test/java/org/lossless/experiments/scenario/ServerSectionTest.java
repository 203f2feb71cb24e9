package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.topology.servers.LocalLink;
import org.lossless.topology.servers.ServerShape;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.yaml.ScenarioException;

/** The GPU-server keys of {@code topology} on every type that has them: values, defaults, errors, resolved file. */
class ServerSectionTest {
    static final LocalLink NVLINK = new LocalLink(2_400_000_000_000L, 1_000_000);

    private static Scenario parse(String yaml) {
        return ScenarioLoader.parse("t.yaml", yaml, Path.of("/base"), List.of());
    }

    private static String scenario(String topology, String workload) {
        return "name: s\ntopology: " + topology + "\nworkloads:\n  - " + workload + "\n";
    }

    private static String error(String topology) {
        return assertThrows(ScenarioException.class,
                () -> parse(scenario(topology, "{type: incast, receiver: 0, size: 1KB}"))).getMessage();
    }

    private static CollectiveJob job(String topology, String workload) {
        return ((WorkloadConfig.Collective) parse(scenario(topology, workload)).workloads().get(0)).job();
    }

    private static void roundTrips(String topology) {
        Scenario s = parse(scenario(topology, "{type: allreduce, size: 1MB}"));
        String text = ResolvedYaml.write(s);
        assertEquals(s, parse(text), text);
    }

    @Nested
    class Values {
        @Test
        void aLeafSpineOfEightGpuServersWithOneNicEach() {
            String t = "{type: leaf-spine, leaves: 2, spines: 1, hosts_per_leaf: 2, gpus_per_server: 8, nics_per_server: 1}";
            Scenario s = parse(scenario(t, "{type: allreduce, size: 1MB, hosts: {servers: [1, 3]}}"));
            assertEquals(new ServerShape(8, 1, NVLINK, null), s.topology().server());
            assertEquals(32, s.topology().gpuCount());
            CollectiveJob j = ((WorkloadConfig.Collective) s.workloads().get(0)).job();
            assertEquals(List.of(8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31), j.ranks());
            assertEquals(2, j.channels(), "two channels per NIC");
            assertEquals(3, j.servers().nicOf(31));
            roundTrips(t);
        }

        @Test
        void nicsDefaultToGpusAndPcieOnlyServersNeedPcie() {
            assertEquals(new ServerShape(4, 4, NVLINK, null),
                    parse(scenario("{type: star, hosts: 8, gpus_per_server: 4}", "{type: allreduce, size: 1MB}"))
                            .topology().server());
            String pcieOnly = "{type: fat-tree, k: 4, tor_oversubscription: 2, gpus_per_server: 8, nics_per_server: 2, "
                    + "nvlink: none, pcie: {rate: 256Gbps, latency: 800ns}}";
            assertEquals(new ServerShape(8, 2, null, new LocalLink(256_000_000_000L, 800_000)),
                    parse(scenario(pcieOnly, "{type: allreduce, size: 1MB}")).topology().server());
            roundTrips(pcieOnly);
        }

        @Test
        void withoutTheKeysEveryHostIsAOneGpuServerAsBefore() {
            Scenario s = parse(scenario("{type: fat-tree, k: 4}", "{type: allreduce, size: 1MB}"));
            assertNull(s.topology().server());
            assertTrue(!ResolvedYaml.write(s).contains("gpus_per_server"));
        }

        @Test
        void railOptimizedTakesGpusPerServerAndPcie() {
            String t = "{type: rail-optimized, servers: 2, nics_per_server: 4, gpus_per_server: 8, spines: 1, "
                    + "pcie: {rate: 512Gbps, latency: 1us}}";
            Scenario s = parse(scenario(t, "{type: allreduce, size: 1MB}"));
            assertEquals(new ServerShape(8, 4, NVLINK, new LocalLink(512_000_000_000L, 1_000_000)), s.topology().server());
            assertEquals(8, job(t, "{type: allreduce, size: 1MB}").channels());
            roundTrips(t);
            roundTrips("{type: rail-optimized, servers: 2, nics_per_server: 4, spines: 1}");
        }
    }

    @Nested
    class BadInput {
        @Test
        void gpusThatNicsDoNotDivide() {
            assertEquals("t.yaml: topology.gpus_per_server: must be a multiple of nics_per_server (4), got 6: every NIC "
                    + "serves the same number of GPUs (e.g. 4, 8 or 16)", error("{type: leaf-spine, leaves: 2, spines: 1, "
                    + "hosts_per_leaf: 4, gpus_per_server: 6, nics_per_server: 4}"));
            assertEquals("t.yaml: topology.gpus_per_server: is 4, fewer than nics_per_server (8): every NIC serves at least "
                    + "one GPU; give at least 8", error("{type: leaf-spine, leaves: 2, spines: 1, hosts_per_leaf: 8, "
                    + "gpus_per_server: 4, nics_per_server: 8}"));
        }

        @Test
        void serversThatWouldStraddleEdgeSwitches() {
            assertEquals("t.yaml: topology.nics_per_server: hosts_per_leaf (6) is not a multiple of nics_per_server (4): "
                    + "the NICs of a server sit on one edge switch; give a number of NICs that divides 6",
                    error("{type: leaf-spine, leaves: 2, spines: 1, hosts_per_leaf: 6, gpus_per_server: 8, "
                            + "nics_per_server: 4}"));
            // k = 4: 2 hosts per ToR; 8 NICs per server (the default: as many as GPUs) cannot sit on one
            assertEquals("t.yaml: topology.gpus_per_server: the hosts per ToR (tor_oversubscription x k/2) (2) is not a "
                    + "multiple of nics_per_server (8): the NICs of a server sit on one edge switch; give a number of NICs "
                    + "that divides 2 (nics_per_server defaults to gpus_per_server)",
                    error("{type: fat-tree, k: 4, gpus_per_server: 8}"));
        }

        @Test
        void serversOnATypeWithoutThem() {
            assertEquals("t.yaml: topology.gpus_per_server: GPU servers are supported on star, leaf-spine, fat-tree, "
                    + "rail-optimized topologies, not on ring", error("{type: ring, switches: 3, gpus_per_server: 8}"));
        }

        @Test
        void serverLinksThatAreMissingOrWrong() {
            assertEquals("t.yaml: topology.nvlink: is none, so the 8 GPUs of a server talk over PCIe: give pcie: {rate, "
                    + "latency}, e.g. {rate: 256Gbps, latency: 1us}", error("{type: star, hosts: 2, gpus_per_server: 8, "
                    + "nics_per_server: 1, nvlink: none}"));
            assertEquals("t.yaml: topology.pcie.latency: is required: pcie is {rate, latency}, e.g. {rate: 256Gbps, "
                    + "latency: 1us} (one direction of a PCIe Gen4 x16 link; Gen5 x16: 512Gbps)",
                    error("{type: star, hosts: 2, gpus_per_server: 8, nics_per_server: 1, pcie: {rate: 256Gbps}}"));
            assertTrue(error("{type: star, hosts: 2, nvlink: {rate: 0}}").startsWith("t.yaml: topology.nvlink.rate: "));
        }

        @Test
        void aJobOnGpusThatDoNotExist() {
            String t = "{type: star, hosts: 2, gpus_per_server: 4, nics_per_server: 1}";
            assertEquals("t.yaml: workloads[0].hosts[1]: GPU 8 does not exist: the star topology has 2 servers x 4 GPUs = "
                    + "8 GPUs, numbered 0 to 7", assertThrows(ScenarioException.class,
                            () -> parse(scenario(t, "{type: allreduce, size: 1MB, hosts: [0, 8]}"))).getMessage());
            assertEquals("t.yaml: workloads[0].hosts.servers[0]: 2 is out of range: expected an integer from 0 to 1",
                    assertThrows(ScenarioException.class, () -> parse(scenario(t,
                            "{type: allreduce, size: 1MB, hosts: {servers: [2]}}"))).getMessage());
        }
    }
}
