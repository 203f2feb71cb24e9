package org.lossless.experiments.scenario;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.spec.StorageWorkloads;
import org.lossless.workloads.spec.DatacenterWorkloads;
import org.lossless.workloads.yaml.ScenarioException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.workloads.datacenter.CdfProgram;
import org.lossless.workloads.datacenter.IncastOverlay;
import org.lossless.workloads.storage.IoClass;
import org.lossless.workloads.storage.IoMix;
import org.lossless.workloads.storage.IoOp;
import org.lossless.workloads.storage.NvmeofConfig;
import org.lossless.workloads.storage.NvmeofProgram;
import org.lossless.workloads.storage.ReplicationConfig;

/** The storage and datacenter workload types: keys, defaults, errors naming the key path, resolved output. */
class TrafficWorkloadsSectionTest {
    private static final String HEAD = """
            name: t
            topology: {type: star, hosts: 40}
            workloads:
            """;

    static Scenario parse(String workloads) {
        return parse(workloads, Path.of("/tmp"));
    }

    static Scenario parse(String workloads, Path dir) {
        return ScenarioLoader.parse("s.yaml", HEAD + workloads, dir, List.of());
    }

    static String error(String workloads) {
        return assertThrows(ScenarioException.class, () -> parse(workloads)).getMessage();
    }

    static void assertError(String workloads, String expected) {
        String m = error(workloads);
        assertTrue(m.startsWith(expected), "got: " + m);
    }

    /** The resolved text reloads to an equal scenario. */
    static String roundTrip(Scenario s) {
        String yaml = ResolvedYaml.write(s);
        assertEquals(s, ScenarioLoader.parse("r.yaml", yaml, s.baseDir(), List.of()), yaml);
        return yaml;
    }

    @Nested
    class Nvmeof {
        @Test
        void defaultsAreWrittenOutAndReloadEqual() {
            Scenario s = parse("  - {type: nvmeof, initiators: \"1-32\", targets: [0], ios: 100}\n");
            StorageWorkloads.Nvmeof w = assertInstanceOf(StorageWorkloads.Nvmeof.class, s.workloads().get(0));
            NvmeofConfig c = w.config();
            assertEquals("nvmeof-0", c.name());
            assertEquals(32, c.initiators().size());
            assertEquals(IoMix.of(128 * 1024, 0.7), c.mix());
            assertEquals(8, c.queueDepth());
            assertEquals(4096, c.inlineBytes());
            assertEquals(1L << 20, c.mdtsBytes());
            assertEquals(30 * 4096, c.rdmaReadMaxBytes());
            assertEquals(3, c.priority());
            String yaml = roundTrip(s);
            assertTrue(yaml.contains("""
                        initiators:
                          - 1-32
                        targets:
                          - 0
                        block_size: 128KiB
                        read_fraction: 0.7
                        queue_depth: 8
                        ios: 100
                        iops: 0
                        start: 0
                        inline_data: 4KiB
                        mdts: 1MiB
                        rdma_read_max: 120KiB
                        rdma_write_max: 120KiB
                        device_latency: 0
                        spread: stripe
                        priority: 3
                    """), yaml);
            assertInstanceOf(NvmeofProgram.class, w.program());
        }

        @Test
        void aSizeMixAndAnExplicitMixAreRead() {
            Scenario s = parse("""
                      - {type: nvmeof, name: fio, initiators: [1, 2], targets: [0], block_size: {4KiB: 3, 128KiB: 1},
                         read_fraction: 1, duration: 5ms, iops: 100000, spread: pinned, priority: 0}
                      - type: nvmeof
                        initiators: [3]
                        targets: [4, 5]
                        mix: [{op: read, size: 4KiB, weight: 2}, {op: write, size: 1MiB}]
                        ios: 10
                        inline_data: 16KiB
                        device_latency: 80us
                    """);
            NvmeofConfig a = ((StorageWorkloads.Nvmeof) s.workloads().get(0)).config();
            Map<Long, Double> sizes = new LinkedHashMap<>();
            sizes.put(4096L, 3.0);
            sizes.put(131_072L, 1.0);
            assertEquals(IoMix.of(sizes, 1.0), a.mix());
            assertEquals(5_000_000_000L, a.durationPs());
            assertEquals(NvmeofConfig.UNLIMITED, a.ios());
            assertEquals(NvmeofConfig.Spread.PINNED, a.spread());
            NvmeofConfig b = ((StorageWorkloads.Nvmeof) s.workloads().get(1)).config();
            assertEquals(new IoMix(List.of(new IoClass(IoOp.READ, 4096, 2), new IoClass(IoOp.WRITE, 1 << 20, 1))), b.mix());
            assertEquals(16_384, b.inlineBytes());
            assertEquals(80_000_000L, b.deviceLatencyPs());
            roundTrip(s);
        }

