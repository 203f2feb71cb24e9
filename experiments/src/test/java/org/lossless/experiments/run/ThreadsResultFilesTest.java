package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.core.kernel.ParallelStats;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.workloads.chakra.proto.EtDef.AttributeProto;
import org.lossless.workloads.chakra.proto.EtDef.GlobalMetadata;
import org.lossless.workloads.chakra.proto.EtDef.Node;
import org.lossless.workloads.chakra.proto.EtDef.NodeType;
import org.lossless.workloads.traffic.JobIteration;

/**
 * The programs whose timers run ahead of the partitions only up to the earliest completion a window may hold
 * ({@link ProgramDriver#runsAhead}) and that declare their reaction delay from their calls' (a training job, a Chakra
 * trace, a SimAI file), and a run with two programs: their result directories are the same bytes on 1, 2, 4 and 8
 * threads (summary.json's run-cost figures aside), on fabrics whose jobs cross the partitions (1 us links, so the
 * fabric is cut).
 */
class ThreadsResultFilesTest {
    @TempDir
    Path dir;

    /** Every result file of {@code scenario} run on {@code threads}, by name; the windows it took go to {@code windows}. */
    private TreeMap<String, String> files(Scenario scenario, int threads, List<Long> windows) throws IOException {
        return files(scenario, threads, windows, new ArrayList<>());
    }

    /** As the other, the run's engine figures added to {@code stats}. */
    private TreeMap<String, String> files(Scenario scenario, int threads, List<Long> windows, List<ParallelStats> stats)
            throws IOException {
        RunResult r = new ScenarioEngine(new PacketEngine.Parallelism(threads, null, null, stats::add)).run(scenario);
        assertTrue(r.jobs().stream().allMatch(JobIteration::finished), threads + " threads: " + r.jobs());
        windows.add(stats.get(0).windows());
        Path out = dir.resolve("r" + threads);
        Files.createDirectories(out);
        ResultsWriter.writeFiles(out, scenario, r);
        return ResultTree.read(out);
    }

    /** Runs {@code text} on 1, 2, 4 and 8 threads and checks one result directory; returns the windows per run. */
    private List<Long> sameFilesOn1To8Threads(String text) throws IOException {
        Scenario s = ScenarioLoader.parse("t.yaml", text, dir, List.of());
        List<Long> windows = new ArrayList<>();
        TreeMap<String, String> first = files(s, 1, windows);
        assertTrue(first.containsKey("jobs.csv") && first.containsKey("flows.csv"), first.keySet().toString());
        for (int n : new int[] {2, 4, 8}) {
            TreeMap<String, String> files = files(s, n, windows);
            assertEquals(first.keySet(), files.keySet(), n + " threads");
            for (String f : first.keySet()) {
                assertEquals(first.get(f), files.get(f), f + " with " + n + " threads");
            }
        }
        return windows;
    }

    /**
     * A 3D-parallel training job on two 8-GPU servers of a rail-optimized fabric: tp 8 inside a server (NVLink
     * all-reduces, timers only), dp 2 across the servers (gradient all-reduces on the 8 rails, each rail switch a
     * partition), 2 micro-batches, 2 iterations.
     */
    static final String TRAINING_ON_GPU_SERVERS = """
            name: t
            stop_time: 1s
            topology: {type: rail-optimized, servers: 2, nics_per_server: 8, servers_per_unit: 2, spines: 2,
                       uplinks_per_spine: 1}
            nic: {mtu: 4096}
            workloads:
              - {type: training, name: gpt, tp: 8, dp: 2, layers: 2, hidden: 1024, seq: 256, micro_batches: 2,
                 params: 4M, iterations: 2, compute: {forward: 20us, backward: 40us}}
            """;

    /** {@link #TRAINING_ON_GPU_SERVERS}. */
    @Test
    void aTrainingJobOnEightGpuServers() throws IOException {
        List<Long> w = sameFilesOn1To8Threads(TRAINING_ON_GPU_SERVERS);
        System.out.println("training on 8-GPU servers: windows on 1, 2, 4, 8 threads " + w);
    }

