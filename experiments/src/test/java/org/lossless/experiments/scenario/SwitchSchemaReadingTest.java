package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.MINIMAL;
import static org.lossless.experiments.scenario.ScenarioLoaderTest.error;

import org.junit.jupiter.api.Test;
import org.lossless.core.settings.KeyTable;
import org.lossless.switchmodel.settings.SwitchSchema;

/** The top level of {@code switch} read and documented through SwitchSchema: hand-written expectations. */
class SwitchSchemaReadingTest {
    @Test
    void outOfRangeAndUnknownKeysNameFileKeyPathAndProblem() {
        // the time parser refuses a negative time before the key's own floor is reached (as before the schema)
        assertEquals("t.yaml: switch.latency: '-1ns' is not a valid time: it must not be negative",
                error(MINIMAL + "switch: {latency: -1ns}\n"));
        assertEquals("t.yaml: switch.cell_size: 0 is out of range: the buffer cell must be 1 to 65536 bytes, e.g. 96 "
                + "or 256", error(MINIMAL + "switch: {cell_size: 0}\n"));
        assertEquals("t.yaml: switch.buffer_size: the buffer must be > 0 bytes, e.g. 32MB",
                error(MINIMAL + "switch: {buffer_size: 0}\n"));
        assertEquals("t.yaml: switch.cut_throug: unknown key; did you mean 'cut_through'? (allowed here: profile, "
                + "buffer_size, cell_size, pools, pfc, lossy_pg, queues, ecn, qos_map, scheduling, latency, "
                + "cut_through, flow_control, trimming, llr, cbfc)", error(MINIMAL + "switch: {cut_throug: true}\n"));
    }

    @Test
    void theDocsTableHasAHandWrittenRow() {
        assertTrue(KeyTable.markdown(SwitchSchema.SWITCH).contains("| `cut_through` | boolean | `false` | a frame that "
                + "finds its egress idle, with nothing else queued, and the egress no faster than its ingress leaves as "
                + "if it had started at its first bit's arrival + `latency`; otherwise store-and-forward |\n"));
        assertTrue(KeyTable.markdown(SwitchSchema.SWITCH).contains("| `buffer_size` | size > 0 | `32MB`; `hpcc2019`: "
                + "`32MiB`; with `pools`: what the pools, reserved sizes and headroom of the switch's ports need | "
                + "packet buffer per switch |\n"));
        assertTrue(KeyTable.markdown(SwitchSchema.TRIMMING).contains("| `header` | size | `64B` | size of the trimmed "
                + "frame, 64 to 512 bytes (64 B: the UEC reference simulator's header) |\n"));
    }

    @Test
    void trimmingKeepsItsMessagesThroughTheSchema() {
        assertEquals("t.yaml: switch.trimming.hedaer: unknown key; did you mean 'header'? (allowed here: priorities, "
                + "header)", error(MINIMAL + "switch: {trimming: {priorities: [1], hedaer: 64B}}\n"));
        assertEquals("t.yaml: switch.trimming.header: 513 B is out of range: a trimmed header is 64 to 512 bytes",
                error(MINIMAL + "switch: {trimming: {priorities: [1], header: 513B}}\n"));
        assertEquals("t.yaml: switch.llr.enable: unknown key; did you mean 'enabled'? (allowed here: enabled, "
                + "frame_error_rate)", error(MINIMAL + "switch: {llr: {enable: true}}\n"));
    }
}
