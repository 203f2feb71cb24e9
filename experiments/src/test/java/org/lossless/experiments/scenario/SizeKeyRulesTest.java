package org.lossless.experiments.scenario;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.workloads.yaml.ScenarioException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A message's size key: "is required" and the 1 TiB bound are the schema's own rules now (read by the generic
 * section reader), with the words and the order of problems the workload readers gave when they checked them by
 * hand after reading the section. The expected texts are those readers' strings, written out.
 */
class SizeKeyRulesTest {
    private static final String HEAD = "name: s\ntopology: {type: star, hosts: 4}\nworkloads:\n";

    private static String error(String workloads) {
        return assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse("s.yaml", HEAD + workloads, Path.of("."), List.of())).getMessage();
    }

    @Nested
    class AFlow {
        @Test
        void withoutSizeIsRefusedAsRequired() {
            assertEquals("s.yaml: workloads[0].flows[0].size: is required (a size such as 1MB)",
                    error("- {type: flows, flows: [{src: 1, dst: 0}]}\n"));
        }

        @Test
        void aboveOneTebibyteNamesItsSizeAndTheBound() {
            // 2 TiB = 2199023255552 B; 1 TiB = 1099511627776 B
            assertEquals("s.yaml: workloads[0].flows[0].size: 2199023255552 B is more than a flow can carry here: "
                    + "at most 1TiB (1099511627776 B), so that its times in picoseconds cannot overflow; split it "
                    + "into several flows", error("- {type: flows, flows: [{src: 1, dst: 0, size: 2TiB}]}\n"));
        }

        @Test
        void exactlyOneTebibyteIsAccepted() {
            Scenario s = ScenarioLoader.parse("s.yaml", HEAD + "- {type: flows, flows: [{src: 1, dst: 0, size: 1TiB}]}\n",
                    Path.of("."), List.of());
            assertEquals(1L << 40, ((org.lossless.workloads.spec.WorkloadConfig.Flows) s.workloads().get(0)).flows()
                    .get(0).sizeBytes());
        }

        @Test
        void aBadKeyAfterTheSizeIsReportedBeforeTheSizesBoundAsBefore() {
            // the readers checked the bound after reading every key: a bad start came first
            String m = error("- {type: flows, flows: [{src: 1, dst: 0, size: 2TiB, start: soon}]}\n");
            assertEquals("s.yaml: workloads[0].flows[0].start", m.substring(0, m.indexOf(": ", 8)));
        }

        @Test
        void zeroBytesKeepsItsOwnWords() {
            assertEquals("s.yaml: workloads[0].flows[0].size: a flow must carry at least 1 byte",
                    error("- {type: flows, flows: [{src: 1, dst: 0, size: 0}]}\n"));
        }
    }

    @Nested
    class AJob {
        @Test
        void incastWithoutSizeIsRefusedAsRequired() {
            assertEquals("s.yaml: workloads[0].size: is required (a size such as 1MB)",
                    error("- {type: incast, receiver: 0}\n"));
        }

        @Test
        void permutationWithoutSizeIsRefusedAsRequired() {
            assertEquals("s.yaml: workloads[0].size: is required (a size such as 1MB)",
                    error("- {type: permutation}\n"));
        }

        @Test
        void checkpointWithoutSizeIsRefusedAsRequired() {
            assertEquals("s.yaml: workloads[0].size: is required (a size such as 1GB)",
                    error("- {type: checkpoint, servers: [0]}\n"));
        }
    }
}
