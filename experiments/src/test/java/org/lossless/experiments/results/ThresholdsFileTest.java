package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.PortResult;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * thresholds.csv: a star of 3 hosts, ECN 100 KB / 400 KB, PFC on priority 3 with a static threshold of 200 KB and
 * MTU 1000. By hand (docs/switch.md, "PFC before ECN"): a data frame is 1,062 B on the wire; the priority group's
 * shared part takes 188 frames (199,656 B) within 200,000 B and the 189th goes over, so the XOFF is asked with
 * 189 × 1,062 = 200,718 B queued at the egress.
 */
class ThresholdsFileTest {
    static final String YAML = """
            name: t
            topology: {type: star, hosts: 3, host_link: {rate: 100Gbps, delay: 1us}}
            switch:
              buffer_size: 4MB
              pfc: {enabled: true, priorities: [3], static_th: 200KB, headroom: 100KB}
              ecn: {enabled: true, kmin: 100KB, kmax: 400KB, pmax: 0.2}
            nic: {mtu: 1000, cc: dcqcn}
            workloads:
              - type: flows
                flows: [{src: 1, dst: 0, size: 1000}]
            """;

    static PortResult port(String node, int port, int priority) {
        return new PortResult(node, port, "x", priority, 100_000_000_000L, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void oneRowPerSwitchQueueWithEcnAndTheOneIngressXoff() {
        Scenario s = ScenarioLoader.parse("t.yaml", YAML, Path.of("."), List.of());
        String csv = ThresholdsFile.csv(s, s.topology().build(), List.of(port("h1", 0, 3), port("sw0", 0, 3),
                port("sw0", 0, 6), port("sw0", 2, 3)));
        assertEquals("""
                node,port,priority,rate_bps,ecn_kmin_bytes,ecn_kmax_bytes,xoff_bytes
                sw0,0,3,100000000000,100000,400000,200718
                sw0,0,6,100000000000,100000,400000,
                sw0,2,3,100000000000,100000,400000,200718
                """, csv, "hosts have no row; priority 6 is not lossless: no XOFF");
    }

    @Test
    void withoutEcnTheKColumnsAreEmpty() {
        Scenario s = ScenarioLoader.parse("t.yaml", YAML.replace("ecn: {enabled: true,", "ecn: {enabled: false,"),
                Path.of("."), List.of());
        assertEquals(ThresholdsFile.HEADER + "\nsw0,1,3,100000000000,,,200718\n",
                ThresholdsFile.csv(s, s.topology().build(), List.of(port("sw0", 1, 3))));
    }
}
