package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.workloads.traffic.JobIteration;

/**
 * The demo's story on a small demo of the same shape, every number checked against the runs' own results: a star of
 * 8 hosts at 100 Gb/s, an all-reduce of 1 MB over hosts 0-3 (2 iterations, 20 us apart) under DCQCN, and an incast
 * of 4 x 500 KB from hosts 4-7 into host 1 (a rank of the job) 10 us in. The job alone is the same file without the
 * incast, written out here (not derived by the code under test).
 */
class DemoStoryTest {
    static final String HEAD = """
            name: small-demo
            seed: 1
            stop_time: 20ms
            topology: {type: star, hosts: 8, host_link: {rate: 100Gbps, length: 2m}}
            switch:
              buffer_size: 2MB
              pfc: {enabled: true, priorities: [3], dynamic_th: -3, headroom: auto}
              ecn: {enabled: true, kmin: 50KB, kmax: 200KB, pmax: 0.2}
            nic: {mtu: 4096, cc: dcqcn, dcqcn: {profile: mlx5}}
            telemetry: {sample_interval: 10us, queues: none, flow_rates: none, links: none}
            workloads:
              - {type: allreduce, name: ar, size: 1MB, hosts: "0-3", iterations: 2, gap: 20us}
            """;
    static final String INCAST = """
              - type: flows
                name: incast
                flows:
                  - {src: 4, dst: 1, size: 500KB, start: 10us}
                  - {src: 5, dst: 1, size: 500KB, start: 10us}
                  - {src: 6, dst: 1, size: 500KB, start: 10us}
                  - {src: 7, dst: 1, size: 500KB, start: 10us}
            """;
    static Scenario demo;
    static RunResult run;
    static RunResult alone;
    static List<String> lines;

    @BeforeAll
    static void runBoth() {
        demo = ScenarioLoader.parse("small.yaml", HEAD + INCAST, Path.of("."), List.of());
        run = new ScenarioEngine().run(demo);
        alone = new ScenarioEngine().run(ScenarioLoader.parse("alone.yaml", HEAD, Path.of("."), List.of()));
        lines = DemoStory.lines(run, alone, "dcqcn");
    }

    @Test
    void theStoryNamesTheJobAndTheTrafficThatLandsOnIt() {
        assertEquals("  the story: job ar (an allreduce of 1,000,000 B over 4 hosts, 2 iterations) shares the fabric "
                + "with incast (4 flows, 2,000,000 B in all, into host 1, one of the job's hosts, from 0.010 ms)",
                lines.get(0));
    }

    @Test
    void eachIterationAgainstTheSameJobAloneAndItsIdeal() {
        List<JobIteration> its = run.jobs();
        List<JobIteration> a = alone.jobs();
        assertEquals(2, its.size());
        assertEquals(2, a.size());
        String expected = String.format(Locale.ROOT, "  ar per iteration: %.3f, %.3f ms against %.3f, %.3f ms alone on "
                + "this fabric (the same job without incast, simulated too): %.2fx, %.2fx as long; ideal %.3f ms",
                its.get(0).durationPs() / 1e9, its.get(1).durationPs() / 1e9, a.get(0).durationPs() / 1e9,
                a.get(1).durationPs() / 1e9, (double) its.get(0).durationPs() / a.get(0).durationPs(),
                (double) its.get(1).durationPs() / a.get(1).durationPs(), run.ideal("ar").durationPs(0) / 1e9);
        assertEquals(expected, lines.get(1));
        assertTrue(its.get(0).durationPs() > a.get(0).durationPs(), "the incast slowed the first iteration down");
    }

    @Test
    void whyCountsThePausesMarksAndTheJobsCnpsPerIteration() {
        long[] cnps = new long[2];
        long start = Long.MAX_VALUE;
        long end = 0;
        for (FlowResult f : run.flows()) {
            if (f.workload().equals("ar")) {
                cnps[f.label().iteration()] += f.cnps();
            } else {
                start = Math.min(start, f.startPs());
                end = Math.max(end, f.finishPs());
            }
        }
        assertTrue(run.pauseFrames() + run.ecnMarked() > 0, "the incast congested host 1's port");
        // a star has one switch: a pause cannot propagate to a switch upstream, so every pause is a root
        assertEquals(0, run.pauseGraph().propagatedPauses());
        String expected = String.format(Locale.ROOT, "  why: while incast ran (%.3f to %.3f ms) the fabric sent %,d PFC "
                + "pause frames (%,d pauses, none propagated to the switch upstream; %.3f ms paused summed over "
                + "ports) and ECN-marked %,d packets; the job's senders received %,d CNPs, each a request to cut their "
                + "rate (%,d in the first iteration, %,d in the second iteration)", start / 1e9, end / 1e9, run.pauseFrames(),
                run.pauseGraph().rootPauses(), run.pausedPs() / 1e9, run.ecnMarked(), cnps[0] + cnps[1], cnps[0],
                cnps[1]);
        assertEquals(expected, lines.get(2));
    }

    @Test
    void theJobAloneIsTheScenarioWithoutTheOtherWorkloadsAndNoTelemetry() {
        Scenario a = DemoStory.alone(demo, DemoStory.jobNames(demo));
        assertEquals(Set.of("ar"), DemoStory.jobNames(demo));
        assertEquals(List.of("ar"), a.workloads().stream().map(w -> w.name()).toList());
        assertTrue(a.telemetry().queues().none() && a.telemetry().flowRates().none() && a.telemetry().links().none()
                && !a.telemetry().pfc());
        assertEquals(demo.topology(), a.topology());
        assertEquals(demo.switchSettings(), a.switchSettings());
        assertEquals(demo.nic(), a.nic());
        // the job alone gives the same iterations as the file without the incast
        List<Long> mine = new ArrayList<>();
        new ScenarioEngine().run(a).jobs().forEach(j -> mine.add(j.durationPs()));
        assertEquals(alone.jobs().stream().map(JobIteration::durationPs).toList(), mine);
        assertNull(DemoStory.alone(a, DemoStory.jobNames(a)), "nothing to leave out");
    }

    @Test
    void iterationsAreCountedInWords() {
        assertEquals(List.of("first", "second", "tenth", "11th", "12th", "13th", "21st", "22nd", "23rd", "111th"),
                List.of(0, 1, 9, 10, 11, 12, 20, 21, 22, 110).stream().map(DemoStory::ordinal).toList());
    }

    @Test
    void noJobNoStory() {
        RunResult flowsOnly = new RunResult(1, 1, 0, run.flows().stream().filter(f -> !f.workload().equals("ar"))
                .toList(), List.of(), 0, 0, 0, 0, false, 0, 0);
        assertEquals(List.of(), DemoStory.lines(flowsOnly, null, "dcqcn"));
    }
}
