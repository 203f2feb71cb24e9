package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.workloads.chakra.proto.EtDef.AttributeProto;
import org.lossless.workloads.chakra.proto.EtDef.GlobalMetadata;
import org.lossless.workloads.chakra.proto.EtDef.Node;
import org.lossless.workloads.chakra.proto.EtDef.NodeType;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.yaml.ScenarioException;

/** {@code type: chakra} and {@code type: simai} from scenario files to result files, and their bad input. */
class TracesOnTheEngineTest {
    private static Scenario parse(Path dir, String text) {
        return ScenarioLoader.parse("t.yaml", text, dir, List.of());
    }

    /** Rank r of 4: 100 us of GPU compute, then a 1 MiB all-reduce on its pair group, then 50 us. */
    private static void chakra(Path traces) throws IOException {
        Files.createDirectories(traces);
        for (int r = 0; r < 4; r++) {
            try (OutputStream out = Files.newOutputStream(traces.resolve("gpt.rank." + r + ".et"))) {
                GlobalMetadata.newBuilder().setVersion("0.0.4").build().writeDelimitedTo(out);
                Node.newBuilder().setId(1).setName("fwd").setType(NodeType.COMP_NODE).setDurationMicros(100).build()
                        .writeDelimitedTo(out);
                Node.newBuilder().setId(2).setName("ar").setType(NodeType.COMM_COLL_NODE).addDataDeps(1)
                        .addAttr(AttributeProto.newBuilder().setName("comm_type").setInt64Val(0))
                        .addAttr(AttributeProto.newBuilder().setName("comm_size").setInt64Val(1 << 20))
                        .addAttr(AttributeProto.newBuilder().setName("pg_name").setStringVal(r < 2 ? "a" : "b"))
                        .build().writeDelimitedTo(out);
                Node.newBuilder().setId(3).setName("bwd").setType(NodeType.COMP_NODE).setDurationMicros(50)
                        .addDataDeps(2).build().writeDelimitedTo(out);
            }
        }
    }

    @Test
    void aChakraTraceRunsWritesItsRowsAndReloadsEqual(@TempDir Path dir) throws IOException {
        chakra(dir.resolve("traces"));
        Scenario s = parse(dir, """
                name: t
                stop_time: 1s
                topology: {type: star, hosts: 4}
                workloads:
                  - {type: chakra, name: gpt, traces: traces, comm_groups: {a: [0, 1], b: [2, 3]}, iterations: 2}
                """);
        String yaml = ResolvedYaml.write(s);
        assertEquals(s, ScenarioLoader.parse("r.yaml", yaml, dir, List.of()), yaml);
        RunResult r = new ScenarioEngine().run(s);
        List<JobIteration> jobs = r.jobs();
        assertEquals(2, jobs.size());
        assertTrue(jobs.stream().allMatch(j -> j.finished() && j.type().equals("chakra")));
        // two disjoint pairs: each iteration is 150 us of compute plus one pair all-reduce, and more than that alone
        assertTrue(jobs.get(0).durationPs() > 150_000_000L, "duration " + jobs.get(0).durationPs());
        assertEquals(jobs.get(0).finishPs(), jobs.get(1).startPs());
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        ResultsWriter.writeFiles(out, s, r);
        assertTrue(Files.readAllLines(out.resolve("jobs.csv")).get(1).startsWith("gpt,0,chakra,4,"));
        assertTrue(Files.readAllLines(out.resolve("timeline.csv")).stream().anyMatch(l -> l.startsWith("gpt,0,rank 0,")));
    }

    @Test
    void aSimaiFileRunsAndReloadsEqual(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("w.txt"), """
                HYBRID_TRANSFORMER_FWD_IN_BCKWD model_parallel_NPU_group: 2 ep: 1 pp: 1 vpp: 2 ga: 1 all_gpus: 4 checkpoints: 0 checkpoint_initiates: 0 pp_comm: 0
                2
                attn\t-1\t50000\tALLREDUCE\t262144\t50000\tALLREDUCE\t262144\t50000\tALLREDUCE\t1048576\t1000
                mlp\t-1\t50000\tALLREDUCE\t262144\t50000\tALLREDUCE\t262144\t50000\tALLREDUCE\t1048576\t1000
                """);
        Scenario s = parse(dir, """
                name: t
                stop_time: 1s
                topology: {type: star, hosts: 6}
                workloads:
                  - {type: simai, name: llm, path: w.txt, hosts: [5, 4, 3, 2]}
                """);
        String yaml = ResolvedYaml.write(s);
        assertEquals(s, ScenarioLoader.parse("r.yaml", yaml, dir, List.of()), yaml);
        RunResult r = new ScenarioEngine().run(s);
        JobIteration it = r.jobs().get(0);
        assertTrue(it.finished() && it.type().equals("simai"));
        // 6 x 50 us of compute in a chain plus the blocking tensor-parallel all-reduces: more than 300 us
        assertTrue(it.durationPs() > 300_000_000L, "duration " + it.durationPs());
        assertEquals(4, r.training().iterations().get(0).kind(org.lossless.workloads.training.CommKind.TP).calls()
                / 2, "4 tensor-parallel calls per rank group, two groups");
    }

    @Test
    void badTracesAreErrorsOnTheKeyNamingFileAndNode(@TempDir Path dir) throws IOException {
        chakra(dir.resolve("traces"));
        String e = assertThrows(ScenarioException.class, () -> parse(dir, """
                name: t
                topology: {type: star, hosts: 4}
                workloads:
                  - {type: chakra, traces: traces, comm_groups: {a: [0, 1]}}
                """)).getMessage();
        assertEquals("t.yaml: workloads[0].traces: gpt.rank.2.et: node 2 'ar': process group 'b' is not given (key "
                + "comm_groups: the ranks of every pg_name the trace uses)", e);
        String hosts = assertThrows(ScenarioException.class, () -> parse(dir, """
                name: t
                topology: {type: star, hosts: 8}
                workloads:
                  - {type: chakra, traces: traces, comm_groups: {a: [0, 1], b: [2, 3]}, hosts: [0, 1, 2]}
                """)).getMessage();
        assertTrue(hosts.startsWith("t.yaml: workloads[0].traces: ") && hosts.endsWith("holds traces of 4 ranks "
                + "(gpt.rank.0.et to gpt.rank.3.et) but the job is given 3 hosts: give one host per rank"), hosts);
        Files.writeString(dir.resolve("bad.txt"), "HYBRID_TRANSFORMER_FWD_IN_BCKWD model_parallel_NPU_group: 1 "
                + "all_gpus: 2\n1\nl -1 10 ALLREDUCE 1k 0 NONE 0 0 NONE 0 0\n");
        assertEquals("t.yaml: workloads[0].path: bad.txt: line 3, fwd_comm_size: '1k' is not a whole number >= 0",
                assertThrows(ScenarioException.class, () -> parse(dir, """
                        name: t
                        topology: {type: star, hosts: 4}
                        workloads:
                          - {type: simai, path: bad.txt}
                        """)).getMessage());
    }
}
