package org.lossless.workloads.chakra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.workloads.chakra.TraceWriter.collective;
import static org.lossless.workloads.chakra.TraceWriter.compute;
import static org.lossless.workloads.chakra.TraceWriter.cpu;
import static org.lossless.workloads.chakra.TraceWriter.recv;
import static org.lossless.workloads.chakra.TraceWriter.send;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.topology.StarTopology;
import org.lossless.workloads.chakra.proto.EtDef.NodeType;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.CollectiveProgram;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.collective.Protocol;
import org.lossless.workloads.collective.RingOrder;
import org.lossless.workloads.training.CallJobs;
import org.lossless.workloads.training.CommSettings;
import org.lossless.workloads.training.TrainingJob;
import org.lossless.workloads.training.TrainingProgram;
import org.lossless.workloads.traffic.ConnectionOptions;
import org.lossless.workloads.traffic.RecordingContext;
import org.lossless.workloads.traffic.TrafficProgram;

class ChakraTraceTest {
    private static final long US = 1_000_000L;
    private static final long MB = 1 << 20;
    private static final long RATE = 100_000_000_000L;
    private static final long LAT = 1_000_000L;

    @TempDir
    Path dir;

    /** No software latency, one channel, Simple, one GPU per host. */
    private static CommSettings settings() {
        return new CommSettings(1, null, Protocol.SIMPLE, ConnectionOptions.of(3), 0, 0, 0, RingOrder.RAIL, true,
                GpuServers.ONE_PER_HOST);
    }

    private static void record(int hosts, TrafficProgram p) {
        new RecordingContext(StarTopology.build(Math.max(2, hosts), RATE, LAT), 1000, 1, RATE, LAT).run(List.of(p), Long.MAX_VALUE);
    }

    /** One stand-alone call's duration under the same model, ps. */
    private static long alone(int hosts, CollectiveJob job) {
        CollectiveProgram p = new CollectiveProgram(job);
        record(hosts, p);
        return p.jobIterations().get(0).durationPs();
    }

    private TrainingProgram run(Map<String, int[]> groups, int iterations) {
        ChakraTrace t = ChakraTrace.read(dir, groups, -1);
        int[] hosts = IntStream.range(0, t.rankCount()).toArray();
        TrainingProgram p = new TrainingProgram(new TrainingJob("trace", "chakra", new ChakraSource(t), hosts,
                settings(), iterations, 0, null, true));
        record(t.rankCount(), p);
        return p;
    }

    private long duration(TrainingProgram p, int iteration) {
        return p.jobIterations().get(iteration).durationPs();
    }

    @Nested
    class Runs {
        @Test
        void computeThenAnAllReduceThenComputeTakesTheirSumOnEveryRank() throws IOException {
            for (int r = 0; r < 2; r++) {
                new TraceWriter().add(compute(1, 10), collective(2, 0, MB, null, 1), compute(3, 5, 2)).write(dir, r);
            }
            long d = alone(2, CallJobs.collective("x", Collective.ALLREDUCE, new int[] {0, 1}, MB, null, settings(), 0));
            TrainingProgram p = run(Map.of(), 2);
            assertEquals(15 * US + d, duration(p, 0));
            assertEquals(15 * US + d, duration(p, 1), "the trace runs again, the same, in the next iteration");
            assertEquals("chakra", p.jobIterations().get(0).type());
        }

        @Test
        void gpuComputeNodesTakeTurnsButACpuOperatorRunsBesideThem() throws IOException {
            // two independent GPU kernels of 20 us run one after the other; a CPU operator of 30 us runs alongside
            new TraceWriter().add(compute(1, 20), compute(2, 20), cpu(3, 30)).write(dir, 0);
            assertEquals(40 * US, duration(run(Map.of(), 1), 0));
        }

        @Test
        void aSendMeetsItsReceiveAndTheReceiverWaitsForIt() throws IOException {
            new TraceWriter().add(compute(1, 10), send(2, 1, MB, 1)).write(dir, 0);
            new TraceWriter().add(recv(7, 0, MB), compute(8, 5, 7)).write(dir, 1);
            long d = alone(2, CallJobs.pointToPoint("x", 0, 1, MB, settings(), 0));
            assertEquals(15 * US + d, duration(run(Map.of(), 1), 0));
        }

        @Test
        void nodesRunInDependencyOrderWhateverTheirOrderInTheFile() throws IOException {
            // the file lists the child first; 10 + 5 us in a chain
            new TraceWriter().add(compute(2, 5, 1), compute(1, 10)).write(dir, 0);
            assertEquals(15 * US, duration(run(Map.of(), 1), 0));
        }

