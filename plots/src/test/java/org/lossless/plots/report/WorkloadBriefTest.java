package org.lossless.plots.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.results.DefaultsFile;
import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.ScenarioLoader;

/** A workload in the scenario brief: what it is, and only the keys the user set away from their defaults. */
class WorkloadBriefTest {
    static final String SCENARIO = """
            name: brief
            topology: {type: star, hosts: 8, host_link: {rate: 100Gbps, length: 2m}}
            nic: {cc: dcqcn}
            workloads:
              - {type: allreduce, name: ar, algorithm: ring, size: 1MB, hosts: "0-3", iterations: 3, gap: 20us}
              - type: flows
                name: bg
                flows:
                  - {src: 4, dst: 5, size: 10KB}
            """;

    static JsonNode resolved() throws Exception {
        String text = ResolvedYaml.write(ScenarioLoader.parse("brief.yaml", SCENARIO, Path.of("."), List.of()));
        return new ObjectMapper(new YAMLFactory()).readTree(text);
    }

    /** The keys of a brief line, in order ("key: value (default d)" parts). */
    static List<String> keys(String line) {
        return Arrays.stream(line.split("; ")).map(p -> p.substring(0, p.indexOf(':'))).toList();
    }

    @Test
    void aCollectiveShowsWhatItIsAndWhatTheUserChangedWithTheDefault() throws Exception {
        JsonNode root = resolved();
        JsonNode ar = root.path("workloads").path(0);
        assertTrue(ar.size() > 10, "the resolved workload has every default filled in: " + ar);
        String line = WorkloadBrief.of(DefaultsFile.workload(root, ar), ar);
        // exactly what the scenario above says: its identity, and the three keys it sets (each away from its default)
        assertEquals(Set.of("type", "hosts", "size", "algorithm", "iterations", "gap"), Set.copyOf(keys(line)), line);
        assertTrue(line.contains("algorithm: ring (default auto)"), line);
        assertTrue(line.contains("iterations: 3 (default "), line);
    }

    @Test
    void aListOfFlowsIsItsFlows() throws Exception {
        JsonNode root = resolved();
        String line = WorkloadBrief.of(DefaultsFile.workload(root, root.path("workloads").path(1)),
                root.path("workloads").path(1));
        assertEquals("type", keys(line).get(0), line);
        assertTrue(keys(line).contains("flows"), line);
        assertTrue(keys(line).stream().allMatch(k -> Set.of("type", "flows").contains(k)), line);
    }

    @Test
    void aWorkloadWhoseDefaultsCannotBeFoundShowsEveryKey() throws Exception {
        JsonNode root = resolved();
        JsonNode odd = new ObjectMapper().readTree("{\"type\": \"no-such-type\", \"name\": \"x\", \"knob\": 1}");
        assertEquals(null, DefaultsFile.workload(root, odd), "its defaults cannot be found");
        assertEquals("type: no-such-type; knob: 1", WorkloadBrief.of(DefaultsFile.workload(root, odd), odd));
    }
}
