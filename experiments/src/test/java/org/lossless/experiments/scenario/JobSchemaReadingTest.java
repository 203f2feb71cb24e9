package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.collective.RingOrder;
import org.lossless.workloads.collective.TunerMode;
import org.lossless.workloads.spec.CollectiveSchema;
import org.lossless.workloads.spec.TraceWorkload;
import org.lossless.workloads.spec.TrainingSchema;
import org.lossless.workloads.spec.TrainingWorkload;
import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.training.parametric.TrainingConfig;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.workloads.yaml.SectionReader;
import org.lossless.workloads.yaml.Source;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Collective jobs, training jobs and traces read and written through their schemas ({@link CollectiveSchema},
 * {@link TrainingSchema}): defaults as docs/scenario.md gives them (hand-written), the latencies' messages as the
 * readers wrote them before the schema, and the resolved scenario's keys read back through the schema to the values
 * the writer took from the workload.
 */
class JobSchemaReadingTest {
    private static final String FAT = "name: t\ntopology: {type: fat-tree, k: 4}\nworkloads:\n  - ";
    private static final String STAR = "name: t\ntopology: {type: star, hosts: 12}\nworkloads:\n  - ";
    private static final String TRAINING = "{type: training, dp: 2, layers: 2, hidden: 64, seq: 32, compute: "
            + "{forward: 1us, backward: 2us}";

    private static Scenario scenario(Path dir, String text) {
        return ScenarioLoader.parse("t.yaml", text, dir, List.of());
    }

    private static WorkloadConfig parse(String text) {
        return scenario(Path.of("/tmp"), text).workloads().get(0);
    }

    private static String error(String text) {
        return assertThrows(ScenarioException.class, () -> parse(text)).getMessage();
    }

    @Nested
    class Defaults {
        @Test
        void aCollectiveJobsUnsetKeysTakeTheDocumentedDefaults() {
            CollectiveJob j = ((WorkloadConfig.Collective) parse(FAT + "{type: allreduce, size: 1MB}\n")).job();
            assertEquals(1, j.iterations());
            assertEquals(0, j.gapPs());
            assertEquals(0, j.startPs());
            assertEquals(3, j.connection().priority(), "the first lossless priority");
            assertEquals(24, j.connection().resolvedDscp(), "8 x priority");
            assertEquals(1, j.connection().qps());
            assertEquals(-1, j.baseLatencyPs(), "auto");
            assertEquals(-1, j.nvlinkStepPs(), "auto");
            assertEquals(RingOrder.RAIL, j.ringOrder());
            assertEquals(TunerMode.SIMULATOR, j.tuner());
            assertEquals(2, j.channels(), "2 x NICs per server, one-GPU hosts");
        }

        @Test
        void aTrainingJobsUnsetKeysTakeTheDocumentedDefaults() {
            TrainingConfig c = ((TrainingWorkload) parse(STAR + TRAINING + ", checkpoint: {servers: [10], "
                    + "size: 1MB}}\n")).config();
            assertEquals(1, c.parallel().tp());
            assertEquals(2, c.model().dtypeBytes(), "bf16");
            assertEquals(4, c.model().gradDtypeBytes(), "fp32 gradients");
            assertEquals(1, c.model().microBatch());
            assertEquals(25 << 20, c.bucketBytes(), "Megatron's 25 MiB bucket");
            assertEquals(0, c.compute().optimizerPs());
            assertEquals(true, c.comm().pxn());
            assertEquals(1, c.checkpoint().every());
            assertEquals(1 << 20, c.checkpoint().chunkBytes());
            assertEquals(1, c.checkpoint().writers().length, "replica 0 of tp = 1: one writing rank");
        }
    }

    @Nested
    class Messages {
        @Test
        void aBadLatencyGetsTheTimeParsersWordsAsBeforeTheSchema() {
            assertEquals("t.yaml: workloads[0].base_latency: '5' is not a time: a unit is required (ps, ns, us, ms or "
                    + "s), e.g. 10us; only 0 may be written without one", error(FAT + "{type: allreduce, size: 1MB, "
                    + "base_latency: 5}\n"));
            assertEquals("t.yaml: workloads[0].step_latency: expected a time such as 10us, got a mapping",
                    error(STAR + TRAINING + ", step_latency: {a: 1}}\n"));
            assertEquals("t.yaml: workloads[0].base_latency: expected a time or auto, got true",
                    error(FAT + "{type: allreduce, size: 1MB, base_latency: true}\n"));
        }

