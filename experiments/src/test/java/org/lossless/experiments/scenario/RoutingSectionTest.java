package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.ScenarioException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;

/** The {@code routing} and {@code failures} sections: reading, errors, resolved output and a run. */
class RoutingSectionTest {
    private static final String BASE = """
            name: fail
            topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2, host_link: {rate: 100Gbps, delay: 1us}}
            workloads:
              - type: flows
                flows: [{src: 0, dst: 2, size: 2MB}, {src: 1, dst: 3, size: 2MB}, {src: 2, dst: 0, size: 2MB}]
            """;

    private static Scenario parse(String extra) {
        return ScenarioLoader.parse("s.yaml", BASE + extra, Path.of("/tmp"), List.of());
    }

    @Test
    void defaultsAreEcmpWithOneMillisecondConvergenceAndNoFailures() {
        Scenario s = parse("");
        assertEquals(RoutingConfig.DEFAULT, s.routing());
        assertEquals(List.of(), s.failures());
    }

    @Test
    void failuresAreReadAndWrittenBackResolved() {
        Scenario s = parse("""
                routing: {mode: spray, convergence: 50us}
                failures:
                  - {link: [leaf0, spine0], at: 40us}
                  - {switch: spine1, at: 100us, up: 300us}
                """);
        assertEquals(new RoutingConfig(RoutingConfig.Mode.SPRAY, 50_000_000L), s.routing());
        assertEquals(List.of(new RoutingConfig.Failure(List.of("leaf0", "spine0"), null, 40_000_000L, -1),
                new RoutingConfig.Failure(List.of(), "spine1", 100_000_000L, 300_000_000L)), s.failures());
        String resolved = ResolvedYaml.write(s);
        Scenario again = ScenarioLoader.parse("r.yaml", resolved, Path.of("/tmp"), List.of());
        assertEquals(s.routing(), again.routing());
        assertEquals(s.failures(), again.failures());
    }

    @Test
    void aLinkFailureMidRunIsSurvivedThroughTheTransport() {
        Scenario s = parse("""
                routing: {convergence: 20us}
                failures: [{link: [leaf0, spine0], at: 30us}, {link: [leaf1, spine0], at: 30us}]
                """);
        RunResult r = new ScenarioEngine().run(s);
        assertTrue(r.flows().stream().allMatch(FlowResult::finished), r.flows().toString());
    }

    @Test
    void badFailuresNameTheKeyPath() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> parse("failures: [{link: [leaf0, spine7], at: 1us}]"));
        assertTrue(e.getMessage().contains("failures[0].link[1]") && e.getMessage().contains("no node named 'spine7'"),
                e.getMessage());
        e = assertThrows(ScenarioException.class, () -> parse("failures: [{link: [leaf0, leaf1], at: 1us}]"));
        assertTrue(e.getMessage().contains("no link between leaf0 and leaf1"), e.getMessage());
        e = assertThrows(ScenarioException.class, () -> parse("failures: [{switch: h0, at: 1us}]"));
        assertTrue(e.getMessage().contains("is a host"), e.getMessage());
        e = assertThrows(ScenarioException.class, () -> parse("failures: [{switch: spine0, at: 5us, up: 1us}]"));
        assertTrue(e.getMessage().contains("failures[0].up"), e.getMessage());
        e = assertThrows(ScenarioException.class, () -> parse("routing: {mode: flowlet}"));
        assertTrue(e.getMessage().contains("routing.mode"), e.getMessage());
    }
}