        @Test
        void aNamedProcessGroupRunsOnItsRanksOnly() throws IOException {
            // ranks 0 and 2 all-reduce on "pair"; rank 1 only computes
            new TraceWriter().add(collective(1, 0, MB, "pair")).write(dir, 0);
            new TraceWriter().add(compute(1, 3)).write(dir, 1);
            new TraceWriter().add(collective(1, 0, MB, "pair")).write(dir, 2);
            long d = alone(3, CallJobs.collective("x", Collective.ALLREDUCE, new int[] {0, 2}, MB, null, settings(), 0));
            TrainingProgram p = run(Map.of("pair", new int[] {0, 2}), 1);
            assertEquals(Math.max(d, 3 * US), duration(p, 0));
        }

        @Test
        void aBarrierIsAFourByteAllReduceAndReduceScatterBlockAReduceScatter() throws IOException {
            for (int r = 0; r < 2; r++) {
                new TraceWriter().add(collective(1, 9, 0, null), collective(2, 8, MB, null, 1)).write(dir, r);
            }
            ChakraTrace t = ChakraTrace.read(dir, Map.of(), -1);
            RawNode barrier = t.ranks().get(0).nodes().get(0);
            assertEquals(Collective.ALLREDUCE, barrier.collective());
            assertEquals(4, barrier.bytes());
            assertEquals(Collective.REDUCESCATTER, t.ranks().get(0).nodes().get(1).collective());
        }

