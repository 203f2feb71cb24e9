package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.workloads.training.CommKind;
import org.lossless.workloads.training.KindFigures;
import org.lossless.workloads.training.TrainingIteration;
import org.lossless.workloads.traffic.JobIteration;

/** Training jobs on the packet engine: the checks that need a fabric, and the result files. */
class TrainingOnTheEngineTest {
    private static Scenario parse(String text) {
        return ScenarioLoader.parse("t.yaml", text, Path.of("/tmp"), List.of());
    }

    /** 1F1B on an uncongested leaf-spine (tiny activations): bubble = (pp-1)/(m+pp-1) of the ideal, within 1 %. */
    @Test
    void pipelineBubbleOnAnUncongestedFabricIsTheScheduleFormula() {
        Scenario s = parse("""
                name: t
                stop_time: 10s
                topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2}
                workloads:
                  - {type: training, name: pipe, pp: 4, micro_batches: 8, layers: 4, hidden: 256, seq: 32,
                     compute: {forward: 2ms, backward: 4ms}}
                """);
        RunResult r = new ScenarioEngine().run(s);
        TrainingIteration it = r.training().iterations().get(0);
        double ideal = (8 + 4 - 1) * 6e9;
        double expected = 3.0 / 11;
        assertEquals(expected, it.mean().bubblePs() / ideal, 0.01 * expected);
        assertTrue(it.durationPs() >= ideal && it.durationPs() <= 1.01 * ideal, "duration " + it.durationPs());
        assertEquals(it.durationPs(), it.mean().totalPs());
    }

    /**
     * MoE all-to-all on a 2:1 oversubscribed leaf-spine (2 leaves of 4 hosts, one 100 Gb/s cable to each of 2
     * spines... per leaf 200 Gb/s up for 400 Gb/s down): 8 expert ranks, uniform top-1 routing, 512 tokens of 2 KiB
     * per pair per call. Each call moves 4 x 4 x 1 MiB across the leaves each way, so it cannot take less than
     * 16 MiB / 200 Gb/s; it should reach at least half the bisection.
     */
    @Test
    void expertAllToAllRespectsTheBisectionBound() {
        Scenario s = parse("""
                name: t
                stop_time: 10s
                topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 4}
                workloads:
                  - {type: training, name: moe, dp: 8, ep: 8, experts: 8, top_k: 1, layers: 1, hidden: 1024,
                     seq: 4096, layer_params: 0, compute: {forward: 0, backward: 0}}
                """);
        RunResult r = new ScenarioEngine().run(s);
        TrainingIteration it = r.training().iterations().get(0);
        KindFigures ep = it.kind(CommKind.EP);
        assertEquals(4, ep.calls());
        double perCallPs = ep.callPs() / 4.0;
        double boundPs = 16.0 * (1 << 20) * 8 / 200e9 * 1e12;
        assertTrue(perCallPs >= boundPs, "call " + perCallPs + " ps below the bisection bound " + boundPs);
        assertTrue(perCallPs <= 2 * boundPs, "call " + perCallPs + " ps, over twice the bisection bound " + boundPs);
    }

    @Test
    void twoTrainingJobsAndACheckpointingJobShareAFabricAndWriteTheirFiles(@TempDir Path dir) throws IOException {
        Scenario s = parse("""
                name: t
                stop_time: 10s
                topology: {type: star, hosts: 10}
                workloads:
                  - {type: training, name: a, dp: 4, layers: 2, hidden: 512, seq: 256, micro_batches: 2, iterations: 2,
                     params: 8M, compute: {forward: 50us, backward: 100us},
                     checkpoint: {every: 1, servers: [8, 9], size: 2MB}}
                  - {type: training, name: b, pp: 2, tp: 2, layers: 2, hidden: 512, seq: 256, micro_batches: 2,
                     hosts: "4-7", compute: {gpu_flops: 10T, efficiency: 0.5}}
                """);
        RunResult r = new ScenarioEngine().run(s);
        ResultsWriter.writeFiles(dir, s, r);
        List<JobIteration> jobs = r.jobs();
        assertEquals(3, jobs.size());
        assertTrue(jobs.stream().allMatch(JobIteration::finished));
        List<TrainingIteration> its = r.training().iterations();
        assertTrue(its.get(0).checkpointPs() > 0 && its.get(1).checkpointPs() > 0);
        assertEquals(jobs.get(0).finishPs() + its.get(0).checkpointPs(), jobs.get(1).startPs(),
                "the next iteration waits for the blocking checkpoint");
        for (TrainingIteration t : its) {
            assertNull(t.problem());
            assertEquals(t.durationPs(), t.mean().totalPs());
        }
        List<String> csv = Files.readAllLines(dir.resolve("jobs.csv"));
        assertTrue(csv.get(0).endsWith(",compute_ps,exposed_tp_ps,exposed_pp_ps,exposed_dp_ps,exposed_ep_ps,"
                + "exposed_other_ps,bubble_ps,checkpoint_ps,tp_busbw_GBps,pp_busbw_GBps,dp_busbw_GBps,ep_busbw_GBps,"
                + "critical_path"), csv.get(0));
        String[] header = csv.get(0).split(",");
        String[] row = csv.get(1).split(",");
        long sum = 0;
        for (String col : new String[] {"compute_ps", "exposed_tp_ps", "exposed_pp_ps", "exposed_dp_ps", "exposed_ep_ps",
            "exposed_other_ps", "bubble_ps"}) {
            sum += Long.parseLong(row[List.of(header).indexOf(col)]);
        }
        assertEquals(Long.parseLong(row[List.of(header).indexOf("duration_ps")]), sum);
        List<String> timeline = Files.readAllLines(dir.resolve("timeline.csv"));
        assertEquals("job,iteration,lane,rank,node,kind,op,name,stream,ready_ps,start_ps,end_ps,bytes,critical",
                timeline.get(0));
        assertTrue(timeline.stream().anyMatch(l -> l.startsWith("b,0,stage 1,")), "job b's stage 1 has a lane");
        JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        JsonNode a = summary.get("jobs").get(0);
        assertEquals("a", a.get("job").asText());
        assertEquals(2, a.get("training").get("iterations").size());
        assertFalse(a.get("training").get("iterations").get(0).get("critical_path").get("name").asText().isEmpty());
    }
}
