package org.lossless.experiments.scenario;

import org.lossless.core.net.MessageSize;
import org.lossless.workloads.spec.WorkloadConfig;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

class OverridesTest {
    private static List<WorkloadConfig.FlowSpec> flows(Scenario s) {
        return ((WorkloadConfig.Flows) s.workloads().get(0)).flows();
    }

    @Nested
    class Applied {
        @Test
        void scalarInAnExistingSection() {
            Scenario s = parse(MINIMAL + "switch: {ecn: {kmin: 5KB}}\n", "switch.ecn.kmin=100KB");
            assertEquals(100_000L, s.switchSettings().ecn().kmin());
        }

        @Test
        void missingSectionsAreCreated() {
            Scenario s = parse(MINIMAL, "nic.dcqcn.alpha_gain=1/256", "switch.ecn.kmin=5KB", "switch.ecn.kmax=200KB");
            assertEquals(1.0 / 256, s.nic().dcqcn().alphaGain(), 0.0);
            assertEquals(5_000L, s.switchSettings().ecn().kmin());
            assertEquals(200_000L, s.switchSettings().ecn().kmax());
        }

        @Test
        void listIndexes() {
            Scenario s = parse(MINIMAL, "workloads[0].flows[0].size=4MB", "workloads[0].flows[0].start=2.5ms");
            assertEquals(new WorkloadConfig.FlowSpec(1, 0, MessageSize.of(4_000_000), 2_500_000_000L, 3),
                    flows(s).get(0));
        }

        @Test
        void indexJustPastTheEndAppends() {
            Scenario s = parse(MINIMAL, "workloads[0].flows[1]={src: 2, dst: 0, size: 1KB}");
            assertEquals(new WorkloadConfig.FlowSpec(2, 0, MessageSize.of(1_000), 0, 3), flows(s).get(1));
        }

        @Test
        void yamlValues() {
            Scenario s = parse(MINIMAL, "switch.pfc.priorities=[4, 3]", "switch.pfc.enabled=false", "seed=42",
                    "topology.host_link={rate: 25Gbps, length: 2m}");
            assertEquals(List.of(3, 4), s.switchSettings().pfc().priorities());
            assertEquals(false, s.switchSettings().pfc().enabled());
            assertEquals(42, s.seed());
            assertEquals(new LinkConfig(25_000_000_000L, 10_000, 2_000), s.topology().hostLink());
        }

        @Test
        void nullRestoresTheDefault() {
            assertEquals(1, parse(MINIMAL + "seed: 9\n", "seed=null").seed());
        }

        @Test
        void laterOverridesWin() {
            assertEquals(3, parse(MINIMAL, "seed=2", "seed=3").seed());
        }
    }

    @Nested
    class Errors {
        @Test
        void notKeyValue() {
            assertEquals("--set seed: expected KEY=VALUE, e.g. switch.ecn.kmin=100KB", error(MINIMAL, "seed"));
            assertEquals("--set =3: the key is empty; expected KEY=VALUE, e.g. switch.ecn.kmin=100KB", error(MINIMAL, "=3"));
            assertEquals("--set seed=: the value is empty (write null to remove a key and get its default)",
                    error(MINIMAL, "seed="));
        }

        @Test
        void malformedKeys() {
            assertEquals("--set switch..ecn=1: malformed key 'switch..ecn' at position 8: expected a name, e.g. "
                    + "switch.ecn.kmin or workloads[0].flows[1].size", error(MINIMAL, "switch..ecn=1"));
            assertEquals("--set workloads[x].size=1: malformed key 'workloads[x].size': a list index must be a number in "
                    + "brackets, e.g. workloads[0]", error(MINIMAL, "workloads[x].size=1"));
            assertEquals("--set switch.=1: malformed key 'switch.' at position 7: expected '.', '[' or the end, e.g. "
                    + "switch.ecn.kmin or workloads[0].flows[1].size", error(MINIMAL, "switch.=1"));
        }

        @Test
        void indexOutOfRange() {
            assertEquals("--set workloads[3].name=x: index 3 is out of range: 'workloads' has 1 entry (use index 1 to add one)",
                    error(MINIMAL, "workloads[3].name=x"));
        }

        @Test
        void throughAScalarOrAMapping() {
            assertEquals("--set name.x=1: 'name' is 'tiny', not a mapping", error(MINIMAL, "name.x=1"));
            assertEquals("--set topology[0]=1: 'topology' is a mapping, not a list", error(MINIMAL, "topology[0]=1"));
        }

        @Test
        void validationErrorsNameTheOverride() {
            assertEquals("t.yaml: switch.ecn.kmin (from --set switch.ecn.kmin=10 Gbps): '10 Gbps' is not a size: expected "
                    + "a number followed by B, KB, MB, GB, KiB, MiB or GiB, e.g. 32MB (a bare integer means bytes)",
                    error(MINIMAL, "switch.ecn.kmin=10 Gbps"));
            assertEquals("t.yaml: switch.ecn.kminn (from --set switch.ecn.kminn=5KB): unknown key; did you mean 'kmin'? "
                    + "(allowed here: enabled, kmin, kmax, pmax, mark_on, by_rate)", error(MINIMAL, "switch.ecn.kminn=5KB"));
            assertEquals("t.yaml: workloads[0].flows[0].dst (from --set workloads[0].flows[0].dst=7): host 7 does not "
                    + "exist: the star topology has 3 hosts, numbered 0 to 2", error(MINIMAL, "workloads[0].flows[0].dst=7"));
        }

        @Test
        void anErrorOnAnEnclosingKeyStillNamesTheOverride() {
            assertEquals("t.yaml: switch.pfc (from --set switch.pfc.static_th=1MB): give either dynamic_th or static_th, not both",
                    error(MINIMAL + "switch: {pfc: {dynamic_th: -3}}\n", "switch.pfc.static_th=1MB"));
        }

        @Test
        void errorsElsewhereDoNotBlameTheOverride() {
            assertEquals("t.yaml: stop_time: '5' is not a time: a unit is required (ps, ns, us, ms or s), e.g. 10us; "
                    + "only 0 may be written without one", error(MINIMAL + "stop_time: 5\n", "seed=2"));
        }
    }
}
