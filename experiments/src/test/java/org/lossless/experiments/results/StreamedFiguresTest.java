package org.lossless.experiments.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.lossless.experiments.metrics.Completion;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.MessageLabel;
import org.lossless.experiments.scenario.FlowRows;
import org.lossless.workloads.traffic.MessageKind;

/**
 * The running figures kept instead of the rows give the exact nearest-rank percentiles of a set computed by hand:
 * slowdowns 1..20 of data messages over two workloads, three control messages, one unfinished data message.
 */
class StreamedFiguresTest {
    private static final long IDEAL = 1_000;
    private static final MessageLabel CONTROL = new MessageLabel(-1, null, -1, -1, -1, "cts", MessageKind.CONTROL);

    /** Data message {@code id} of slowdown {@code s} (start 0, ideal 1,000 ps, finish s x 1,000 ps). */
    private static FlowResult data(int id, String workload, int s) {
        return new FlowResult(id, workload, 0, 1, 0, 100, 0, s * IDEAL, IDEAL);
    }

    /** The rows in id order: slowdowns in a scrambled order, odd ones in workload a, even ones in b. */
    private static List<FlowResult> rows() {
        int[] order = {7, 20, 1, 14, 3, 9, 12, 18, 5, 2, 16, 11, 19, 4, 8, 13, 6, 17, 10, 15};
        List<FlowResult> rows = new ArrayList<>();
        for (int s : order) {
            rows.add(data(rows.size(), s % 2 == 1 ? "a" : "b", s));
        }
        // control messages of b: latencies 100, 300 and 200 ps, ideal 100 ps: slowdowns 1, 3, 2
        for (long latency : new long[] {100, 300, 200}) {
            rows.add(new FlowResult(rows.size(), "b", 1, 0, 0, 64, 0, latency, 100, 0, 0, CONTROL));
        }
        // a data message of a unfinished at the end (50,000 ps): censored slowdown 50
        rows.add(new FlowResult(rows.size(), "a", 0, 1, 0, 100, 0, -1, IDEAL));
        return rows;
    }

    private static double at(JsonNode n, String section, String key) {
        return n.path(section).path(key).asDouble();
    }

    @Test
    void theRunsPercentilesAreThoseOfTheWholeSet() {
        ObjectNode run = JsonNodeFactory.instance.objectNode();
        FlowFigures.of(rows(), 50_000, Completion.RECEIVER).writeRun(run);
        assertEquals(24, run.path("flows").path("total").asLong());
        assertEquals(3, run.path("flows").path("control").asLong());
        assertEquals(1, run.path("flows").path("unfinished").asLong());
        // 1..20: p50 rank 10, p95 rank 19, p99 rank ceil(19.8) = 20
        assertEquals(10.0, at(run, "fct_slowdown", "p50"));
        assertEquals(19.0, at(run, "fct_slowdown", "p95"));
        assertEquals(20.0, at(run, "fct_slowdown", "p99"));
        assertEquals(20.0, at(run, "fct_slowdown", "max"));
        // 1..20 and 50: p50 rank ceil(10.5) = 11, p95 rank ceil(19.95) = 20, p99 rank ceil(20.79) = 21
        assertEquals(11.0, at(run, "fct_slowdown_censored", "p50"));
        assertEquals(20.0, at(run, "fct_slowdown_censored", "p95"));
        assertEquals(50.0, at(run, "fct_slowdown_censored", "p99"));
        // 1,1,2,2,3,3,4..20 (23 values): p50 rank 12 -> 9, p95 rank ceil(21.85) = 22 -> 19, p99 rank 23 -> 20
        assertEquals(9.0, at(run, "fct_slowdown_all", "p50"));
        assertEquals(19.0, at(run, "fct_slowdown_all", "p95"));
        assertEquals(20.0, at(run, "fct_slowdown_all", "p99"));
        // control latencies 100, 200, 300: p50 rank 2, p99 rank 3
        assertEquals(200, run.path("control").path("latency_ps").path("p50").asLong());
        assertEquals(300, run.path("control").path("latency_ps").path("p99").asLong());
        assertEquals(2.0, run.path("control").path("slowdown").path("p50").asDouble());
        assertEquals(3.0, run.path("control").path("slowdown").path("p99").asDouble());
    }

    @Test
    void eachWorkloadsPercentilesAreThoseOfItsOwnMessages() {
        FlowFigures f = FlowFigures.of(rows(), 50_000, Completion.RECEIVER);
        assertEquals(List.of("a", "b"), f.workloads());
        ObjectNode a = JsonNodeFactory.instance.objectNode();
        f.writeWorkload(a, "a");
        // 1,3,..,19: p50 rank 5 -> 9, p95 rank ceil(9.5) = 10 -> 19
        assertEquals(9.0, at(a, "fct_slowdown", "p50"));
        assertEquals(19.0, at(a, "fct_slowdown", "p95"));
        // and 50: 11 values, p50 rank 6 -> 11, max 50
        assertEquals(11.0, at(a, "fct_slowdown_censored", "p50"));
        assertEquals(50.0, at(a, "fct_slowdown_censored", "max"));
        assertTrue(a.path("control").isMissingNode(), "a has no control message");
        ObjectNode b = JsonNodeFactory.instance.objectNode();
        f.writeWorkload(b, "b");
        // 2,4,..,20: p50 rank 5 -> 10, p99 rank 10 -> 20
        assertEquals(10.0, at(b, "fct_slowdown", "p50"));
        assertEquals(20.0, at(b, "fct_slowdown", "p99"));
        assertEquals(3, b.path("control").path("completed").asLong());
    }

    @Test
    void anUnfinishedRowBeforeTheEndIsAnError() {
        FlowFigures f = new FlowFigures(Completion.RECEIVER);
        f.add(data(0, "a", 2));
        assertThrows(IllegalStateException.class, () -> f.add(new FlowResult(1, "a", 0, 1, 0, 100, 0, -1, IDEAL)));
    }

    /** flows_summary.csv's row of one rank: FCTs 400, 100, 300, 200 ps: p50 rank 2 -> 200, p99 rank 4 -> 400. */
    @Test
    void aStepRowsPercentilesByHand() {
        List<FlowResult> rows = new ArrayList<>();
        long[] fcts = {400, 100, 300, 200};
        for (long fct : fcts) {
            rows.add(new FlowResult(rows.size(), "ar", 3, 4, 0, 64, 0, fct, 100, 0, 0,
                    new MessageLabel(0, "write", 0, rows.size(), 0, "data")));
        }
        String csv = StepSummary.csv(rows, Completion.RECEIVER, FlowRows.SUMMARY);
        assertEquals(StepSummary.HEADER + "\n"
                + "ar,data,data,3,4,4,256,256,0,0,200,400,400,2.000000,4.000000,4.000000\n", csv);
    }
}
