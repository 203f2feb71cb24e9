package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;

import org.junit.jupiter.api.Test;
import org.lossless.core.settings.KeyTable;
import org.lossless.switchmodel.settings.QosMapSchema;

/** {@code switch.qos_map}'s keys and docs through QosMapSchema: hand-written expectations. */
class QosMapSchemaReadingTest {
    @Test
    void outOfRangeAndUnknownKeysNameFileKeyPathAndProblem() {
        assertEquals("t.yaml: switch.qos_map.dscp_to_tc.64: '64' is not a DSCP value: expected an integer from 0 to 63",
                error(MINIMAL + "switch: {qos_map: {dscp_to_tc: {64: 3}}}\n"));
        assertEquals("t.yaml: switch.qos_map.tc_to_queue.3: 8 is out of range: expected an integer from 0 to 7",
                error(MINIMAL + "switch: {qos_map: {tc_to_queue: {3: 8}}}\n"));
        assertEquals("t.yaml: switch.qos_map.tc_to_queu: unknown key; did you mean 'tc_to_queue'? (allowed here: "
                + "dscp_to_tc, tc_to_pg, tc_to_queue)", error(MINIMAL + "switch: {qos_map: {tc_to_queu: {}}}\n"));
    }

    @Test
    void theDocsTableHasAHandWrittenRow() {
        assertTrue(KeyTable.markdown(QosMapSchema.QOS_MAP).contains("| `tc_to_queue` | 0..7 → 0..7 | identity; a class "
                + "left out → 0 | traffic class → egress queue |\n"));
    }
}
