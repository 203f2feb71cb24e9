package org.lossless.verbs.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.verbs.measure.CollTiming;
import org.lossless.verbs.measure.FioDirection;
import org.lossless.verbs.measure.Measurement;
import org.lossless.workloads.traffic.JobIteration;
import org.lossless.workloads.traffic.OperationStats;

/** The simulation's jobs as nccl-tests and fio would report them, and flows numbered as the plan numbers them. */
class SimulatedJobsTest {
    static final String SCENARIO = """
            name: mix
            topology: {type: star, hosts: 4, host_link: {rate: 100Gbps, delay: 1us}}
            workloads:
              - {type: allreduce, name: dp, size: 256KiB, hosts: all, iterations: 3, algorithm: ring, protocol: simple}
              - {type: nvmeof, name: st, initiators: [2], targets: [3], block_size: 4KiB, read_fraction: 1, ios: 100,
                 queue_depth: 4}
              - {type: flows, flows: [{src: 1, dst: 0, size: 1MB}]}
            """;

    @Test
    void jobsAndFlowsOfAMixedScenario() {
        Scenario s = ScenarioLoader.parse("s.yaml", SCENARIO, Path.of("."), List.of());
        RunResult r = new ScenarioEngine().run(s);
        Map<Integer, String> names = Map.of(0, "a", 1, "b", 2, "c", 3, "d");
        Measurement m = ReplayCompare.simulate(s, new ScenarioEngine(), new ReplayCompare.Naming(names, Set.of()));
        assertTrue(m.errors().isEmpty(), m.errors().toString());

        // the flows workload comes after two jobs that posted messages first: it is still flow 0 of the plan
        assertEquals(1, m.flows().size(), "only the replayed workload's flows, not the jobs' messages");
        assertEquals(0L, m.flows().get(0).flowId());
        assertEquals(1_000_000L, m.flows().get(0).samples().get(0).sizeBytes());

        // nccl-tests times calls after warm-ups: the mean of calls 1 and 2, the first left out
        List<JobIteration> its = r.jobs().stream().filter(j -> j.job().equals("dp")).toList();
        assertEquals(3, its.size());
        double meanUs = (its.get(1).durationPs() + its.get(2).durationPs()) / 2.0 / 1e6;
        CollTiming t = m.collectives().get(0).rows().get(0).outOfPlace();
        assertEquals(262_144L, m.collectives().get(0).rows().get(0).sizeBytes());
        assertEquals(meanUs, t.timeUs(), 1e-9);
        assertEquals(262_144 / (meanUs * 1e-6) / 1e9 * 2 * 3 / 4.0, t.busbwGBps(), 1e-9);
        assertTrue(t.busbwGBps() < 12.5, "below the 100 Gb/s line rate: " + t.busbwGBps());

        // fio's view of the storage job: figures over the job's window, latencies in ns
        OperationStats o = r.operations().stream().filter(x -> x.job().equals("st") && x.operation().equals("read"))
                .findFirst().orElseThrow();
        FioDirection read = m.storage().get(0).read();
        assertNull(m.storage().get(0).write());
        assertEquals(100, o.completed());
        assertEquals(100 * 4096L, read.ioBytes());
        assertEquals(100 / (o.windowPs() * 1e-12), read.iops(), 1e-6 * read.iops());
        assertEquals(o.p99Ps() / 1000, read.latPercentilesNs().get("99.000000"));
        Map<String, Double> metrics = MetricSet.of(m);
        assertEquals(read.bwBytesPerSecond() / 1e9, metrics.get("job/st/read/bw_GBps"), 1e-12);
        assertEquals(o.p50Ps() / 1e6, metrics.get("job/st/read/lat_p50_us"), 1e-3);
        assertEquals(t.busbwGBps(), metrics.get("job/dp/size/262144/busbw_GBps"), 1e-12);
    }
}