    /** Rank r of 4: 30 us of compute, a 256 KiB all-reduce with the rank on the other leaf, 10 us of compute. */
    private void chakra(Path traces) throws IOException {
        Files.createDirectories(traces);
        for (int r = 0; r < 4; r++) {
            try (OutputStream out = Files.newOutputStream(traces.resolve("gpt.rank." + r + ".et"))) {
                GlobalMetadata.newBuilder().setVersion("0.0.4").build().writeDelimitedTo(out);
                Node.newBuilder().setId(1).setName("fwd").setType(NodeType.COMP_NODE).setDurationMicros(30).build()
                        .writeDelimitedTo(out);
                Node.newBuilder().setId(2).setName("ar").setType(NodeType.COMM_COLL_NODE).addDataDeps(1)
                        .addAttr(AttributeProto.newBuilder().setName("comm_type").setInt64Val(0))
                        .addAttr(AttributeProto.newBuilder().setName("comm_size").setInt64Val(1 << 18))
                        .addAttr(AttributeProto.newBuilder().setName("pg_name").setStringVal(r % 2 == 0 ? "a" : "b"))
                        .build().writeDelimitedTo(out);
                Node.newBuilder().setId(3).setName("bwd").setType(NodeType.COMP_NODE).setDurationMicros(10)
                        .addDataDeps(2).build().writeDelimitedTo(out);
            }
        }
    }

    @Test
    void aChakraTraceAcrossLeaves() throws IOException {
        chakra(dir.resolve("traces"));
        List<Long> w = sameFilesOn1To8Threads("""
                name: t
                stop_time: 1s
                topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2}
                nic: {mtu: 1024}
                workloads:
                  - {type: chakra, name: gpt, traces: traces, comm_groups: {a: [0, 2], b: [1, 3]}, iterations: 2}
                """);
        System.out.println("chakra trace: windows on 1, 2, 4, 8 threads " + w);
    }

    @Test
    void aSimaiFileAcrossLeaves() throws IOException {
        Files.writeString(dir.resolve("w.txt"), """
                HYBRID_TRANSFORMER_FWD_IN_BCKWD model_parallel_NPU_group: 2 ep: 1 pp: 1 vpp: 2 ga: 1 all_gpus: 4 checkpoints: 0 checkpoint_initiates: 0 pp_comm: 0
                2
                attn\t-1\t20000\tALLREDUCE\t65536\t20000\tALLREDUCE\t65536\t20000\tALLREDUCE\t262144\t1000
                mlp\t-1\t20000\tALLREDUCE\t65536\t20000\tALLREDUCE\t65536\t20000\tALLREDUCE\t262144\t1000
                """);
        List<Long> w = sameFilesOn1To8Threads("""
                name: t
                stop_time: 1s
                topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2}
                nic: {mtu: 1024}
                workloads:
                  - {type: simai, name: llm, path: w.txt, hosts: [0, 2, 1, 3]}
                """);
        System.out.println("simai file: windows on 1, 2, 4, 8 threads " + w);
    }

    /**
     * Windows that run on one thread at times (the engine's pacer, here told to change the way at every window: blocks
     * and stretches of no length) write the same files as the windows of all threads: {@link #BESIDE_AN_INCAST}.
     */
    @Test
    void windowsOnOneThreadAtTimes() throws IOException {
        Scenario s = ScenarioLoader.parse("t.yaml", BESIDE_AN_INCAST, dir, List.of());
        List<Long> windows = new ArrayList<>();
        TreeMap<String, String> first = files(s, 1, windows);
        for (int n : new int[] {2, 4}) {
            List<ParallelStats> stats = new ArrayList<>();
            System.setProperty("lossless.parallel.blockNs", "0");
            System.setProperty("lossless.parallel.keepNs", "0");
            TreeMap<String, String> files;
            try {
                files = files(s, n, windows, stats);
            } finally {
                System.clearProperty("lossless.parallel.blockNs");
                System.clearProperty("lossless.parallel.keepNs");
            }
            assertEquals(first, files, n + " threads");
            long solo = stats.get(0).soloWindows();
            assertTrue(solo > 0 && solo < stats.get(0).windows(), solo + " of " + stats.get(0).windows() + " windows");
        }
    }

    /** Two programs: a ring all-reduce and an incast ({@link #aCollectiveOnTwoGpuServersBesideAnIncast}). */
    private static final String BESIDE_AN_INCAST = """
            name: t
            stop_time: 1s
            topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 4, gpus_per_server: 2}
            nic: {mtu: 1024, cc: dcqcn}
            workloads:
              - {type: allreduce, name: ar, size: 256KiB, hosts: "0-5", algorithm: ring, iterations: 2, gap: 2us}
              - {type: incast, name: in, receiver: 7, senders: "0-6", size: 64KB}
            """;

    /**
     * Two programs: a ring all-reduce over 2-GPU servers (NVLink inside a server, so it does not decide ahead) beside an
     * incast, which reacts at the instant (no reaction delay), across both leaves.
     */
    @Test
    void aCollectiveOnTwoGpuServersBesideAnIncast() throws IOException {
        List<Long> w = sameFilesOn1To8Threads(BESIDE_AN_INCAST);
        System.out.println("all-reduce beside an incast: windows on 1, 2, 4, 8 threads " + w);
    }
}