        @Test
        void mistakesNameTheirKey() {
            assertError("  - {type: nvmeof, initiators: [1, 0], targets: [0], ios: 1}\n",
                    "s.yaml: workloads[0].targets: host 0 is also in initiators");
            assertError("  - {type: nvmeof, initiators: [1], targets: [0]}\n",
                    "s.yaml: workloads[0].ios: is required unless duration is given");
            assertError("  - {type: nvmeof, initiators: [1], targets: [0], ios: 1, inline_data: 32KiB}\n",
                    "s.yaml: workloads[0].inline_data: the Linux target allows at most 16KiB");
            assertError("  - {type: nvmeof, initiators: [1], targets: [0], ios: 1, block_size: {4KiB: -1}}\n",
                    "s.yaml: workloads[0].block_size.4KiB: expected a weight (a number > 0)");
            assertError("  - {type: nvmeof, initiators: [1], targets: [0], ios: 1, mix: [{op: rd, size: 4KiB}]}\n",
                    "s.yaml: workloads[0].mix[0].op: 'rd' is not allowed");
            assertError("  - {type: nvmeof, initiators: [1], targets: [0], ios: 1, mix: [{op: read, size: 4KiB}], "
                    + "read_fraction: 1}\n", "s.yaml: workloads[0].read_fraction: give either mix or block_size");
            assertError("  - {type: nvmeof, initiators: [1, 99], targets: [0], ios: 1}\n",
                    "s.yaml: workloads[0].initiators[1]: host 99 does not exist");
            assertError("  - {type: nvmeof, initiators: \"5-2\", targets: [0], ios: 1}\n",
                    "s.yaml: workloads[0].initiators: range 5-2 is empty");
            assertError("  - {type: nvmeof, initiators: [1], targets: [0], ios: 1, queue_depth: 0}\n",
                    "s.yaml: workloads[0].queue_depth: 0 is out of range");
            assertError("  - {type: nvmeof, initiators: [1], targets: [0], ios: 1, spread: wide}\n",
                    "s.yaml: workloads[0].spread: 'wide' is not allowed");
            assertError("  - {type: nvmeof, initiators: [1], targets: [0], ios: 1, qdepth: 4}\n",
                    "s.yaml: workloads[0].qdepth: unknown key");
        }
    }

    @Nested
    class ReplicationAndCheckpoint {
        @Test
        void replicationDefaultsAndErrors() {
            Scenario s = parse("  - {type: replication, clients: [10, 11], osds: \"0-5\", writes: 20}\n");
            ReplicationConfig c = ((StorageWorkloads.Replication) s.workloads().get(0)).config();
            assertEquals(3, c.replicas());
            assertEquals(4L << 20, c.objectBytes());
            assertEquals(1, c.outstanding());
            assertEquals(64, c.ackBytes());
            roundTrip(s);
            assertError("  - {type: replication, clients: [10], osds: [0, 1], writes: 1, replicas: 3}\n",
                    "s.yaml: workloads[0].replicas: 3 is out of range");
            assertError("  - {type: replication, clients: [10], osds: [0, 1, 10], writes: 1}\n",
                    "s.yaml: workloads[0].osds: host 10 is also in clients");
            assertError("  - {type: replication, clients: [10], osds: [0, 1, 2]}\n",
                    "s.yaml: workloads[0].writes: is required unless duration is given");
        }

