package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.workloads.spec.TrainingWorkload;

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
}
