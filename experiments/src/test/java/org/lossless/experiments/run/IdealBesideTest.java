package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.results.ResultsWriter;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.nic.NicConfig;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.StarTopology;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.TrafficContext;
import org.lossless.workloads.traffic.TrafficProgram;

/**
 * The jobs' ideal replayed beside the packet run ({@link IdealReplay}) against the replay after it, as before: the same
 * result files, the same failure when a reporting job's replay fails, and no replay left running after a stopped run.
 */
class IdealBesideTest {
    static final long US = 1_000_000;

    @TempDir
    Path dir;

    /** Every result file of {@code s} with the ideal replayed as {@code timing} says, by name (run-cost figures aside). */
    private TreeMap<String, String> files(Scenario s, PacketEngine.IdealTiming timing) throws IOException {
        RunResult r = new ScenarioEngine(null, 2, timing).run(s);
        assertFalse(r.ideals().isEmpty(), timing + ": the jobs have their ideal");
        Path out = dir.resolve(timing.name());
        Files.createDirectories(out);
        ResultsWriter.writeFiles(out, s, r);
        return ResultTree.read(out);
    }

    private void sameFilesBesideAndAfter(String yaml) throws IOException {
        Scenario s = ScenarioLoader.parse("t.yaml", yaml, dir, List.of());
        TreeMap<String, String> after = files(s, PacketEngine.IdealTiming.AFTER);
        TreeMap<String, String> beside = files(s, PacketEngine.IdealTiming.BESIDE);
        assertTrue(after.containsKey("jobs.csv") && after.containsKey("summary.json"), after.keySet().toString());
        assertTrue(after.get("jobs.csv").contains("ideal"), after.get("jobs.csv"));
        assertEquals(after.keySet(), beside.keySet());
        for (String f : after.keySet()) {
            assertEquals(after.get(f), beside.get(f), f);
        }
    }

    @Nested
    class SameResults {
        @Test
        void aRingAllReduceBesideAnIncast() throws IOException {
            sameFilesBesideAndAfter("""
                    name: t
                    topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 4}
                    nic: {mtu: 1024, cc: dcqcn}
                    workloads:
                      - {type: allreduce, name: ar, size: 256KiB, hosts: "0-5", algorithm: ring, iterations: 2, gap: 2us}
                      - {type: incast, name: in, receiver: 7, senders: "0-6", size: 64KB}
                    """);
        }

        @Test
        void aTrainingJobOnEightGpuServers() throws IOException {
            sameFilesBesideAndAfter(ThreadsResultFilesTest.TRAINING_ON_GPU_SERVERS);
        }

        @Test
        void storageJobsBesideCdfTraffic() throws IOException {
            // the CDF traffic reports no iteration: it is not replayed, and gets no ideal either way
            sameFilesBesideAndAfter("""
                    name: t
                    seed: 2
                    stop_time: 2ms
                    topology: {type: star, hosts: 8}
                    workloads:
                      - {type: nvmeof, name: rd, initiators: [0], targets: [1], block_size: 4KiB, read_fraction: 1,
                         queue_depth: 2, ios: 20}
                      - {type: nvmeof, name: wr, initiators: [2], targets: [3], block_size: 8KiB, read_fraction: 0,
                         queue_depth: 1, ios: 10}
                      - {type: cdf, name: bg, distribution: websearch, load: 0.2, duration: 1ms, hosts: "4-7"}
                    """);
        }
    }

    /**
     * A job that reports one iteration in the run; in the replay ({@link IdealContext}) it throws when {@code failInReplay},
     * or stops the run through {@code stopRun} and then times itself forever (1 ps apart) when {@code endless}.
     */
    static final class Job implements TrafficProgram {
        final String name;
        final boolean reports;
        final boolean failInReplay;
        final AtomicReference<RunProgress> stopRun;
        TrafficContext ctx;

        Job(String name, boolean reports, boolean failInReplay, AtomicReference<RunProgress> stopRun) {
            this.name = name;
            this.reports = reports;
            this.failInReplay = failInReplay;
            this.stopRun = stopRun;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void start(TrafficContext c) {
            ctx = c;
            boolean replay = c instanceof IdealContext;
            if (replay && failInReplay) {
                throw new IllegalStateException(name + ": replay failed");
            }
            if (replay && stopRun != null) {
                stopRun.get().requestStop(); // the run ends while this replay has endless work
            }
            c.wakeAt(0);
        }

        @Override
        public void onTimer(long nowPs) {
            if (ctx instanceof IdealContext ? stopRun != null : stopRun != null || nowPs < 10 * US) {
                ctx.wakeAt(nowPs + (ctx instanceof IdealContext ? 1 : US));
            }
        }

        @Override
        public boolean finished() {
            return stopRun == null;
        }

        @Override
        public List<JobIteration> jobIterations() {
            return reports ? List.of(new JobIteration(name, 0, "test", 1, 0, 0, 1_000, JobIteration.NO_BUSBW)) : List.of();
        }
    }

    /** A run of {@code jobs} (fresh ones from each factory call) on a 3-host star for 1 s. */
    static EngineInput input(List<ProgramFactory> jobs) {
        return new EngineInput(StarTopology.build(3, 100_000_000_000L, US), NicConfig.builder().mtu(1000).ackEvery(1).build(),
                SwitchSettings.defaults(), new Traffic(jobs), 1_000_000 * US, 1, List.of(),
                EngineInput.DEFAULT_CONVERGENCE_PS, false);
    }

