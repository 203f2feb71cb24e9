package org.lossless.experiments.scenario;

import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.yaml.ScenarioException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class DependentFlowsTest {
    private static final String BASE = """
            name: dag
            topology: {type: star, hosts: 3}
            workloads:
              - type: flows
                flows:
                  - {src: 0, dst: 1, size: 1MB, connection: a}
                  - {src: 1, dst: 2, size: 1MB, depends_on: [0], delay: 3us}
            """;

    private static Scenario parse(String yaml) {
        return ScenarioLoader.parse("t.yaml", yaml, Path.of("/base"), List.of());
    }

    private static String error(String yaml) {
        return assertThrows(ScenarioException.class, () -> parse(yaml)).getMessage();
    }

    @Test
    void dependenciesAndDelayAreReadAndWrittenBack() {
        Scenario s = parse(BASE);
        WorkloadConfig.FlowSpec f = ((WorkloadConfig.Flows) s.workloads().get(0)).flows().get(1);
        assertEquals(List.of(0), f.dependsOn());
        assertEquals(3_000_000, f.delayPs());
        assertEquals(s, parse(ResolvedYaml.write(s)));
    }

    @Test
    void badDependencies() {
        assertEquals("t.yaml: workloads[0].flows[1].depends_on[0]: flow 1 is not listed before this one: depends_on "
                + "names earlier flows of this workload by position (0 to 0)", error(BASE.replace("[0]", "[1]")));
        assertEquals("t.yaml: workloads[0].flows[1].depends_on[1]: flow 0 is listed twice",
                error(BASE.replace("[0]", "[0, 0]")));
        assertEquals("t.yaml: workloads[0].flows[0].delay: applies only to a flow with depends_on: it is the wait after "
                + "the last of them is delivered", error(BASE.replace("connection: a}", "connection: a, delay: 1us}")));
    }
}
