package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import org.junit.jupiter.api.Test;

/** A workload's {@code transport}: the same as nic.transport is accepted, another is refused with exit 2. */
class WorkloadTransportTest {
    private static final String TWO = """
            name: tiny
            topology: {type: star, hosts: 3}
            %s
            workloads:
              - type: flows
                name: training
                transport: %s
                flows: [{src: 1, dst: 0, size: 1MB}]
              - type: flows
                name: storage
                flows: [{src: 2, dst: 0, size: 1MB}]
            """;

    @Test
    void theNicsTransportIsAccepted() {
        Scenario uet = parse(TWO.formatted("nic: {transport: uet}", "uet"));
        assertEquals("uet", uet.nic().uet().transport());
        // the key only states the intent: the scenario is the one without it
        assertEquals(parse(TWO.formatted("nic: {transport: uet}", "uet").replace("    transport: uet\n", "")), uet);
        assertEquals("rocev2", parse(TWO.formatted("", "rocev2")).nic().uet().transport());
    }

    @Test
    void aMixIsRefusedNamingTheWorkloadsKey() {
        assertEquals("t.yaml: workloads[0].transport: 'uet' differs from nic.transport rocev2: a run has one"
                + " transport for now (workloads cannot choose theirs yet); set nic.transport: uet, or compare both"
                + " with lossless sweep --vary nic.transport=rocev2,uet", error(TWO.formatted("", "uet")));
        assertEquals(true, error(TWO.formatted("", "tcp")).startsWith("t.yaml: workloads[0].transport: "));
    }
}
