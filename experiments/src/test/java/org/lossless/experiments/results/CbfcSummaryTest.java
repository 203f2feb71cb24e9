package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.CbfcCounters;
import org.lossless.experiments.metrics.UetCounters;

/** summary.json's {@code cbfc} section: written only when a class ran CBFC, with its counters as given. */
class CbfcSummaryTest {
    @Test
    void absentWithoutCbfcAndWrittenWithIt() throws Exception {
        assertTrue(UetSummaryTest.summary(UetCounters.NONE).path("cbfc").isMissingNode());
        CbfcCounters c = new CbfcCounters(List.of(3), 20_000, 24_000, 100_000, 5_000_000, 12, 900, 19_000, 0.95, 0,
                List.of(new CbfcCounters.PortStall("h0", 0, "sw0", 3, 4_000_000, 10)), 2);
        JsonNode n = UetSummaryTest.summary(new UetCounters(false, 0, 0, 0, 0, 0, false, 0, 0, 0, c)).path("cbfc");
        assertEquals("[3]", n.path("priorities").toString());
        assertEquals(20_000, n.path("credits").path("min_bytes").asLong());
        assertEquals(24_000, n.path("credits").path("max_bytes").asLong());
        assertEquals(5_000_000, n.path("credit_stall_ps").asLong());
        assertEquals(12, n.path("credit_stalls").asLong());
        assertEquals(0.95, n.path("peak_held_of_grant").asDouble());
        assertEquals(0, n.path("over_grant").asLong());
        assertEquals(2, n.path("ports_stalled").asLong());
        assertEquals("h0", n.path("ports").get(0).path("node").asText());
        assertEquals(4_000_000, n.path("ports").get(0).path("stall_ps").asLong());
    }
}