        @Test
        void aGzipCompressedTraceReadsTheSame(@TempDir Path other) throws IOException {
            Path f = new TraceWriter().add(compute(1, 10), compute(2, 5, 1)).write(other, 0);
            try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(dir.resolve("job.0.et.gz")))) {
                out.write(Files.readAllBytes(f));
            }
            assertEquals(15 * US, duration(run(Map.of(), 1), 0));
        }
    }

    /** Chakra's own feeder-test trace (one rank of a PyTorch run; test resources, NOTICE.md there). */
    @Nested
    class RealTrace {
        @Test
        void readsAndRunsWithinTheBoundsOfItsRecordedTimes() throws Exception {
            Path real = Path.of(ChakraTraceTest.class.getResource("/chakra/pytorch-1rank").toURI());
            ChakraTrace t = ChakraTrace.read(real, Map.of(), -1);
            assertEquals(1, t.rankCount());
            List<RawNode> nodes = t.ranks().get(0).nodes();
            // counted from the file with the generated classes alone: 3,664 nodes, 1,209 GPU kernels of 292,828 us,
            // 2,448 CPU operators (14 of them c10d launchers recorded as communication nodes) of 52,252 us, 7 NCCL
            // kernels with a comm_type
            assertEquals(3664, nodes.size());
            assertEquals(1209, nodes.stream().filter(n -> n.op() == NodeOp.GPU).count());
            assertEquals(292_828 * US, nodes.stream().filter(n -> n.op() == NodeOp.GPU).mapToLong(RawNode::durationPs).sum());
            assertEquals(2448, nodes.stream().filter(n -> n.op() == NodeOp.CPU).count());
            assertEquals(7, nodes.stream().filter(n -> n.op() == NodeOp.COLLECTIVE).count());
            TrainingProgram p = new TrainingProgram(new TrainingJob("real", "chakra", new ChakraSource(t), new int[] {0},
                    settings(), 1, 0, null, true));
            record(2, p);
            long d = p.jobIterations().get(0).durationPs();
            // the GPU runs its kernels one at a time, the CPU its operators; a one-rank group makes no call; so the
            // iteration lasts at least the busier of the two and at most all of it end to end
            assertTrue(d >= 292_828 * US && d <= (292_828 + 52_252) * US, "duration " + d);
        }
    }

    @Nested
    class BadInput {
        private String error(Map<String, int[]> groups, int expected) {
            return assertThrows(TraceException.class, () -> ChakraTrace.read(dir, groups, expected)).getMessage();
        }

        private String error() {
            return error(Map.of(), -1);
        }

        @Test
        void theRankCountMustMatchTheHostsGiven() throws IOException {
            new TraceWriter().add(compute(1, 1)).write(dir, 0);
            new TraceWriter().add(compute(1, 1)).write(dir, 1);
            assertEquals(dir + " holds traces of 2 ranks (job.0.et to job.1.et) but the job is given 3 hosts: give one "
                    + "host per rank", error(Map.of(), 3));
        }

        @Test
        void aMissingRankIsNamed() throws IOException {
            new TraceWriter().add(compute(1, 1)).write(dir, 0);
            new TraceWriter().add(compute(1, 1)).write(dir, 2);
            assertEquals(dir + " has traces up to rank 2 but none for rank 1 (ranks are numbered 0 to N-1)", error());
        }

        @Test
        void aTruncatedFileNamesTheFileAndTheLastNodeRead() throws IOException {
            Path f = new TraceWriter().add(compute(1, 10), compute(2, 5, 1), compute(3, 5, 2)).write(dir, 0);
            byte[] all = Files.readAllBytes(f);
            Files.write(f, Arrays.copyOf(all, all.length - 3));
            String e = error();
            assertTrue(e.startsWith("job.0.et is truncated or corrupt: message 4, after node 2 'comp2', does not parse"),
                    e);
        }

        @Test
        void anotherProtobufFormatIsNotTakenForAChakraTrace() throws IOException {
            // a delimited message whose fields 20 and 21 the Chakra schema does not define
            com.google.protobuf.UnknownFieldSet foreign = com.google.protobuf.UnknownFieldSet.newBuilder()
                    .addField(20, com.google.protobuf.UnknownFieldSet.Field.newBuilder().addVarint(7).build())
                    .addField(21, com.google.protobuf.UnknownFieldSet.Field.newBuilder()
                            .addLengthDelimited(com.google.protobuf.ByteString.copyFromUtf8("x")).build())
                    .build();
            try (var out = Files.newOutputStream(dir.resolve("job.0.et"))) {
                foreign.writeDelimitedTo(out);
            }
            assertEquals("job.0.et is not a Chakra trace: its first message (the global metadata) has fields the Chakra "
                    + "schema does not define (numbers [20, 21])", error());
        }

        @Test
        void aTextFileIsNotAChakraTrace() throws IOException {
            Files.writeString(dir.resolve("job.0.et"), "this is not a trace\n");
            assertTrue(error().startsWith("job.0.et is "), error());
        }

        @Test
        void anUnknownNodeTypeIsNamed() throws IOException {
            new TraceWriter().add(compute(1, 1), TraceWriter.node(5, "weird", NodeType.INVALID_NODE).setTypeValue(12))
                    .write(dir, 0);
            assertEquals("job.0.et: node 5 'weird': unknown node type 12 (Chakra's node types are 1 METADATA_NODE to 7 "
                    + "COMM_COLL_NODE)", error());
        }

        @Test
        void anUnsupportedCollectiveIsNamed() throws IOException {
            new TraceWriter().add(collective(4, 1, MB, null)).write(dir, 0);
            new TraceWriter().add(collective(4, 1, MB, null)).write(dir, 1);
            assertTrue(error().startsWith("job.0.et: node 4 'coll4': comm_type 1 (REDUCE) is not supported"), error());
        }

        @Test
        void aProcessGroupMustBeGivenAndHoldTheRanksThatUseIt() throws IOException {
            new TraceWriter().add(collective(1, 0, MB, "tp")).write(dir, 0);
            new TraceWriter().add(collective(1, 0, MB, "tp")).write(dir, 1);
            assertEquals("job.0.et: node 1 'coll1': process group 'tp' is not given (key comm_groups: the ranks of every "
                    + "pg_name the trace uses)", error());
            new TraceWriter().add(compute(1, 1)).write(dir, 2);
            assertEquals("job.1.et: node 1 'coll1': rank 1 calls a collective on process group 'tp', which does not hold "
                    + "it (ranks [0, 2])", error(Map.of("tp", new int[] {0, 2}), -1));
        }

        @Test
        void groupRanksMustExist() throws IOException {
            new TraceWriter().add(compute(1, 1)).write(dir, 0);
            assertEquals("process group 'tp' holds rank 3, but the trace has ranks 0 to 0",
                    error(Map.of("tp", new int[] {0, 3}), -1));
        }

        @Test
        void membersMustMakeTheSameCalls() throws IOException {
            new TraceWriter().add(collective(1, 0, MB, null)).write(dir, 0);
            new TraceWriter().add(collective(1, 0, 2 * MB, null)).write(dir, 1);
            assertEquals("call 1 on process group 'world' differs: job.0.et node 1 'coll1' is allreduce of 1048576 B, "
                    + "job.1.et node 1 'coll1' is allreduce of 2097152 B", error());
        }

        @Test
        void aSendNeedsItsReceive() throws IOException {
            new TraceWriter().add(send(1, 1, MB)).write(dir, 0);
            new TraceWriter().add(compute(1, 1)).write(dir, 1);
            assertEquals("job.0.et sends 1 messages to rank 1 but job.1.et receives 0 from rank 0", error());
        }

        @Test
        void aDependencyOnAMissingNodeOrACycleIsNamed() throws IOException {
            new TraceWriter().add(compute(1, 1, 9)).write(dir, 0);
            assertEquals("job.0.et: node 1 'comp1' depends on node 9, which the file does not hold", error());
            new TraceWriter().add(compute(1, 1, 2), compute(2, 1, 1)).write(dir, 0);
            assertEquals("job.0.et: node 1 'comp1' never becomes ready: it is in a dependency cycle or waits for a node "
                    + "that is", error());
        }

        @Test
        void anEmptyDirectoryIsNamed() {
            assertEquals(dir + " holds no Chakra trace (files named PREFIX.RANK.et, one per rank)", error());
        }
    }
}
