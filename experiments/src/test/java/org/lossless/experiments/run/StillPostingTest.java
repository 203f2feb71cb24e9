package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * A run that its stop time cuts before a workload has posted everything is truncated, even when every message posted
 * so far has finished: a CDF workload draws arrivals for 300 us; cut at 150 us it had more to post.
 */
class StillPostingTest {
    private static RunResult run(String stop) {
        String text = "name: c\nseed: 88\nstop_time: " + stop + "\n"
                + "topology: {type: fat-tree, k: 4, host_link: {rate: 100Gbps, delay: 1us}, "
                + "fabric_link: {rate: 100Gbps, delay: 1us}}\nnic: {mtu: 1024}\nworkloads:\n"
                + "  - {name: w0, type: cdf, distribution: websearch, load: 0.4, hosts: '0-15', duration: 300us}\n";
        return new ScenarioEngine().run(ScenarioLoader.parse("c.yaml", text, Path.of("."), List.of()));
    }

    @Test
    void cutBeforeTheLastArrivalIsTruncatedAndNamesTheWorkload() {
        RunResult r = run("150us");
        assertTrue(r.flows().stream().allMatch(FlowResult::finished), "what was posted by then finished");
        assertEquals(List.of("w0"), r.postingLeft());
        assertEquals(RunResult.StoppedBy.STOP_TIME, r.stoppedBy());
    }

    @Test
    void runToItsEndItIsDone() {
        RunResult r = run("5ms");
        assertEquals(List.of(), r.postingLeft());
        assertEquals(RunResult.StoppedBy.DONE, r.stoppedBy());
    }
}
