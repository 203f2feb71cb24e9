package org.lossless.plots.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The fabric table (run and compare views) shows CBFC credit stalls when the run had CBFC, beside PFC's pauses. */
class VerdictCbfcTest {
    private static String fabric(String json) throws Exception {
        Html h = new Html();
        Verdict.fabric(h, new ObjectMapper().readTree(json));
        return h.toString();
    }

    @Test
    void creditStallsAppearOnlyWithCbfc() throws Exception {
        String with = fabric("{\"pfc\": {\"pause_frames\": 0, \"paused_ps\": 0},"
                + " \"cbfc\": {\"credit_stall_ps\": 2500000, \"credit_stalls\": 42}}");
        assertTrue(with.contains("CBFC credit stall time (summed over ports)"), with);
        assertTrue(with.contains("2.5 \u00b5s"), with);
        assertTrue(with.contains(">42<"), with);
        String without = fabric("{\"pfc\": {\"pause_frames\": 3, \"paused_ps\": 100}}");
        assertFalse(without.contains("CBFC"), without);
    }
}
