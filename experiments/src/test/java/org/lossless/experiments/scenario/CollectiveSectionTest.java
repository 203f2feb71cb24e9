package org.lossless.experiments.scenario;

import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.yaml.ScenarioException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.workloads.collective.Algorithm;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.collective.Protocol;
import org.lossless.workloads.collective.RingOrder;
import org.lossless.workloads.collective.TunerMode;

class CollectiveSectionTest {
    private static final String FAT = """
            name: c
            topology: {type: fat-tree, k: 4}
            workloads:
            """;
    private static final String RAIL = """
            name: c
            topology: {type: rail-optimized, servers: 4, nics_per_server: 4, spines: 2, nvlink: {rate: 3.6Tbps, latency: 700ns}}
            workloads:
            """;

    private static Scenario parse(String yaml) {
        return ScenarioLoader.parse("t.yaml", yaml, Path.of("/base"), List.of());
    }

    private static CollectiveJob job(String yaml) {
        return ((WorkloadConfig.Collective) parse(yaml).workloads().get(0)).job();
    }

    private static String error(String yaml) {
        return assertThrows(ScenarioException.class, () -> parse(yaml)).getMessage();
    }

    private static void roundTrips(String yaml) {
        Scenario s = parse(yaml);
        String text = ResolvedYaml.write(s);
        assertEquals(s, parse(text), text);
    }

    @Nested
    class Defaults {
        @Test
        void anAllReduceNeedsOnlyItsSize() {
            CollectiveJob j = job(FAT + "  - {type: allreduce, size: 64MB}\n");
            assertEquals("allreduce-0", j.name());
            assertEquals(Collective.ALLREDUCE, j.collective());
            assertNull(j.algorithm(), "algorithm auto, as NCCL: the tuner chooses");
            assertNull(j.protocol(), "protocol auto: the tuner chooses");
            assertEquals(TunerMode.SIMULATOR, j.tuner());
            assertEquals(IntStream.range(0, 16).boxed().toList(), j.ranks());
            assertEquals(64_000_000, j.sizeBytes());
            assertEquals(2, j.channels());
            assertEquals(1, j.iterations());
            assertEquals(3, j.connection().priority());
            assertNull(j.connection().cc());
            assertEquals(-1, j.stepLatencyPs());
            assertEquals(RingOrder.RAIL, j.ringOrder());
            assertEquals(GpuServers.ONE_PER_HOST, j.servers());
        }

        @Test
        void railOptimizedServersAreGpuServersWithTheirNvlink() {
            CollectiveJob j = job(RAIL + "  - {type: allgather, size: 1MB, hosts: {servers: [0, 2]}}\n");
            assertEquals(List.of(0, 1, 2, 3, 8, 9, 10, 11), j.ranks());
            assertEquals(new GpuServers(4, 3_600_000_000_000L, 700_000L), j.servers());
            assertEquals(8, j.channels(), "two channels per rail");
        }

        @Test
        void everyKeyIsRead() {
            CollectiveJob j = job(FAT + """
                      - {type: allreduce, name: ar, algorithm: tree, protocol: ll128, hosts: "4-7", size: 8MiB, channels: 3,
                         iterations: 5, gap: 20us, start: 1us, priority: 2, cc: none, qps: 2, base_latency: 3us,
                         step_latency: 4us, nvlink_step_latency: auto, cts_delay: 1.5us, ring_order: naive, pxn: false,
                         tuner: nccl}
                    """);
            assertEquals("ar", j.name());
            assertEquals(Algorithm.TREE, j.algorithm());
            assertEquals(Protocol.LL128, j.protocol());
            assertEquals(List.of(4, 5, 6, 7), j.ranks());
            assertEquals(8 << 20, j.sizeBytes());
            assertEquals(3, j.channels());
            assertEquals(5, j.iterations());
            assertEquals(20_000_000, j.gapPs());
            assertEquals(1_000_000, j.startPs());
            assertEquals(2, j.connection().priority());
            assertEquals("none", j.connection().cc());
            assertEquals(2, j.connection().qps());
            assertEquals(3_000_000, j.baseLatencyPs());
            assertEquals(4_000_000, j.stepLatencyPs());
            assertEquals(-1, j.nvlinkStepPs());
            assertEquals(1_500_000, j.ctsDelayPs());
            assertEquals(RingOrder.NAIVE, j.ringOrder());
            assertTrue(!j.pxn());
            assertEquals(TunerMode.NCCL, j.tuner());
        }