        @Test
        void checkpointRanksDefaultToEveryHostButTheServers() {
            Scenario s = parse("  - {type: checkpoint, servers: [0, 1], size: 64MB, repeat: 2, period: 10ms, inflight: 4}\n");
            var c = ((StorageWorkloads.Checkpoint) s.workloads().get(0)).config();
            assertEquals(38, c.ranks().size());
            assertEquals(2, c.ranks().get(0));
            assertEquals(1L << 20, c.chunkBytes());
            assertEquals(4, c.inflight());
            String yaml = roundTrip(s);
            assertTrue(yaml.contains("    ranks:\n      - 2-39\n"), yaml);
            assertError("  - {type: checkpoint, servers: [0], size: 1MB, repeat: 3}\n",
                    "s.yaml: workloads[0].period: is required when repeat > 1");
            assertError("  - {type: checkpoint, servers: [0], size: 0}\n", "s.yaml: workloads[0].size: must be > 0");
            assertError("  - {type: checkpoint, servers: [0], ranks: [0, 1], size: 1MB}\n",
                    "s.yaml: workloads[0].servers: host 0 is also in ranks");
        }
    }

    @Nested
    class Datacenter {
        @Test
        void cdfWithABuiltInDistributionAnOverlayAndAnInlineMatrix() {
            Scenario s = parse("""
                      - {type: cdf, distribution: websearch, load: 0.3, duration: 5ms,
                         incast: {senders: 30, size: 500KB, load: 0.02}}
                      - {type: cdf, name: m, distribution: fbhdp, hosts: [0, 1, 2], load: 50%, duration: 1ms,
                         matrix: [[0, 1, 0], [1, 0, 3], [0, 0, 0]]}
                    """);
            DatacenterWorkloads.Cdf a = (DatacenterWorkloads.Cdf) s.workloads().get(0);
            assertEquals(40, a.config().hosts().size());
            assertEquals(new IncastOverlay(30, MessageSize.of(500_000), 0.02, 0), a.config().incast());
            assertEquals(1_711_250, a.config().cdf().meanBytes(), 1e-6);
            assertInstanceOf(CdfProgram.class, a.program());
            DatacenterWorkloads.Cdf b = (DatacenterWorkloads.Cdf) s.workloads().get(1);
            assertEquals(0.5, b.config().load());
            assertTrue(b.config().matrix().sends(1));
            roundTrip(s);
        }

        @Test
        void cdfFromUserFiles(@TempDir Path dir) throws IOException {
            Files.writeString(dir.resolve("mine.txt"), "0 0\n1000 50\n9000 100\n");
            Files.writeString(dir.resolve("tm.txt"), "# to the next host\n0 1 0\n0, 0, 1\n1 0 0\n");
            Scenario s = parse("  - {type: cdf, distribution: mine.txt, hosts: [0, 1, 2], load: 0.1, duration: 1ms, "
                    + "matrix: tm.txt}\n", dir);
            DatacenterWorkloads.Cdf c = (DatacenterWorkloads.Cdf) s.workloads().get(0);
            assertEquals(dir.resolve("mine.txt"), c.distributionFile());
            // trapezoids: 500 x 0.5 + 5000 x 0.5
            assertEquals(2750, c.config().cdf().meanBytes(), 1e-9);
            assertEquals(List.of(0.0, 0.0, 1.0), java.util.Arrays.stream(c.matrix()[1]).boxed().toList());
            roundTrip(s);
            Files.writeString(dir.resolve("bad.txt"), "0 0\n1000 50\n900 100\n");
            String m = assertThrows(ScenarioException.class, () -> parse("  - {type: cdf, distribution: bad.txt, load: "
                    + "0.1, duration: 1ms}\n", dir)).getMessage();
            assertTrue(m.startsWith("s.yaml: workloads[0].distribution: bad.txt line 3: sizes and percents must both "
                    + "increase"), m);
            Files.writeString(dir.resolve("tm2.txt"), "0 1\n1 0\n");
            m = assertThrows(ScenarioException.class, () -> parse("  - {type: cdf, distribution: websearch, hosts: [0, "
                    + "1, 2], load: 0.1, duration: 1ms, matrix: tm2.txt}\n", dir)).getMessage();
            assertTrue(m.startsWith("s.yaml: workloads[0].matrix: tm2.txt line 1: 2 weights"), m);
        }

