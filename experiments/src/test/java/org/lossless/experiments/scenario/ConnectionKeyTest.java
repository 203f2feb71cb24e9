package org.lossless.experiments.scenario;

import org.lossless.workloads.spec.WorkloadConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;

/** {@code connection} in a flow list: flows naming one connection share its persistent QPs. */
class ConnectionKeyTest {
    static final String HEAD = """
            name: conn
            topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
            nic: {mtu: 1000}
            workloads:
              - type: flows
                flows:
            """;

    @Test
    void readWrittenAndRoundTripped() {
        Scenario s = parse(HEAD + """
                      - {src: 1, dst: 0, size: 3000, connection: a}
                      - {src: 1, dst: 0, size: 3000, connection: a}
                      - {src: 2, dst: 0, size: 3000}
                """);
        List<WorkloadConfig.FlowSpec> f = ((WorkloadConfig.Flows) s.workloads().get(0)).flows();
        assertEquals("a", f.get(0).connection());
        assertNull(f.get(2).connection());
        String yaml = ResolvedYaml.write(s);
        assertTrue(yaml.contains("connection: a"), yaml);
        assertEquals(s, parse(yaml));
    }

    @Test
    void flowsOnOneConnectionMustAgreeAndBeInStartOrder() {
        assertEquals("t.yaml: workloads[0].flows[1].connection: connection 'a' runs from host 1 to host 0 (an earlier "
                + "flow); this flow goes 2 -> 0: use another connection name", error(HEAD + """
                      - {src: 1, dst: 0, size: 3000, connection: a}
                      - {src: 2, dst: 0, size: 3000, connection: a}
                """));
        assertEquals("t.yaml: workloads[0].flows[1].connection: connection 'a' has priority 3, dscp 24 and qps 1 (an "
                + "earlier flow); a flow on it must use the same", error(HEAD + """
                      - {src: 1, dst: 0, size: 3000, connection: a}
                      - {src: 1, dst: 0, size: 3000, connection: a, qps: 2}
                """));
        assertEquals("t.yaml: workloads[0].flows[1].connection: connection 'a' has priority 3, dscp 24 and qps 1 (an "
                + "earlier flow); a flow on it must use the same", error(HEAD + """
                      - {src: 1, dst: 0, size: 3000, connection: a}
                      - {src: 1, dst: 0, size: 3000, connection: a, dscp: 26}
                """));
        assertEquals("t.yaml: workloads[0].flows[1].start: flows on connection 'a' are sent in list order: this one "
                + "must not start before the flow listed before it on that connection (5us)", error(HEAD + """
                      - {src: 1, dst: 0, size: 3000, start: 5us, connection: a}
                      - {src: 1, dst: 0, size: 3000, start: 1us, connection: a}
                """));
        assertTrue(error(HEAD + """
                      - {src: 1, dst: 0, size: 3000, connection: "a b"}
                """).startsWith("t.yaml: workloads[0].flows[0].connection: 'a b' is not a valid connection name"));
    }

    @Test
    void flowsOnOneConnectionAreSentOneAfterTheOther() {
        RunResult r = new ScenarioEngine().run(parse(HEAD + """
                      - {src: 1, dst: 0, size: 3000, connection: a}
                      - {src: 1, dst: 0, size: 3000, connection: a}
                      - {src: 2, dst: 1, size: 1000}
                """));
        // one QP: flow 0's packets (1098, 1082, 1082 B on the wire) then flow 1's, back to back from h1; the
        // switch forwards each when it has arrived and its port is free. Flow 0 reaches h0 at 2,348,800 ps,
        // flow 1 at 2,609,760 ps (on two connections the NIC would interleave them and both end later)
        List<FlowResult> f = r.flows();
        assertEquals(2_348_800L, f.get(0).finishPs());
        assertEquals(2_609_760L, f.get(1).finishPs());
        assertEquals(0, f.get(0).label().connection());
        assertEquals(0, f.get(1).label().connection());
        assertEquals(1, f.get(2).label().connection());
    }
}
