package org.lossless.workloads.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.topology.Topology;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.training.parametric.Parallelism;
import org.lossless.workloads.training.parametric.TrainingConfig;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.workloads.yaml.Source;

class TrainingReaderTest {
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

    /** 4 servers of 8 GPUs (rail-optimized). */
    private static final Fabric RAIL = new Fabric("rail-optimized", 32, new GpuServers(8, 2_400_000_000_000L, 1_000_000));
    private static final Fabric STAR = new Fabric("star", 16, null);
    private static final String BASE = "\"type\": \"training\", \"layers\": 8, \"hidden\": 1024, \"seq\": 512, "
            + "\"compute\": {\"forward\": \"1ms\", \"backward\": \"2ms\"}";

    private static Cursor workloads(String json) {
        try {
            Source src = new Source("f.yaml", Path.of("/tmp"), Map.of());
            return Cursor.root(src, new ObjectMapper().readTree("{\"workloads\": [{" + json + "}]}")).key("workloads");
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    private static TrainingWorkload read(String json, WorkloadFabric f) {
        return (TrainingWorkload) WorkloadReader.read(workloads(json), f, 3).get(0);
    }

    private static String error(String json, WorkloadFabric f) {
        return assertThrows(ScenarioException.class, () -> WorkloadReader.read(workloads(json), f, 3)).getMessage();
    }

    @Test
    void aJobIsReadWithEveryDefaultFilledIn() {
        TrainingWorkload w = read(BASE + ", \"tp\": 8, \"pp\": 2, \"dp\": 2, \"micro_batches\": 4", RAIL);
        TrainingConfig c = w.config();
        assertEquals("training-0", c.name());
        assertEquals(32, c.hosts().size());
        assertEquals(new Parallelism(8, 2, 2, 1, Parallelism.Schedule.ONE_F_ONE_B, 4, false, 0, true), c.parallel());
        // a GPT layer: 12 h^2 + 13 h parameters
        assertEquals(12L * 1024 * 1024 + 13 * 1024, c.model().layerParams().get(0));
        assertEquals(25L << 20, c.bucketBytes());
        assertEquals(3, c.comm().connection().priority());
        assertEquals(List.of(), w.warnings(), "tensor groups of 8 fill one server each");
    }

    @Nested
    class BadInput {
        @Test
        void theGridMustMatchTheGpusGiven() {
            assertEquals("f.yaml: workloads[0].hosts: gives 8 GPUs but tp x pp x dp = 2 x 2 x 4 = 16 (ep does not "
                    + "multiply: it splits dp); list exactly 16 hosts",
                    error(BASE + ", \"tp\": 2, \"pp\": 2, \"dp\": 4, \"hosts\": \"0-7\"", RAIL));
            assertEquals("f.yaml: workloads[0].tp: tp x pp x dp = 8 x 2 x 4 = 64 GPUs, but the rail-optimized topology "
                    + "has only 32 hosts (ep does not multiply: it splits dp)",
                    error(BASE + ", \"tp\": 8, \"pp\": 2, \"dp\": 4", RAIL));
            assertEquals("f.yaml: workloads[0].hosts: gives 3 GPUs but tp x pp x dp = 2 x 1 x 1 = 2 (ep does not "
                    + "multiply: it splits dp); list exactly 2 hosts",
                    error(BASE + ", \"tp\": 2, \"hosts\": [0, 1, 2]", RAIL));
        }

        @Test
        void oneFOneBNeedsAMicroBatchPerStage() {
            assertEquals("f.yaml: workloads[0].micro_batches: is 2 but 1F1B needs at least one micro-batch per stage "
                    + "(pp = 4): use micro_batches >= 4 or schedule: gpipe",
                    error(BASE + ", \"pp\": 4, \"micro_batches\": 2", RAIL));
        }

        @Test
        void everyStageNeedsALayer() {
            assertEquals("f.yaml: workloads[0].layers: is 8 but pp is 16: every stage needs at least one layer",
                    error(BASE + ", \"pp\": 16, \"micro_batches\": 16", RAIL));
        }

        @Test
        void expertsMustSplitOverTheExpertGroup() {
            assertEquals("f.yaml: workloads[0].ep: is 3 but must divide dp (4): expert groups are made of data-parallel "
                    + "ranks, so tp x pp x dp stays the GPU count",
                    error(BASE + ", \"dp\": 4, \"ep\": 3, \"experts\": 6", RAIL));
            assertEquals("f.yaml: workloads[0].experts: is 6 but must be a multiple of ep (4)",
                    error(BASE + ", \"dp\": 4, \"ep\": 4, \"experts\": 6", RAIL));
            assertTrue(error(BASE + ", \"dp\": 4, \"top_k\": 2", RAIL).startsWith(
                    "f.yaml: workloads[0].top_k: needs experts"));
        }

        @Test
        void computeIsRequiredAndEitherTimesOrFlops() {
            String noCompute = "\"type\": \"training\", \"layers\": 8, \"hidden\": 1024, \"seq\": 512";
            assertTrue(error(noCompute, RAIL).startsWith("f.yaml: workloads[0].compute: is required"));
            assertEquals("f.yaml: workloads[0].compute: give either forward and backward times or gpu_flops and "
                    + "efficiency, not both", error(noCompute + ", \"compute\": {\"forward\": \"1ms\", \"backward\": "
                    + "\"1ms\", \"gpu_flops\": \"312T\"}", RAIL));
            assertTrue(error(noCompute + ", \"compute\": {\"gpu_flops\": \"fast\", \"efficiency\": 0.5}", RAIL)
                    .startsWith("f.yaml: workloads[0].compute.gpu_flops: expected a FLOP/s rate"));
        }

        @Test
        void anUnknownKeyIsNamed() {
            assertTrue(error(BASE + ", \"micro_batchs\": 4", RAIL).startsWith(
                    "f.yaml: workloads[0].micro_batchs: unknown key; did you mean 'micro_batches'?"));
        }
    }

    @Test
    void aSingleGpuJobMayNameItsHost() {
        assertEquals(List.of(5), read(BASE + ", \"hosts\": [5]", RAIL).config().hosts());
    }

    @Test
    void aTensorGroupAcrossServersIsAllowedButWarned() {
        TrainingWorkload w = read(BASE + ", \"tp\": 4, \"hosts\": [0, 1, 8, 9]", RAIL);
        assertEquals(List.of("training job training-0: 1 of 1 tensor-parallel groups span several servers (e.g. hosts "
                + "[0, 1, 8, 9] in 2 servers): their per-layer all-reduces leave NVLink and cross the fabric"),
                w.warnings());
        TrainingWorkload star = read(BASE + ", \"tp\": 2", STAR);
        assertTrue(star.warnings().get(0).endsWith("(this topology has one GPU per host: every tensor group crosses the "
                + "fabric)"), star.warnings().get(0));
    }

    @Test
    void checkpointServersMustBeOtherHosts() {
        assertEquals("f.yaml: workloads[0].checkpoint.servers: host 1 runs a rank of this job; storage servers must be "
                + "other hosts", error(BASE + ", \"dp\": 2, \"checkpoint\": {\"servers\": [1, 9], \"size\": \"1MB\"}",
                STAR));
        TrainingWorkload w = read(BASE + ", \"tp\": 2, \"dp\": 2, \"checkpoint\": {\"every\": 2, \"servers\": \"8-9\", "
                + "\"size\": \"1MB\"}", STAR);
        // replica 0's ranks write: ranks 0 and 1 (tensor ranks of replica 0)
        assertEquals(List.of(0, 1), java.util.Arrays.stream(w.config().checkpoint().writers()).boxed().toList());
    }
}
