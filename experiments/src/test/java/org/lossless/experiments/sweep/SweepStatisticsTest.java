package org.lossless.experiments.sweep;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SweepStatisticsTest {
    @Test
    void studentTIntervalMatchesATableValue() {
        // 1, 2, 3, 4, 5: mean 3, s = sqrt(2.5); t(0.975, 4) = 2.776445105 (t table)
        SweepSummary.Estimate e = SweepSummary.estimate(List.of(1.0, 2.0, 3.0, 4.0, 5.0));
        double half = 2.776445105 * Math.sqrt(2.5) / Math.sqrt(5);
        assertEquals(3.0, e.mean(), 1e-12);
        assertEquals(Math.sqrt(2.5), e.stddev(), 1e-12);
        assertEquals(3 - half, e.low(), 1e-8);
        assertEquals(3 + half, e.high(), 1e-8);
    }

    @Test
    void oneValueHasNoInterval() {
        SweepSummary.Estimate e = SweepSummary.estimate(List.of(7.0));
        assertEquals(7.0, e.mean());
        assertTrue(Double.isNaN(e.low()));
        assertNull(SweepSummary.estimate(List.of()));
        assertEquals("", SweepSummary.number(e.low()));
    }

    @Test
    void numbersAreTenSignificantDigitsPlain() {
        assertEquals("0.3333333333", SweepSummary.number(1.0 / 3));
        assertEquals("1234567890000", SweepSummary.number(1.23456789e12));
        assertEquals("-2.5", SweepSummary.number(-2.5));
        assertEquals("0", SweepSummary.number(0.0));
    }

    @Test
    void summaryFiguresAreFlattenedWithStableNames() throws Exception {
        String json = """
                {"name": "x", "seed": 3, "engine": "packet", "version": "1", "sim_time_ps": 5, "stopped_by": "done",
                 "flows": {"total": 2, "completed": 1},
                 "fct_slowdown": {"p50": 1.5, "p99": null},
                 "pfc": {"deadlock": false, "deadlock_cycle": ["a", "b"]},
                 "workloads": {"incast": {"flows": 2, "fct_slowdown": {"p99": 3.25}}},
                 "jobs": [{"job": "ar", "duration_ps": 10}, {"job": "ar", "duration_ps": 11}, {"duration_ps": 12}],
                 "drops": {"packets": 3, "lossless": {"packets": 3, "ports_total": 1, "ports": [{"node": "sw0", "packets": 3}]}}}
                """;
        Map<String, SummaryFigures.Cell> f = SummaryFigures.flatten(new ObjectMapper().readTree(json));
        assertEquals(List.of("sim_time_ps", "stopped_by", "flows.total", "flows.completed", "fct_slowdown.p50",
                "fct_slowdown.p99", "pfc.deadlock", "workloads.incast.flows", "workloads.incast.fct_slowdown.p99",
                "jobs.ar.duration_ps", "jobs.ar#2.duration_ps", "jobs[2].duration_ps", "drops.packets",
                "drops.lossless.packets", "drops.lossless.ports_total"), List.copyOf(f.keySet()));
        assertEquals("1.5", f.get("fct_slowdown.p50").text());
        assertEquals("", f.get("fct_slowdown.p99").text());
        assertNull(f.get("fct_slowdown.p99").value());
        assertEquals(0.0, f.get("pfc.deadlock").value());
        assertNull(f.get("stopped_by").value());
        assertTrue(SummaryFigures.machineDependent("wall_seconds"));
        assertTrue(SummaryFigures.machineDependent("perf.cpu_seconds"));
    }
}
