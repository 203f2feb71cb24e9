package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import org.junit.jupiter.api.Test;
import org.lossless.core.settings.KeyTable;
import org.lossless.switchmodel.settings.SchedulingSchema;

/** {@code switch.scheduling} read and documented through SchedulingSchema: hand-written expectations. */
class SchedulingSchemaReadingTest {
    @Test
    void outOfRangeAndUnknownKeysNameFileKeyPathAndProblem() {
        assertEquals("t.yaml: switch.scheduling.quantum: 2000000 B is out of range: the base quantum must be auto or 64 "
                + "to 1000000 bytes (at least the largest frame keeps DWRR to one pass per frame)",
                error(MINIMAL + "switch: {scheduling: {quantum: 2MB}}\n"));
        assertEquals("t.yaml: switch.scheduling.quantum: expected auto or a size such as 4KB, got a list",
                error(MINIMAL + "switch: {scheduling: {quantum: [1]}}\n"));
        assertEquals("t.yaml: switch.scheduling.dwr: unknown key; did you mean 'dwrr'? (allowed here: strict, dwrr, "
                + "quantum)", error(MINIMAL + "switch: {scheduling: {dwr: {3: 1}}}\n"));
    }

    @Test
    void theResolvedYamlWritesStrictDescendingAndEveryOtherQueuesWeight() {
        String yaml = ResolvedYaml.write(parse(MINIMAL + "switch: {scheduling: {strict: [6, 7], dwrr: {3: 3}, "
                + "quantum: 8KB}}\n"));
        assertTrue(yaml.contains("""
                  scheduling:
                    strict:
                      - 7
                      - 6
                    dwrr:
                      0: 1
                      1: 1
                      2: 1
                      3: 3
                      4: 1
                      5: 1
                    quantum: 8KB
                """), yaml);
    }

    @Test
    void theDocsTableHasAHandWrittenRow() {
        assertTrue(KeyTable.markdown(SchedulingSchema.SCHEDULING).contains("| `dwrr` | queue 0..7 → weight 1..100 | "
                + "every queue not in `strict` gets weight 1 | Deficit Weighted Round Robin weights: backlogged queues "
                + "that are not paused share the link time in proportion to them |\n"));
    }
}
