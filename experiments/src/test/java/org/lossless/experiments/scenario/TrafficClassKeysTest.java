package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import org.junit.jupiter.api.Test;
import org.lossless.nic.NicConfig;

/** The traffic-class keys: a workload's {@code dscp}, {@code nic.ack_dscp} and {@code nic.cnp_dscp}. */
class TrafficClassKeysTest {
    private static final String HEAD = """
            name: tiny
            topology: {type: star, hosts: 3}
            workloads:
              - type: flows
                flows:
            """;

    private static WorkloadConfig.FlowSpec flow(Scenario s, int i) {
        return ((WorkloadConfig.Flows) s.workloads().get(0)).flows().get(i);
    }

    @Test
    void aFlowsDscpDefaultsToTheClassSelectorOfItsPriority() {
        Scenario s = parse(HEAD + """
                      - {src: 1, dst: 0, size: 1MB}
                      - {src: 1, dst: 0, size: 1MB, priority: 5}
                      - {src: 2, dst: 0, size: 1MB, priority: 3, dscp: 26}
                """);
        assertEquals(24, flow(s, 0).dscp(), "priority 3 (the first lossless priority) -> CS3");
        assertEquals(40, flow(s, 1).dscp());
        assertEquals(26, flow(s, 2).dscp());
        assertEquals(s, parse(ResolvedYaml.write(s)), "the resolved file reloads to the same scenario");
    }

    @Test
    void aDscpOutOfRangeNamesItsKey() {
        assertEquals("t.yaml: workloads[0].flows[0].dscp: 64 is out of range: expected an integer from 0 to 63",
                error(HEAD + "      - {src: 1, dst: 0, size: 1MB, dscp: 64}\n"));
        String typo = error(HEAD + "      - {src: 1, dst: 0, size: 1MB, dcsp: 26}\n");
        assertTrue(typo.startsWith("t.yaml: workloads[0].flows[0].dcsp: unknown key")
                && typo.endsWith("(allowed here: src, dst, size, start, priority, dscp, qps, connection, depends_on, delay)"), typo);
    }

    @Test
    void nicAckAndCnpDscps() {
        NicConfig dflt = parse(MINIMAL).nic();
        assertEquals(NicConfig.SAME_AS_DATA, dflt.ackDscp(), "ACKs carry the data's DSCP by default");
        assertEquals(48, dflt.cnpDscp(), "CS6 for the default CNP priority 6");
        NicConfig n = parse(MINIMAL + "nic: {ack_priority: 7, cnp_priority: 5}\n").nic();
        assertEquals(56, n.ackDscp());
        assertEquals(40, n.cnpDscp());
        NicConfig set = parse(MINIMAL + "nic: {ack_dscp: 46, cnp_dscp: 48, cnp_priority: 6}\n").nic();
        assertEquals(46, set.ackDscp());
        assertEquals(48, set.cnpDscp());
        assertEquals(NicConfig.SAME_AS_DATA, parse(MINIMAL + "nic: {ack_priority: 7, ack_dscp: data}\n").nic().ackDscp());
        assertEquals("t.yaml: nic.ack_dscp: expected a DSCP from 0 to 63, or data (the data packet's DSCP), got the "
                + "number 64", error(MINIMAL + "nic: {ack_dscp: 64}\n"));
        String yaml = ResolvedYaml.write(parse(MINIMAL + "nic: {ack_dscp: 46, cnp_dscp: 10}\n"));
        assertTrue(yaml.contains("  ack_dscp: 46\n") && yaml.contains("  cnp_dscp: 10\n"), yaml);
    }
}