        @Test
        void cdfMistakesNameTheirKey() {
            assertError("  - {type: cdf, distribution: websarch, load: 0.3, duration: 1ms}\n",
                    "s.yaml: workloads[0].distribution: 'websarch' is neither a built-in distribution (websearch, fbhdp, "
                            + "alistorage, googlerpc) nor an existing file; did you mean 'websearch'?");
            assertError("  - {type: cdf, distribution: websearch, load: 0.3}\n",
                    "s.yaml: workloads[0].duration: is required");
            assertError("  - {type: cdf, distribution: websearch, load: 0, duration: 1ms}\n",
                    "s.yaml: workloads[0].load: must be > 0");
            assertError("  - {type: cdf, distribution: websearch, load: 1.5, duration: 1ms}\n",
                    "s.yaml: workloads[0].load:");
            assertError("  - {type: cdf, distribution: websearch, hosts: \"0-7\", load: 0.3, duration: 1ms, "
                    + "incast: {senders: 20, size: 1MB, load: 0.01}}\n",
                    "s.yaml: workloads[0].incast.senders: 20 senders need 21 hosts; the workload has 8");
            assertError("  - {type: cdf, distribution: websearch, hosts: [0, 1, 2], load: 0.3, duration: 1ms, "
                    + "matrix: [[0, 1, 1], [1, 0], [1, 1, 0]]}\n",
                    "s.yaml: workloads[0].matrix[1]: has 2 weights; it needs 3");
            assertError("  - {type: cdf, distribution: websearch, hosts: [0, 1], load: 0.3, duration: 1ms, "
                    + "matrix: [[1, 1], [1, 0]]}\n", "s.yaml: workloads[0].matrix: traffic matrix row 0: a host does "
                    + "not send to itself");
            assertError("  - {type: cdf, distribution: websearch, load: 0.3, duration: 1ms, "
                    + "incast: {senders: 2, size: 1MB, load: 0.01, interval: 1ms}}\n",
                    "s.yaml: workloads[0].incast.interval: give either load or interval");
        }

        @Test
        void incastAndPermutation() {
            Scenario s = parse("""
                      - {type: incast, receiver: 0, senders: "1-8", size: 1MB, repeat: 3, gap: 5us, jitter: 1us}
                      - {type: incast, name: all-to-0, receiver: 0, size: 64KB}
                      - {type: permutation, hosts: "0-15", size: 4MB, start: 10us, qps: 2}
                    """);
            var a = ((DatacenterWorkloads.Incast) s.workloads().get(0)).config();
            assertEquals(8, a.senders().size());
            assertEquals(3, a.repeat());
            assertEquals(39, ((DatacenterWorkloads.Incast) s.workloads().get(1)).config().senders().size());
            var p = ((DatacenterWorkloads.Permutation) s.workloads().get(2)).config();
            assertEquals(16, p.hosts().size());
            assertEquals(2, p.qps());
            roundTrip(s);
            assertError("  - {type: incast, receiver: 0, senders: [0, 1], size: 1MB}\n",
                    "s.yaml: workloads[0].senders: host 0 is the receiver");
            assertError("  - {type: incast, receiver: 0, senders: [1], size: 1MB, repeat: 0}\n",
                    "s.yaml: workloads[0].repeat: 0 is out of range");
            assertError("  - {type: permutation, hosts: [3], size: 1MB}\n",
                    "s.yaml: workloads[0].hosts: needs at least 2 hosts");
            assertError("  - {type: permutation, size: 1MB, hosts: [1, 1]}\n",
                    "s.yaml: workloads[0].hosts[1]: host 1 is listed twice");
        }
    }
}
