package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.workloads.collective.Collective;
import org.lossless.workloads.collective.CollectiveJob;
import org.lossless.workloads.spec.TraceWorkload;
import org.lossless.workloads.spec.TrainingWorkload;
import org.lossless.workloads.training.CallJobs;
import org.lossless.workloads.training.CommSettings;
import org.lossless.workloads.yaml.ScenarioException;

/** {@code type: training} in a scenario file: resolved output that reloads equal. */
class TrainingSectionTest {
    private static Scenario parse(String text) {
        return ScenarioLoader.parse("s.yaml", text, Path.of("/tmp"), List.of());
    }

    private static String roundTrip(Scenario s) {
        String yaml = ResolvedYaml.write(s);
        assertEquals(s, ScenarioLoader.parse("r.yaml", yaml, s.baseDir(), List.of()), yaml);
        return yaml;
    }

    @Test
    void aDenseJobWithDefaultsReloadsEqual() {
        Scenario s = parse("""
                name: t
                topology: {type: rail-optimized, servers: 4, nics_per_server: 4, servers_per_unit: 4, spines: 2}
                workloads:
                  - {type: training, name: gpt, tp: 4, pp: 2, dp: 2, layers: 6, hidden: 1024, seq: 256,
                     compute: {forward: 1ms, backward: 2ms}}
                """);
        TrainingWorkload w = assertInstanceOf(TrainingWorkload.class, s.workloads().get(0));
        assertEquals(16, w.config().hosts().size());
        String yaml = roundTrip(s);
        assertTrue(yaml.contains("schedule: 1f1b"), yaml);
        assertTrue(yaml.contains("hosts: 0-15"), yaml);
    }

    /** The benchmark and validation scenarios shipped with the project load and reload equal. */
    @Test
    void theShippedTrainingScenariosLoad() throws java.io.IOException {
        Path dir = Path.of("../benchmarks/training").toAbsolutePath().normalize();
        List<Path> files;
        try (var walk = java.nio.file.Files.walk(dir)) {
            files = walk.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertEquals(6, files.size(), files.toString());
        for (Path f : files) {
            Scenario s = ScenarioLoader.parse(f.getFileName().toString(), java.nio.file.Files.readString(f), f.getParent(),
                    List.of());
            assertInstanceOf(TrainingWorkload.class, s.workloads().get(0), f.toString());
            roundTrip(s);
        }
    }

    @Test
    void anMoeJobWithFlopsRoutingAndCheckpointsReloadsEqual() {
        Scenario s = parse("""
                name: t
                topology: {type: star, hosts: 12}
                workloads:
                  - {type: training, name: moe, dp: 4, ep: 2, layers: 4, hidden: 512, seq: 128, micro_batches: 2,
                     experts: 4, top_k: 2, routing: [3, 1, 1, 1], params: 1.2B, zero: 3, recompute: true,
                     compute: {gpu_flops: 312T, efficiency: 0.45, optimizer: 2ms},
                     checkpoint: {every: 2, servers: [8, 9], size: 4MB}, hosts: [0, 2, 4, 6],
                     base_latency: 0, channels: 2}
                  - {type: training, name: pipe, pp: 4, schedule: gpipe, layers: 8, hidden: 256, seq: 64,
                     layer_params: [1, 2, 3, 4, 5, 6, 7, 8], compute: {forward: 10us, backward: 20us},
                     hosts: [1, 3, 5, 7]}
                """);
        roundTrip(s);
    }

    /** {@code cts_delay}, as for collectives: read, handed to every call, written and read back. */
    @Nested
    class ClearToSendDelay {
        private static final String JOB = """
                name: t
                topology: {type: star, hosts: 4}
                workloads:
                  - {type: training, dp: 4, layers: 2, hidden: 64, seq: 32, compute: {forward: 1us, backward: 2us}%s}
                """;

        private CommSettings comm(String keys) {
            return assertInstanceOf(TrainingWorkload.class, parse(JOB.formatted(keys)).workloads().get(0)).config().comm();
        }

        @Test
        void theKeyReachesEveryCallOfTheJob() {
            for (String[] c : new String[][] {{", cts_delay: 0", "0"}, {", cts_delay: 3us", "3000000"}}) {
                CommSettings s = comm(c[0]);
                long ps = Long.parseLong(c[1]);
                assertEquals(ps, s.ctsDelayPs(), c[0]);
                CollectiveJob ar = CallJobs.collective("ar", Collective.ALLREDUCE, new int[] {0, 1, 2, 3}, 1 << 20, null,
                        s, 0);
                CollectiveJob p2p = CallJobs.pointToPoint("p2p", 0, 1, 1 << 10, s, 0);
                assertEquals(ps, ar.ctsDelayOrDefaultPs(), c[0]);
                assertEquals(ps, p2p.ctsDelayOrDefaultPs(), c[0]);
            }
            CommSettings unset = comm("");
            assertEquals(-1, unset.ctsDelayPs(), "auto");
            assertEquals(773_000, CallJobs.pointToPoint("p2p", 0, 1, 1 << 10, unset, 0).ctsDelayOrDefaultPs());
        }

        @Test
        void theResolvedScenarioWritesItAndReloadsEqual() {
            assertTrue(roundTrip(parse(JOB.formatted(", cts_delay: 3us"))).contains("cts_delay: 3us"));
            assertTrue(roundTrip(parse(JOB.formatted(", cts_delay: 0"))).contains("cts_delay: 0"));
            String yaml = roundTrip(parse(JOB.formatted("")));
            assertTrue(yaml.contains("cts_delay: auto"), yaml);
        }

        @Test
        void aTraceTakesItToo(@org.junit.jupiter.api.io.TempDir Path dir) throws java.io.IOException {
            java.nio.file.Files.writeString(dir.resolve("w.txt"), """
                    HYBRID_TRANSFORMER_FWD_IN_BCKWD model_parallel_NPU_group: 2 ep: 1 pp: 1 vpp: 2 ga: 1 all_gpus: 2 checkpoints: 0 checkpoint_initiates: 0 pp_comm: 0
                    1
                    attn\t-1\t50000\tALLREDUCE\t262144\t50000\tALLREDUCE\t262144\t50000\tALLREDUCE\t1048576\t1000
                    """);
            Scenario s = ScenarioLoader.parse("s.yaml", "name: t\ntopology: {type: star, hosts: 4}\nworkloads:\n"
                    + "  - {type: simai, path: w.txt, cts_delay: 2us}\n", dir, List.of());
            assertEquals(2_000_000, assertInstanceOf(TraceWorkload.class, s.workloads().get(0)).comm().ctsDelayPs());
            assertTrue(roundTrip(s).contains("cts_delay: 2us"));
        }

        @Test
        void aBadValueNamesTheKeyAsTheOtherLatenciesDo() {
            assertEquals("s.yaml: workloads[0].cts_delay: '5' is not a time: a unit is required (ps, ns, us, ms or s), "
                    + "e.g. 10us; only 0 may be written without one",
                    assertThrows(ScenarioException.class, () -> parse(JOB.formatted(", cts_delay: 5"))).getMessage());
            assertEquals("s.yaml: workloads[0].cts_delay: expected a time or auto, got true",
                    assertThrows(ScenarioException.class, () -> parse(JOB.formatted(", cts_delay: true"))).getMessage());
        }
    }
}