        @Test
        void allToAllTakesSkewOrExplicitPairs() {
            CollectiveJob skew = job(FAT + "  - {type: alltoall, size: 1MB, hosts: [0, 1, 2], skew: 1.2}\n");
            assertEquals(Algorithm.DIRECT, skew.algorithm());
            assertEquals(1.2, skew.pairSizes().skew());
            assertEquals(1, skew.channels());
            CollectiveJob pairs = job(FAT + "  - {type: alltoall, hosts: [0, 1], pairs: [[0, 2KB], [1KB, 0]]}\n");
            assertEquals(2000, pairs.pairSizes().matrix()[0][1]);
            assertEquals(4000, pairs.sizeBytes(), "the busiest sender's bytes x n/(n-1)");
        }
    }

    @Test
    void everyFormRoundTripsThroughTheResolvedFile() {
        roundTrips(FAT + "  - {type: allreduce, size: 64MB}\n");
        roundTrips(FAT + "  - {type: allreduce, size: 1MB, hosts: [3, 1, 2], algorithm: auto, cc: dcqcn, step_latency: 0}\n");
        roundTrips(FAT + "  - {type: allreduce, size: 1MB, tuner: nccl}\n");
        roundTrips(FAT + "  - {type: allreduce, size: 1MB, cts_delay: 0}\n");
        roundTrips(FAT + "  - {type: reducescatter, size: 1MB, algorithm: halving-doubling, hosts: \"0-3\"}\n");
        roundTrips(FAT + "  - {type: broadcast, size: 1MB, root: 3, protocol: ll}\n");
        roundTrips(FAT + "  - {type: alltoall, size: 1MB, skew: 0.5}\n");
        roundTrips(FAT + "  - {type: alltoall, hosts: [0, 1], pairs: [[0, 2KB], [1KB, 0]]}\n");
        roundTrips(RAIL + "  - {type: allreduce, size: 1MB, hosts: {servers: \"1-2\"}, pxn: false}\n");
    }

    @Nested
    class BadInput {
        @Test
        void hostsThatDoNotExistOrRepeat() {
            assertEquals("t.yaml: workloads[0].hosts[1]: host 99 does not exist: the fat-tree topology has 16 hosts, "
                    + "numbered 0 to 15", error(FAT + "  - {type: allreduce, size: 1MB, hosts: [0, 99]}\n"));
            assertEquals("t.yaml: workloads[0].hosts[2]: host 1 is listed twice",
                    error(FAT + "  - {type: allreduce, size: 1MB, hosts: [0, 1, 1]}\n"));
            assertEquals("t.yaml: workloads[0].hosts: host 20 does not exist: there are 16 hosts, numbered 0 to 15",
                    error(FAT + "  - {type: allreduce, size: 1MB, hosts: \"4-20\"}\n"));
            assertEquals("t.yaml: workloads[0].hosts: a collective needs at least 2 hosts, got 1",
                    error(FAT + "  - {type: allreduce, size: 1MB, hosts: [3]}\n"));
            // a fat-tree of one-GPU hosts: a server is a host
            assertEquals("t.yaml: workloads[0].hosts: a collective needs at least 2 hosts, got 1",
                    error(FAT + "  - {type: allreduce, size: 1MB, hosts: {servers: [0]}}\n"));
            assertEquals("t.yaml: workloads[0].hosts.servers[1]: 16 is out of range: expected an integer from 0 to 15",
                    error(FAT + "  - {type: allreduce, size: 1MB, hosts: {servers: [0, 16]}}\n"));
        }

