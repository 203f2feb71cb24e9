package org.lossless.workloads.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.lossless.core.net.MessageSize;
import org.lossless.topology.Topology;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.workloads.yaml.Source;

/**
 * The workload readers on their own, without the scenario loader: a {@code workloads} list written as JSON (a
 * subset of YAML) read against a stand-in fabric; expected flows and messages written out by hand.
 */
class WorkloadReaderTest {
    /** A fabric of {@code hosts} hosts at 100 Gb/s; {@code gpus} its GPU servers, or null. */
    private record Fabric(String type, int hostCount, GpuServers gpuServers) implements WorkloadFabric {
        @Override
        public long hostLinkRateBps() {
            return 100_000_000_000L;
        }

        @Override
        public Topology build() {
            throw new UnsupportedOperationException("no graph needed here");
        }
    }

    private static final Fabric STAR4 = new Fabric("star", 4, null);

    private static Cursor workloads(String json) {
        try {
            Source src = new Source("f.yaml", Path.of("/tmp"), Map.of());
            return Cursor.root(src, new ObjectMapper().readTree("{\"workloads\": " + json + "}")).key("workloads");
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    private static String error(String json, WorkloadFabric fabric) {
        return assertThrows(ScenarioException.class, () -> WorkloadReader.read(workloads(json), fabric, 3)).getMessage();
    }

    @Test
    void aFlowListIsReadWithEveryDefaultFilledIn() {
        List<WorkloadConfig> w = WorkloadReader.read(workloads("[{\"type\": \"flows\", \"flows\": [{\"src\": 1, \"dst\": 0, \"size\": \"1MB\","
                + " \"start\": \"2us\"}]}]"), STAR4, 3);
        // 1MB = 10^6 B, 2 us = 2·10^6 ps, priority 3 (the default given), one QP, DSCP CS3 = 24
        assertEquals(List.of(new WorkloadConfig.Flows("flows-0",
                List.of(new WorkloadConfig.FlowSpec(1, 0, MessageSize.of(1_000_000), 2_000_000, 3, 1, null, 24)))), w);
        assertEquals(1, WorkloadReader.flowCount(w));
    }

    @Test
    void aMisspelledKeyIsNamedWithItsPathAndTheClosestAllowedKey() {
        assertEquals("f.yaml: workloads[0].flow: unknown key; did you mean 'flows'? (allowed here: type, name, flows, cc)",
                error("[{\"type\": \"flows\", \"flow\": []}]", STAR4));
    }

    @Test
    void everyEntryNamesItsType() {
        assertEquals("f.yaml: workloads[0].type: is required (a workload type (flows, hpcc-flows, allreduce, allgather, "
                + "reducescatter, alltoall, broadcast, nvmeof, replication, checkpoint, cdf, incast, permutation, training, chakra, simai))",
                error("[{\"flows\": [{\"src\": 0, \"dst\": 1, \"size\": 100}]}]", STAR4));
    }

    @Test
    void aHostOutsideTheFabricIsRefusedWithTheFabricsRange() {
        assertEquals("f.yaml: workloads[0].flows[0].dst: host 4 does not exist: the star topology has 4 hosts, "
                + "numbered 0 to 3", error("[{\"type\": \"flows\", \"flows\": [{\"src\": 0, \"dst\": 4, \"size\": 100}]}]", STAR4));
    }

    @Test
    void twoWorkloadsOfTheSameNameAreRefused() {
        String flow = "\"type\": \"flows\", \"flows\": [{\"src\": 0, \"dst\": 1, \"size\": 100}]";
        assertEquals("f.yaml: workloads[1].name: workload name 'a' is used twice",
                error("[{\"name\": \"a\", " + flow + "}, {\"name\": \"a\", " + flow + "}]", STAR4));
    }

    @Test
    void hostListsTakeNumbersAndRangesInTheOrderWritten() {
        Fabric ten = new Fabric("star", 10, null);
        assertEquals(List.of(9, 0, 4, 5, 6), HostLists.read(workloads("[9, 0, \"4-6\"]"), ten, null, "[0]"));
        assertEquals("f.yaml: workloads[1]: host 0 is listed twice", assertThrows(ScenarioException.class,
                () -> HostLists.read(workloads("[\"0-2\", 0]"), ten, null, "[0]")).getMessage());
    }

    @Test
    void aJobPlacedByServersTakesEveryGpuOfThoseServersServerByServer() {
        // 3 servers of 4 GPUs (one NIC per GPU): server 1 is hosts 4..7, server 2 hosts 8..11
        Fabric rail = new Fabric("rail-optimized", 12, new GpuServers(4, 2_400_000_000_000L, 1_000_000));
        assertEquals(List.of(8, 9, 10, 11, 4, 5, 6, 7),
                PlacementReader.hosts(workloads("{\"servers\": [2, 1]}"), rail));
        // on a fabric of one-GPU hosts a server is a host
        assertEquals(List.of(3, 1), PlacementReader.hosts(workloads("{\"servers\": [3, 1]}"), STAR4));
        assertEquals("f.yaml: workloads: a collective needs at least 2 hosts, got 1", assertThrows(ScenarioException.class,
                () -> PlacementReader.hosts(workloads("{\"servers\": [0]}"), STAR4)).getMessage());
    }

    @Test
    void onServersWithFewerNicsThanGpusAJobsHostsAreGpusAndOtherWorkloadsHostsAreNics() {
        // 2 servers of 8 GPUs with 2 NICs: hosts 0, 1 are server 0's NICs, GPUs 8..15 are server 1's
        Fabric ls = new Fabric("leaf-spine", 4, new GpuServers(new org.lossless.topology.servers.ServerShape(8, 2,
                new org.lossless.topology.servers.LocalLink(2_400_000_000_000L, 1_000_000), null)));
        assertEquals(16, ls.gpuCount());
        assertEquals(List.of(15, 0), PlacementReader.hosts(workloads("[15, 0]"), ls));
        assertEquals(List.of(8, 9, 10, 11, 12, 13, 14, 15), PlacementReader.hosts(workloads("{\"servers\": [1]}"), ls));
        assertEquals("f.yaml: workloads[1]: GPU 16 does not exist: the leaf-spine topology has 2 servers x 8 GPUs = 16 "
                + "GPUs, numbered 0 to 15", assertThrows(ScenarioException.class,
                        () -> PlacementReader.hosts(workloads("[0, 16]"), ls)).getMessage());
        assertEquals(List.of(2, 3, 0, 1), HostLists.read(workloads("{\"servers\": [1, 0]}"), ls, null, "[0]"));
        assertEquals(List.of(0, 1, 2, 3), HostLists.read(workloads("{\"servers\": \"0-1\"}"), ls, null, "[0]"));
    }

    @Test
    void pxnIsOnByDefaultOnRailOptimizedAndOptInElsewhere() {
        GpuServers eight = new GpuServers(8, 2_400_000_000_000L, 1_000_000);
        String job = "[{\"type\": \"allreduce\", \"size\": \"1MB\", \"hosts\": {\"servers\": [0, 1]}%s}]";
        for (String type : List.of("rail-optimized", "fat-tree", "leaf-spine", "star")) {
            Fabric f = new Fabric(type, 16, eight);
            boolean dflt = ((WorkloadConfig.Collective) WorkloadReader.read(workloads(String.format(job, "")), f, 3)
                    .get(0)).job().pxn();
            assertEquals(type.equals("rail-optimized"), dflt, type);
            for (boolean given : new boolean[] {true, false}) {
                WorkloadConfig.Collective c = (WorkloadConfig.Collective) WorkloadReader.read(
                        workloads(String.format(job, ", \"pxn\": " + given)), f, 3).get(0);
                assertEquals(given, c.job().pxn(), type + " pxn: " + given);
            }
        }
    }
}
