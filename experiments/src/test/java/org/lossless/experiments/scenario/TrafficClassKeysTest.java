package org.lossless.experiments.scenario;

import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.spec.ProgramWorkload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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

    /**
     * {@code priority} and {@code dscp} on every job type that is not a flow list: the default DSCP is the class
     * selector of the priority (8 x 5 = 40 for priority 5, 24 for the default priority 3), a given DSCP is kept, the
     * resolved file writes it and reloads to the same scenario, and a bad one names its key path.
     */
    @Nested
    class EveryJobType {
        private static final String STAR = """
                name: jobs
                topology: {type: star, hosts: 6}
                workloads:
                """;

        private static String job(String type) {
            return switch (type) {
                case "nvmeof" -> "{type: nvmeof, initiators: [1, 2], targets: [0], ios: 4";
                case "replication" -> "{type: replication, clients: [4], osds: \"0-2\", writes: 2";
                case "checkpoint" -> "{type: checkpoint, servers: [0], size: 1MB";
                case "cdf" -> "{type: cdf, distribution: websearch, load: 0.3, duration: 1ms";
                case "incast" -> "{type: incast, receiver: 0, senders: \"1-3\", size: 1MB";
                case "permutation" -> "{type: permutation, size: 1MB";
                case "allreduce" -> "{type: allreduce, size: 8MB, hosts: \"0-3\"";
                default -> throw new IllegalArgumentException(type);
            };
        }

        private static WorkloadConfig.Marking marking(Scenario s) {
            WorkloadConfig w = s.workloads().get(0);
            return w instanceof WorkloadConfig.Collective c ? c.marking() : ((ProgramWorkload) w).marking();
        }

        @ParameterizedTest
        @ValueSource(strings = {"nvmeof", "replication", "checkpoint", "cdf", "incast", "permutation", "allreduce"})
        void dscpDefaultsToTheClassSelectorAndIsKept(String type) {
            assertEquals(24, marking(parse(STAR + "  - " + job(type) + "}\n")).dscp(), type + ": CS3 for priority 3");
            assertEquals(40, marking(parse(STAR + "  - " + job(type) + ", priority: 5}\n")).dscp(), type + ": CS5");
            Scenario s = parse(STAR + "  - " + job(type) + ", priority: 0, dscp: 10}\n");
            assertEquals(new WorkloadConfig.Marking(0, 10, marking(s).sender()), marking(s));
            String yaml = ResolvedYaml.write(s);
            assertTrue(yaml.contains("  priority: 0\n") && yaml.contains("  dscp: 10\n"), yaml);
            assertEquals(s, parse(yaml), type + ": the resolved file reloads to the same scenario");
            assertEquals("t.yaml: workloads[0].dscp: 64 is out of range: expected an integer from 0 to 63",
                    error(STAR + "  - " + job(type) + ", dscp: 64}\n"), type);
        }

        @Test
        void theMarkedSenderIsTheFirstOfTheJobsSenders() {
            assertEquals(1, marking(parse(STAR + "  - " + job("nvmeof") + "}\n")).sender(), "first initiator");
            assertEquals(4, marking(parse(STAR + "  - " + job("replication") + "}\n")).sender(), "the client");
            assertEquals(1, marking(parse(STAR + "  - " + job("checkpoint") + "}\n")).sender(), "first non-server");
            assertEquals(1, marking(parse(STAR + "  - " + job("incast") + "}\n")).sender(), "first sender");
        }
    }
}
