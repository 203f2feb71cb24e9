package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.metrics.UetCounters;

/** summary.json's {@code uet} and {@code llr} sections: written only when the run used them, with its counters. */
class UetSummaryTest {
    static JsonNode summary(UetCounters c) throws Exception {
        RunResult r = new RunResult(1, 1, 0.0, List.of(), List.of(), 0, 0, 0, 0, false, 0, 0, List.of(), null, null,
                List.of(), List.of(), -1, -1, List.of(), List.of(), null, c);
        return new ObjectMapper().readTree(Summary.json(ResultsWriterTest.SCENARIO, r));
    }

    @Nested
    class Absent {
        @Test
        void aRoceRunWithoutLlrHasNeitherSection() throws Exception {
            JsonNode s = summary(UetCounters.NONE);
            assertTrue(s.path("uet").isMissingNode());
            assertTrue(s.path("llr").isMissingNode());
        }
    }

    @Nested
    class Present {
        @Test
        void trimsNacksAndCreditsAreWrittenUnderUet() throws Exception {
            JsonNode s = summary(new UetCounters(true, 30, 4, 34, 120, 7, false, 0, 0, 0));
            JsonNode u = s.path("uet");
            assertEquals(30, u.path("trims").path("last_hop").asLong());
            assertEquals(4, u.path("trims").path("in_network").asLong());
            assertEquals(34, u.path("trims").path("total").asLong());
            assertEquals(34, u.path("trim_nacks").asLong());
            assertEquals(120, u.path("credit_grants").asLong());
            assertEquals(7, u.path("credit_stalls").asLong());
            assertTrue(s.path("llr").isMissingNode());
        }

        @Test
        void llrCountersAreWrittenUnderLlrAlone() throws Exception {
            JsonNode s = summary(new UetCounters(false, 0, 0, 0, 0, 0, true, 12, 40, 2_350_000));
            assertTrue(s.path("uet").isMissingNode());
            assertEquals(12, s.path("llr").path("corrupted_frames").asLong());
            assertEquals(40, s.path("llr").path("replayed_frames").asLong());
            assertEquals(2_350_000, s.path("llr").path("max_recovery_ps").asLong());
        }

        @Test
        void theSectionsComeAfterTheFabricAndBeforeTheCost() throws Exception {
            JsonNode s = summary(new UetCounters(true, 1, 0, 1, 0, 0, true, 1, 1, 1));
            List<String> keys = new java.util.ArrayList<>();
            s.fieldNames().forEachRemaining(keys::add);
            assertTrue(keys.indexOf("cnp") < keys.indexOf("uet"));
            assertTrue(keys.indexOf("uet") < keys.indexOf("llr"));
            assertTrue(keys.indexOf("llr") < keys.indexOf("events"));
            assertFalse(keys.contains("cbfc"));
        }
    }
}