        @Test
        void requiredAndNestedKeysKeepTheirMessages() {
            assertEquals("t.yaml: workloads[0].size: is required: the per-rank buffer as nccl-tests counts it, e.g. "
                    + "256MB", error(FAT + "{type: allreduce}\n"));
            assertEquals("t.yaml: workloads[0].hidden: is required: the hidden size h, e.g. 4096",
                    error(STAR + "{type: training, layers: 2, seq: 32, compute: {forward: 1us, backward: 1us}}\n"));
            assertEquals("t.yaml: workloads[0].compute.efficiency: must be > 0",
                    error(STAR + "{type: training, layers: 2, hidden: 64, seq: 32, compute: {gpu_flops: 1T, "
                            + "efficiency: 0}}\n"));
            assertEquals("t.yaml: workloads[0].compute.backward: is required (a time such as 10us)",
                    error(STAR + "{type: training, layers: 2, hidden: 64, seq: 32, compute: {forward: 1us}}\n"));
            assertEquals("t.yaml: workloads[0].checkpoint.size: is required (a size such as 2GB (bytes each writing "
                    + "rank saves))", error(STAR + TRAINING + ", checkpoint: {servers: [10]}}\n"));
        }
    }

    /** The resolved mapping of each type, read back through its section, equals the values the writer wrote. */
    @Test
    void theResolvedKeysReadBackToTheWritersValues(@TempDir Path dir) throws IOException {
        for (String w : List.of("{type: allreduce, size: 1MB, hosts: [3, 1, 2], base_latency: 2us, gap: 1us, qps: 2}",
                "{type: alltoall, hosts: [0, 1], pairs: [[0, 2KB], [1KB, 0]], ring_order: naive, tuner: nccl}",
                "{type: broadcast, size: 3MB, root: 1, pxn: true, dscp: 26, cc: dcqcn}")) {
            String text = FAT + w + "\n";
            check(dir, text, CollectiveSchema.COLLECTIVE,
                    CollectiveSchema.values(((WorkloadConfig.Collective) parse(text)).job()));
        }
        for (String w : List.of(TRAINING + ", checkpoint: {servers: [10], size: 1MB, ranks: all}, zero: 1}",
                "{type: training, tp: 2, layers: 2, hidden: 64, seq: 32, compute: {gpu_flops: 312T, efficiency: 0.5, "
                        + "optimizer: 1ms}, step_latency: 1us, bucket: 1MB, iterations: 3}")) {
            String text = STAR + w + "\n";
            check(dir, text, TrainingSchema.TRAINING, TrainingSchema.values(((TrainingWorkload) parse(text)).config()));
        }
        Files.writeString(dir.resolve("w.txt"), """
                HYBRID_TRANSFORMER_FWD_IN_BCKWD model_parallel_NPU_group: 2 ep: 1 pp: 1 vpp: 2 ga: 1 all_gpus: 2 checkpoints: 0 checkpoint_initiates: 0 pp_comm: 0
                1
                attn\t-1\t50000\tALLREDUCE\t262144\t50000\tALLREDUCE\t262144\t50000\tALLREDUCE\t1048576\t1000
                """);
        String simai = STAR + "{type: simai, path: w.txt, iterations: 2, start: 1ms, nvlink_step_latency: 3us}\n";
        check(dir, simai, TrainingSchema.SIMAI,
                TrainingSchema.values((TraceWorkload) scenario(dir, simai).workloads().get(0)));
    }

    private static void check(Path dir, String text, Section s, Values written) throws IOException {
        JsonNode n = Yaml.MAPPER.readTree(ResolvedYaml.write(scenario(dir, text))).get("workloads").get(0);
        assertEquals(written, SectionReader.read(Cursor.root(new Source("r.yaml", dir, Map.of()), n), s), text);
    }
}
