package org.lossless.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What of summary.json must repeat byte for byte, and what measures the machine. */
class SummaryFiguresTest {

    @Test
    void theMachinesFiguresAreLeftOutAndEveryOtherLineKeptInOrder() {
        String json = "{\n  \"events\" : 12,\n  \"wall_seconds\" : 1.5,\n  \"run\" : {\n    \"cpu_seconds\" : 2.0,\n"
                + "    \"peak_heap_bytes\" : 100,\n    \"events_per_second\" : 8.0,\n    \"sim_time_ps\" : 7\n  }\n}";
        assertEquals("{\n  \"events\" : 12,\n  \"run\" : {\n    \"sim_time_ps\" : 7\n  }\n}\n",
                SummaryFigures.withoutMachineFigures(json));
    }

    @Test
    void aFigureIsMachineDependentByItsLastSegment() {
        assertTrue(SummaryFigures.machineDependent("run.wall_seconds"));
        assertTrue(SummaryFigures.machineDependent("cpu_seconds"));
        assertFalse(SummaryFigures.machineDependent("wall_seconds.p99_slowdown"));
        assertFalse(SummaryFigures.machineDependent("events"));
    }
}
