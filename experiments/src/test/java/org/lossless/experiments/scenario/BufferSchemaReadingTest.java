package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.parse;

import org.junit.jupiter.api.Test;
import org.lossless.core.settings.KeyTable;
import org.lossless.switchmodel.settings.BufferSchema;

/** {@code switch.pools[]} and the buffer profiles through BufferSchema: hand-written expectations. */
class BufferSchemaReadingTest {
    private static final String POOLS = "switch: {pools: [{name: in, type: ingress, size: 1MB}, "
            + "{name: out, type: egress, size: 2MB, mode: dynamic}], ";

    @Test
    void outOfRangeAndMissingValuesNameFileKeyPathAndProblem() {
        assertEquals("t.yaml: switch.queues.lossy.dynamic_th: -9 is out of range: expected an integer from -8 to 7",
                error(MINIMAL + "switch: {queues: {lossy: {dynamic_th: -9}}}\n"));
        assertEquals("t.yaml: switch.lossy_pg: give either dynamic_th or static_th, not both",
                error(MINIMAL + "switch: {lossy_pg: {dynamic_th: 1, static_th: 10KB}}\n"));
        assertEquals("t.yaml: switch.pools[0].type: 'ingres' is not allowed; did you mean 'ingress'? (allowed: ingress, "
                + "egress)", error(MINIMAL + "switch: {pools: [{name: in, type: ingres, size: 1MB}]}\n"));
        assertEquals("t.yaml: switch.pools[0].size: is required: the pool's shared size, e.g. 10MB",
                error(MINIMAL + "switch: {pools: [{name: in, type: ingress}]}\n"));
        assertTrue(error(MINIMAL + "switch: {queues: {lossy: {reserve: 1KB}}}\n").startsWith(
                "t.yaml: switch.queues.lossy.reserve: unknown key; did you mean 'reserved'?"));
    }

    @Test
    void theResolvedYamlWritesPoolsAndProfilesInSchemaOrder() {
        String yaml = ResolvedYaml.write(parse(MINIMAL + POOLS + "queues: {lossless: {static_th: 100KB}}}\n"));
        assertTrue(yaml.contains("""
                  pools:
                    - name: in
                      type: ingress
                      size: 1MB
                      headroom_pool: 0
                    - name: out
                      type: egress
                      mode: dynamic
                      size: 2MB
                """), yaml);
        assertTrue(yaml.contains("""
                  lossy_pg:
                    pool: in
                    reserved: 0
                    dynamic_th: 3
                """), yaml);
        assertTrue(yaml.contains("""
                    lossless:
                      pool: out
                      reserved: 0
                      static_th: 100KB
                """), yaml);
    }

    @Test
    void theDocsTablesHaveHandWrittenRows() {
        assertTrue(KeyTable.markdown(BufferSchema.PROFILE).contains("| `dynamic_th` | integer -8..7 | `3` (lossy), none "
                + "(`queues.lossless`: no limit) | shared limit α = 2^dynamic_th of the free pool |\n"));
        assertTrue(KeyTable.markdown(BufferSchema.POOL).contains("| `mode` | `static` \\| `dynamic` | none | informative "
                + "(thresholds are set per profile) |\n"));
    }
}