        @Test
        void choicesThatDoNotFitTheCollective() {
            assertEquals("t.yaml: workloads[0].algorithm: 'tree' is not allowed (allowed: ring, halving-doubling, auto)",
                    error(FAT + "  - {type: allgather, size: 1MB, algorithm: tree}\n"));
            assertEquals("t.yaml: workloads[0].protocol: 'll' is not allowed (allowed: auto, simple)",
                    error(FAT + "  - {type: alltoall, size: 1MB, protocol: ll}\n"));
            assertEquals("t.yaml: workloads[0].algorithm: allgather with halving-doubling needs a power-of-two number "
                    + "of hosts, the job has 6", error(FAT + "  - {type: allgather, size: 1MB, algorithm: halving-doubling, "
                    + "hosts: \"0-5\"}\n"));
            assertTrue(error(FAT + "  - {type: allreduce, size: 1MB, skew: 1}\n")
                    .startsWith("t.yaml: workloads[0].skew: unknown key"));
            assertEquals("t.yaml: workloads[0].root: 9 is out of range: expected an integer from 0 to 3",
                    error(FAT + "  - {type: broadcast, size: 1MB, hosts: \"0-3\", root: 9}\n"));
        }

        @Test
        void aClearToSendDelayThatIsNoTime() {
            String e = error(FAT + "  - {type: allreduce, size: 1MB, cts_delay: soon}\n");
            assertTrue(e.contains("cts_delay"), e);
        }

        @Test
        void sizesAndPairs() {
            assertEquals("t.yaml: workloads[0].size: is required: the per-rank buffer as nccl-tests counts it, e.g. 256MB",
                    error(FAT + "  - {type: allreduce}\n"));
            assertEquals("t.yaml: workloads[0].pairs: expected 2 rows (one per host of the job), got 1",
                    error(FAT + "  - {type: alltoall, hosts: [0, 1], pairs: [[0, 1]]}\n"));
            assertEquals("t.yaml: workloads[0].pairs[0][0]: must be 0: a rank does not send to itself over the network",
                    error(FAT + "  - {type: alltoall, hosts: [0, 1], pairs: [[5, 1], [1, 0]]}\n"));
            assertEquals("t.yaml: workloads[0].pairs: give either pairs or size (with an optional skew), not both",
                    error(FAT + "  - {type: alltoall, size: 1MB, hosts: [0, 1], pairs: [[0, 1], [1, 0]]}\n"));
            assertEquals("t.yaml: workloads[0].skew: must be a finite number >= 0 (0 = uniform), got -1",
                    error(FAT + "  - {type: alltoall, size: 1MB, skew: -1}\n"));
        }

        @Test
        void aJobTooLargeForTheHeapIsRefusedWithItsEstimate() {
            // 1 TB / 64 channels in loops of 16 x 2 MiB: 466 loops x 30 steps x 16 ranks x 2 slices x 64 channels =
            // 28,631,040 slices, each posting its data and a clear-to-send, 1,000 times: 57,262,080,000 messages;
            // the ring is made step by step, 64 x (8 steps x 16 ranks x 2 slices + 16 hops) = 17,408 slices held at
            // 200 B (4 MB); the messages' figures go to disk past the spill budgets (24 MiB to 768 MiB, by this JVM's
            // heap limit), 24 B each (1.4 TB), and 1 B each stays in the heap (57.3 GB): 57.3 to 58.1 GB in all. The
            // least whole heap: 55 GiB = 59.1 GB holds 57.26 + 0.81 + 0.004 GB, 54 GiB = 58.0 GB does not: 55g + 1
            String e = error(FAT + "  - {type: allreduce, size: 1TB, channels: 64, iterations: 1000}\n");
            String head = "t\\.yaml: workloads\\[0\\]\\.size: this job needs about 5[78]\\.\\d GB of Java heap "
                    + "\\(a plan of 28,631,040 slices per iteration made step by step, 17,408 held at once, 4 MB; "
                    + "57,262,080,000 messages' figures kept to the run's end, 5[78]\\.\\d GB in the heap and about 1\\.4 TB on disk in "
                    + "the result directory\\) with ring, simple, 16 hosts and 64 channels; this Java has .*";
            assertTrue(e.matches(head), e);
            assertTrue(e.endsWith(": give it more with LOSSLESS_HEAP (e.g. LOSSLESS_HEAP=56g), or use a smaller "
                    + "size, fewer iterations, channels or hosts"), e);
        }

        @Test
        void nvlinkOfTheRailTopology() {
            assertEquals("t.yaml: topology.nvlink.rate: the NVLink rate must be > 0, e.g. 2.4Tbps",
                    error(RAIL.replace("3.6Tbps", "0Gbps") + "  - {type: allreduce, size: 1MB}\n"));
        }
    }
}