    @Nested
    class Failures {
        @Test
        void aReportingJobsFailedReplayFailsTheRunAsAfterIt() {
            for (PacketEngine.IdealTiming t : List.of(PacketEngine.IdealTiming.AFTER, PacketEngine.IdealTiming.BESIDE)) {
                EngineInput in = input(List.of(() -> new Job("ok", true, false, null),
                        () -> new Job("bad", true, true, null)));
                IllegalStateException e = assertThrows(IllegalStateException.class,
                        () -> new PacketEngine(null, null, 2, t).run(in), t.name());
                assertEquals("bad: replay failed", e.getMessage(), t.name());
            }
        }

        @Test
        void aSilentJobsFailedReplayIsNotReplayedAfterTheRunAndDoesNotFailIt() {
            for (PacketEngine.IdealTiming t : List.of(PacketEngine.IdealTiming.AFTER, PacketEngine.IdealTiming.BESIDE)) {
                EngineInput in = input(List.of(() -> new Job("ok", true, false, null),
                        () -> new Job("quiet", false, true, null)));
                RunResult r = new PacketEngine(null, null, 2, t).run(in);
                assertEquals(List.of("ok"), r.ideals().stream().map(i -> i.job()).toList(), t.name());
            }
        }

        @Test
        void aStoppedRunLeavesNoReplayRunning() throws InterruptedException {
            AtomicReference<RunProgress> progress = new AtomicReference<>(new RunProgress());
            EngineInput in = input(List.of(() -> new Job("endless", true, false, progress)));
            assertThrows(RunInterruptedException.class,
                    () -> new PacketEngine(progress.get(), null, 2, PacketEngine.IdealTiming.BESIDE).run(in));
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (replayThreadAlive() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertFalse(replayThreadAlive(), "the replay beside the stopped run still runs");
        }

        private boolean replayThreadAlive() {
            return Thread.getAllStackTraces().keySet().stream()
                    .anyMatch(th -> th.getName().equals("lossless-ideal") && th.isAlive());
        }
    }

    @Nested
    class WhenBeside {
        @Test
        void aReplayThatGivesWayToATightHeapRunsAfterTheRunWithTheSameIdeals() {
            Scenario s = ScenarioLoader.parse("t.yaml", """
                    name: t
                    topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 4}
                    workloads:
                      - {type: allreduce, name: ar, size: 4MiB, hosts: "0-7", algorithm: ring, iterations: 20}
                    """, dir, List.of());
            EngineInput in = ScenarioEngine.input(s);
            IdealFct fct = new IdealFct(in.topology(), org.lossless.topology.Routes.shortestPaths(in.topology()),
                    in.nic().wire(), in.switches().latencyPs(), in.switches().cutsThrough());
            List<org.lossless.experiments.metrics.JobIdeal> after = IdealRun.of(in, fct, java.util.Set.of("ar"));
            IdealReplay tight = IdealReplay.start(in, fct, List.of(), true, 0.0); // any heap in use is too much
            assertEquals(after, tight.finish(java.util.Set.of("ar")));
            assertTrue(tight.deferred(), "gave way to the heap");
            IdealReplay roomy = IdealReplay.start(in, fct, List.of(), true, 1.0);
            assertEquals(after, roomy.finish(java.util.Set.of("ar")));
            assertFalse(roomy.deferred());
        }

        @Test
        void onlyWhenTheRunLeavesACoreFree() {
            assertTrue(new PacketEngine(null, null, 2, PacketEngine.IdealTiming.AUTO).besideRun(null));
            assertFalse(new PacketEngine(null, null, 1, PacketEngine.IdealTiming.AUTO).besideRun(null));
            assertTrue(new PacketEngine(null, null, 1, PacketEngine.IdealTiming.BESIDE).besideRun(null));
            assertFalse(new PacketEngine(null, null, 8, PacketEngine.IdealTiming.AFTER).besideRun(null));
        }

        @Test
        void theProgressSaysWhenTheResultsWaitForTheIdeal() {
            RunProgress withJob = new RunProgress();
            new PacketEngine(withJob, null, 1, PacketEngine.IdealTiming.AFTER)
                    .run(input(List.of(() -> new Job("j", true, false, null))));
            assertTrue(withJob.computingIdealNow(), "the ideal ran after the run");
            RunProgress silent = new RunProgress();
            new PacketEngine(silent, null, 1, PacketEngine.IdealTiming.AFTER)
                    .run(input(List.of(() -> new Job("j", false, false, null))));
            assertFalse(silent.computingIdealNow(), "no job reported: no ideal to wait for");
        }

        @Test
        void plainTrafficIsNoCandidate() {
            assertFalse(IdealReplay.reportsJobs(new TrafficProgram() {
                @Override
                public String name() {
                    return "plain";
                }

                @Override
                public void start(TrafficContext ctx) {
                }

                @Override
                public boolean finished() {
                    return true;
                }
            }));
            assertTrue(IdealReplay.reportsJobs(new Job("j", false, false, null)));
        }
    }
}
