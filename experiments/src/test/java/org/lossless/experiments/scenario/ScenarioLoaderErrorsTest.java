package org.lossless.experiments.scenario;

import org.lossless.workloads.spec.WorkloadConfig;
import org.lossless.workloads.yaml.ScenarioException;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.lossless.nic.NicConfig;
import org.lossless.nic.dcqcn.CnpMode;
import org.lossless.nic.dcqcn.DcqcnParams;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;

import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scenario errors: each names the file, the key path (or line) and the problem ({@link ScenarioLoaderTest}'s helpers). */
class ScenarioLoaderErrorsTest {
    @Test
    void malformedYamlNamesTheLine() {
        assertEquals("t.yaml:3:10: malformed YAML: expected ',' or '}', but got : (while parsing a flow mapping "
                + "that starts at line 2)", error("name: x\ntopology: {type: star\nworkloads: []\n"));
        String m = error("name: x\ntopology:\n\ttype: star\n");
        assertTrue(m.startsWith("t.yaml:3:1: malformed YAML: found character '\\t(TAB)'"), m);
        assertFalse(m.contains("\n"), m);
    }

    @Test
    void duplicateKeyIsAnError() {
        assertEquals("t.yaml:6:5: the key 'name' appears twice in the same mapping", error(MINIMAL + "name: again\n"));
    }

    @Test
    void emptyFile() {
        assertEquals("t.yaml: the scenario is empty: it needs at least name, topology and workloads", error(""));
    }

    @Test
    void notAMapping() {
        assertTrue(error("- a\n- b\n").startsWith("t.yaml: a scenario must be a mapping of keys (name, seed,"));
    }

    @Test
    void unknownKeyWithDidYouMean() {
        assertEquals("t.yaml: switch.ecn.kminn: unknown key; did you mean 'kmin'? (allowed here: enabled, kmin, kmax, "
                + "pmax, mark_on, by_rate)", error(MINIMAL + "switch: {ecn: {kminn: 5KB}}\n"));
        assertTrue(error(MINIMAL + "stoptime: 5ms\n").startsWith("t.yaml: stoptime: unknown key; did you mean 'stop_time'?"));
    }

    @Test
    void unknownKeyFarFromAnything() {
        assertEquals("t.yaml: telemetry.zzzzzzzz: unknown key (allowed here: sample_interval, queues, flow_rates, pfc, links)",
                error(MINIMAL + "telemetry: {zzzzzzzz: 1}\n"));
    }

    @Test
    void missingName() {
        assertTrue(error(MINIMAL.replace("name: tiny\n", "")).startsWith("t.yaml: name: is required"));
    }

    @Test
    void badNameCharacters() {
        assertEquals("t.yaml: name: 'my run' is not a valid name: use only letters, digits, '.', '_' and '-' "
                + "(not only dots), e.g. incast-8to1", error(MINIMAL.replace("name: tiny", "name: my run")));
        assertTrue(error(MINIMAL.replace("name: tiny", "name: ..")).contains("is not a valid name"));
    }

    @Test
    void badUnitNamesTheKeyPath() {
        assertEquals("t.yaml: topology.host_link.rate: '10 Gbps' is not a rate: expected a number followed by bps, "
                + "Kbps, Mbps, Gbps or Tbps, e.g. 100Gbps",
                error(MINIMAL.replace("hosts: 3}", "hosts: 3, host_link: {rate: 10 Gbps}}")));
    }

    @Test
    void bareNumberTime() {
        assertTrue(error(MINIMAL + "stop_time: 50\n").startsWith("t.yaml: stop_time: '50' is not a time: a unit is required"));
    }

    @Test
    void negativeSize() {
        assertEquals("t.yaml: workloads[0].flows[0].size: '-1MB' is not a valid size: it must not be negative",
                error(MINIMAL.replace("size: 1MB", "size: -1MB")));
    }

    @Test
    void unknownHostNamesTheKeyPath() {
        String yaml = MINIMAL.replace("[{src: 1, dst: 0, size: 1MB}]", "[{src: 1, dst: 0, size: 1MB}, {src: 2, dst: 3, size: 1MB}]");
        assertEquals("t.yaml: workloads[0].flows[1].dst: host 3 does not exist: the star topology has 3 hosts, "
                + "numbered 0 to 2", error(yaml));
    }

    @Test
    void sameSourceAndDestination() {
        assertTrue(error(MINIMAL.replace("dst: 0", "dst: 1")).startsWith(
                "t.yaml: workloads[0].flows[0].dst: a flow needs two different hosts"));
    }

    @Test
    void wrongType() {
        assertEquals("t.yaml: topology.hosts: expected an integer from 2 to 1000000, got 'many'",
                error(MINIMAL.replace("hosts: 3", "hosts: many")));
        assertEquals("t.yaml: switch.pfc.enabled: expected true or false, got 'sometimes'",
                error(MINIMAL + "switch: {pfc: {enabled: sometimes}}\n"));
        assertEquals("t.yaml: switch.buffer_size: expected a size such as 32MB, got a list",
                error(MINIMAL + "switch: {buffer_size: [1]}\n"));
    }

    @Test
    void unknownTopologyType() {
        assertEquals("t.yaml: topology.type: unknown topology type 'fat-tre'; did you mean 'fat-tree'? (supported: "
                + "star, dumbbell, parking-lot, ring, leaf-spine, fat-tree, rail-optimized, hpcc-file)",
                error(MINIMAL.replace("type: star", "type: fat-tre")));
    }

    @Test
    void unsupportedWorkloadType() {
        assertEquals("t.yaml: workloads[1].type: unknown workload type 'allreduse'; did you mean 'allreduce'? "
                + "(supported: flows, hpcc-flows, allreduce, allgather, reducescatter, alltoall, broadcast, nvmeof, replication, checkpoint, cdf, incast, permutation, training, chakra, simai)",
                error(MINIMAL + "  - {type: allreduse, size: 1MB}\n"));
    }

    @Test
    void choicesListWhatIsAllowed() {
        assertEquals("t.yaml: nic.cc: 'dcqnc' is not allowed; did you mean 'dcqcn'? (allowed: "
                + String.join(", ", org.lossless.nic.CcAlgorithms.NAMES) + ")", error(MINIMAL + "nic: {cc: dcqnc}\n"));
        assertEquals("t.yaml: nic.dcqcn.profile: 'mlx' is not allowed; did you mean 'mlx5'? (allowed: paper2015, "
                + "mlx5, hpcc2019)", error(MINIMAL + "nic: {dcqcn: {profile: mlx}}\n"));
    }

    @Test
    void ecnThresholdsOutOfOrder() {
        assertEquals("t.yaml: switch.ecn.kmax: kmax (100KB) must be >= kmin (400KB)",
                error(MINIMAL + "switch: {ecn: {kmax: 100KB}}\n"));
        assertEquals("t.yaml: switch.ecn.pmax: '1.5' is not a fraction: it must be between 0 and 1",
                error(MINIMAL + "switch: {ecn: {pmax: 1.5}}\n"));
    }

    @Test
    void pfcConflictsAndRanges() {
        assertEquals("t.yaml: switch.pfc: give either dynamic_th or static_th, not both",
                error(MINIMAL + "switch: {pfc: {dynamic_th: -3, static_th: 1MB}}\n"));
        assertEquals("t.yaml: switch.pfc.priorities[1]: 8 is out of range: expected an integer from 0 to 7",
                error(MINIMAL + "switch: {pfc: {priorities: [3, 8]}}\n"));
        assertEquals("t.yaml: switch.pfc.priorities[1]: priority 3 is listed twice",
                error(MINIMAL + "switch: {pfc: {priorities: [3, 3]}}\n"));
    }

    @Test
    void mtuRange() {
        assertTrue(error(MINIMAL + "nic: {mtu: 10KB}\n").startsWith("t.yaml: nic.mtu: 10KB is out of range"));
    }

    @Test
    void workloadsAreRequiredAndNonEmpty() {
        assertTrue(error("name: a\ntopology: {type: star, hosts: 2}\n").startsWith("t.yaml: workloads: is required"));
        assertEquals("t.yaml: workloads: needs at least one workload",
                error("name: a\ntopology: {type: star, hosts: 2}\nworkloads: []\n"));
    }

    @Test
    void telemetrySelections() {
        assertEquals("t.yaml: telemetry.queues[0]: 'sw0' is not a queue: expected \"switch:port\" such as sw0:0",
                error(MINIMAL + "telemetry: {queues: [sw0]}\n"));
        assertEquals("t.yaml: telemetry.flow_rates[0]: flow 5 does not exist: the workloads define 1 flows, numbered 0 to 0",
                error(MINIMAL + "telemetry: {flow_rates: [5]}\n"));
        // generated workloads number their messages as the run posts them: any id is taken (FlowRateIds warns
        // after the run about those never posted)
        Scenario collective = parse("name: c\ntopology: {type: star, hosts: 4}\nworkloads:\n"
                + "  - {type: allreduce, size: 1MB}\ntelemetry: {flow_rates: [3, 1000000]}\n");
        assertEquals(List.of(3L, 1_000_000L), collective.telemetry().flowRates().items());
        assertTrue(error(MINIMAL + "telemetry: {queues: some}\n").startsWith(
                "t.yaml: telemetry.queues: 'some' is not allowed: expected all, none or a list"));
    }

    @Test
    void duplicateWorkloadNames() {
        assertEquals("t.yaml: workloads[1].name: workload name 'a' is used twice", error(
                MINIMAL.replace("  - type: flows\n", "  - type: flows\n    name: a\n")
                        + "  - {type: flows, name: a, flows: [{src: 0, dst: 1, size: 1KB}]}\n"));
    }
}
