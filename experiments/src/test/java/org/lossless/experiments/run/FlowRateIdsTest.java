package org.lossless.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/** {@code telemetry.flow_rates} ids of generated workloads, checked against what the run posted. */
class FlowRateIdsTest {
    /**
     * A 2-rank ring all-reduce of 64 KiB, one channel, Simple: per rank one chunk of 32 KiB, two steps of two slices
     * (the second empty below 64 KiB: not on the wire), so 4 data messages, and a clear-to-send for each: 8 messages,
     * flow ids 0 to 7.
     */
    @Test
    void idsTheRunNeverPostedAreNamedWithWhatItDidPost() {
        Scenario s = ScenarioLoader.parse("t.yaml", "name: c\ntopology: {type: star, hosts: 2}\nworkloads:\n"
                + "  - {type: allreduce, size: 64KiB, algorithm: ring, protocol: simple, channels: 1}\n"
                + "telemetry: {flow_rates: [0, 7, 8, 1000000]}\n", Path.of("."), List.of());
        RunResult r = new ScenarioEngine().run(s);
        assertEquals(8, r.flows().size());
        assertEquals(List.of("telemetry.flow_rates: flows 8, 1000000 were never posted: the run's workloads posted 8 "
                + "messages (flow ids 0 to 7), so timeseries/rates.csv has no rows for them; take ids from a previous "
                + "run's flows.csv"), FlowRateIds.unposted(s, r));
    }

    @Test
    void nothingToSayWhenEveryIdWasPostedOrAllOrNoneWereAskedFor() {
        String base = "name: c\ntopology: {type: star, hosts: 2}\nworkloads:\n"
                + "  - {type: allreduce, size: 64KiB, algorithm: ring, protocol: simple, channels: 1}\n";
        for (String rates : List.of("[0, 7]", "all", "none")) {
            Scenario s = ScenarioLoader.parse("t.yaml", base + "telemetry: {flow_rates: " + rates + "}\n", Path.of("."),
                    List.of());
            assertEquals(List.of(), FlowRateIds.unposted(s, new ScenarioEngine().run(s)), rates);
        }
    }
}
