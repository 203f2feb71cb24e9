package org.lossless.plots.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.plots.Fixtures;
import org.lossless.plots.data.ResultSet;

/** The key-figures table: the answers first (jobs against their ideal, data slowdowns), the simulator's cost last. */
class KeyFiguresTest {
    @TempDir
    Path tmp;

    /** A summary as this version writes it: one collective, two workloads (one with control messages). */
    static String summary(double arP99, double wallSeconds) {
        return """
                {"name": "t", "seed": 1, "engine": "packet", "version": "test", "stopped_by": "done",
                 "sim_time_ps": 10000000,
                 "jobs": [{"job": "ar", "type": "allreduce", "figure": "duration_ps", "value": 4000000,
                           "ideal": 1000000, "ratio": 4.0, "ideal_limit": "port", "duration_ps": 4000000,
                           "busbw_GBps": 2.5, "ideal_busbw_GBps": 10.0}],
                 "workloads": {
                   "ar": {"flows": {"total": 4, "data": 2, "control": 2},
                          "fct_slowdown": {"p50": 1.5, "p99": %s, "messages": "data"},
                          "control": {"messages": 2, "latency_ps": {"p50": 2000000, "p99": 3000000}}},
                   "bg": {"flows": {"total": 1, "data": 1, "control": 0},
                          "fct_slowdown": {"p50": 5.0, "p99": 5.0, "messages": "data"}}},
                 "flows": {"total": 5, "data": 3, "control": 2, "completed": 5, "unfinished": 0, "bytes_delivered": 3000},
                 "fct_slowdown": {"p50": 3.0, "p95": 5.0, "p99": 5.0, "max": 5.0, "messages": "data"},
                 "control": {"messages": 2, "latency_ps": {"p50": 2000000, "p99": 3000000}},
                 "fct_slowdown_all": {"p99": 9.0, "messages": "all"},
                 "drops": {"packets": 0, "bytes": 0, "lossless": {"packets": 0, "bytes": 0}},
                 "pfc": {"pause_frames": 6, "paused_ps": 3000000, "deadlock": false,
                         "propagation": {"root_pauses": 2, "propagated_pauses": 1, "max_depth": 2}},
                 "ecn": {"marked_packets": 5}, "cnp": {"sent": 3},
                 "events": 1000, "wall_seconds": %s, "cpu_seconds": 0.2, "events_per_second": 10000,
                 "peak_heap_bytes": 1000000}
                """.formatted(arP99, wallSeconds);
    }

    ResultSet run(String name, String summary) throws IOException {
        Path dir = Fixtures.run(tmp.resolve(name));
        Files.writeString(dir.resolve("summary.json"), summary);
        return ResultSet.open(dir);
    }

    @Test
    void cbfcCreditStallsSitNextToPfcPausedTime() throws IOException {
        String cbfc = summary(3.0, 0.1).replace("\"ecn\": {", "\"cbfc\": {\"credit_stall_ps\": 7000000,"
                + " \"credit_stalls\": 12}, \"ecn\": {");
        List<String> labels = KeyFigures.of(run("c", cbfc)).stream().map(KeyFigure::label).toList();
        int paused = labels.indexOf("PFC paused time (sum over ports)");
        assertEquals("CBFC credit stall time (sum over ports)", labels.get(paused + 1));
        assertEquals("CBFC credit stalls", labels.get(paused + 2));
        assertTrue(KeyFigures.of(run("p", summary(3.0, 0.1))).stream().noneMatch(k -> k.label().startsWith("CBFC")));
    }

    @Test
    void onGpuServersBusbwIsSaidToBePerGpu() throws IOException {
        String servers = summary(3.0, 0.1).replace("\"busbw_GBps\": 2.5", "\"servers\": 4, \"gpus_per_server\": 8, "
                + "\"busbw_GBps\": 2.5");
        List<KeyFigure> f = KeyFigures.of(run("s", servers));
        assertEquals("job ar: busbw per GPU (GB/s)", f.get(1).label());
        assertEquals("2.5 · ideal 10", f.get(1).shown());
    }

    @Test
    void jobsAgainstTheirIdealLeadThenDataSlowdownsTheFabricAndTheCostLast() throws IOException {
        List<KeyFigure> f = KeyFigures.of(run("a", summary(3.0, 0.1)));
        List<String> labels = f.stream().map(KeyFigure::label).toList();
        assertEquals("job ar: duration (mean)", labels.get(0));
        assertEquals("4 µs · ideal 1 µs (port-bound) · 4× ideal", f.get(0).shown());
        assertEquals("job ar: busbw (GB/s)", labels.get(1));
        assertEquals("2.5 · ideal 10", f.get(1).shown());
        assertEquals(List.of("workload ar: FCT slowdown p50 (data messages, ×)",
                "workload ar: FCT slowdown p99 (data messages, ×)", "workload ar: control messages: latency p99",
                "workload bg: FCT slowdown p50 (data messages, ×)", "workload bg: FCT slowdown p99 (data messages, ×)",
                "all workloads: FCT slowdown p50 (data messages, ×)"), labels.subList(2, 8));
        assertTrue(labels.indexOf("all messages, data and control: FCT slowdown p99 (×)")
                < labels.indexOf("lossless drops (packets)"), labels.toString());
        assertTrue(labels.indexOf("lossless drops (packets)") < labels.indexOf("root pauses"));
        assertTrue(labels.indexOf("longest pause chain (hops)") < labels.indexOf("ECN-marked packets"));
        List<String> cost = f.stream().filter(KeyFigure::cost).map(KeyFigure::label).toList();
        assertEquals(List.of("wall-clock time (s)", "CPU time (s)", "events executed", "events per second", "peak heap"),
                cost);
        assertEquals(cost, labels.subList(labels.size() - 5, labels.size()), "the cost comes last");
    }

    /**
     * A run of one workload labels its whole-run figures as a run of two does, so a comparison of the two (the demo
     * against the same job without its incast) lines each figure up on one row instead of two half-empty ones.
     */
    @Test
    void oneWorkloadOrTwoTheWholeRunFiguresHaveTheSameLabels() throws IOException {
        String two = summary(3.0, 0.1);
        String one = two.replaceAll("(?s),\\s*\"bg\": \\{.*?\"messages\": \"data\"}}", "");
        assertTrue(!one.contains("\"bg\"") && one.contains("\"ar\""), one);
        List<String> a = KeyFigures.of(run("one", one)).stream().map(KeyFigure::label).toList();
        List<String> b = KeyFigures.of(run("two", two)).stream().map(KeyFigure::label).toList();
        for (String p : List.of("p50", "p95", "p99", "max")) {
            String label = "all workloads: FCT slowdown " + p + " (data messages, ×)";
            assertTrue(a.contains(label) && b.contains(label), label);
        }
        assertTrue(a.contains("all workloads: control messages: latency p99"), a.toString());
    }

    @Test
    void theRunReportPrintsTheCostInSmallPrint() throws IOException {
        Html h = new Html();
        RunReport.keyFigures(h, KeyFigures.of(run("b", summary(3.0, 0.1))));
        String html = h.toString();
        assertTrue(html.indexOf("job ar: duration (mean)") < html.indexOf("<tr class=\"cost\"><td>wall-clock time (s)"),
                html);
    }

    @Test
    void aComparisonFlagsTheDataFiguresNotTheCost() throws IOException {
        List<KeyFigure> base = KeyFigures.of(run("base", summary(3.0, 0.1)));
        List<KeyFigure> cand = KeyFigures.of(run("cand", summary(6.0, 9.9)));
        Html h = new Html();
        CompareReport.figures(h, base, cand);
        String html = h.toString();
        // the p99 slowdown of workload ar's data messages doubled: red; the wall-clock time went up 99x: plain
        assertTrue(html.contains("<td>workload ar: FCT slowdown p99 (data messages, ×)</td><td class=\"num\">3</td>"
                + "<td class=\"num worse\">6</td>"), html);
        assertTrue(html.contains("<tr class=\"cost\"><td>wall-clock time (s)</td><td class=\"num\">0.1</td>"
                + "<td class=\"num\">9.9</td>"), html);
        assertFalse(html.contains("<td class=\"num worse\">9.9</td>"), html);
    }

    /** A workload only the candidate runs is compared with the other workloads, before the simulator's cost. */
    @Test
    void aFigureOnlyTheCandidateHasSitsWithItsKind() throws IOException {
        String two = summary(3.0, 0.1);
        String one = two.replaceAll("(?s),\\s*\"bg\": \\{.*?\"messages\": \"data\"}}", "");
        Html h = new Html();
        CompareReport.figures(h, KeyFigures.of(run("only-ar", one)), KeyFigures.of(run("ar-and-bg", two)));
        String html = h.toString();
        int bg = html.indexOf("<td>workload bg: FCT slowdown p50");
        assertTrue(bg > html.indexOf("<td>workload ar: control messages: latency p99"), html);
        assertTrue(bg < html.indexOf("<td>all workloads: FCT slowdown p50"), html);
        assertTrue(bg < html.indexOf("<td>wall-clock time (s)"), html);
    }

    /**
     * A RoCE baseline (no uet section) against a UET candidate with trims and credit stalls: the UET rows sit with the
     * fabric figures, the baseline's cell empty; two UET runs line their trims up side by side, fewer being better.
     */
    @Test
    void uetTrimsAndCreditStallsAreComparedSideBySide() throws IOException {
        String roce = summary(3.0, 0.1);
        String uet = roce.replace("\"cnp\": {\"sent\": 3},", "\"cnp\": {\"sent\": 3}, \"uet\": {\"trims\": "
                + "{\"last_hop\": 30, \"in_network\": 4, \"total\": 34}, \"trim_nacks\": 34, \"credit_grants\": 0, "
                + "\"credit_stalls\": 7}, \"llr\": {\"corrupted_frames\": 2, \"replayed_frames\": 5, "
                + "\"max_recovery_ps\": 2500000},");
        assertTrue(uet.contains("\"uet\""), uet);
        List<String> none = KeyFigures.of(run("roce", roce)).stream().map(KeyFigure::label).toList();
        assertFalse(none.stream().anyMatch(l -> l.startsWith("UET") || l.startsWith("LLR")), none.toString());
        Html h = new Html();
        CompareReport.figures(h, KeyFigures.of(run("roce2", roce)), KeyFigures.of(run("uet", uet)));
        String html = h.toString();
        assertTrue(html.contains("<td>UET trims, last hop</td><td class=\"num\">–</td><td class=\"num\">30</td>"),
                html);
        assertTrue(html.contains("<td>UET credit stalls</td><td class=\"num\">–</td><td class=\"num\">7</td>"), html);
        assertTrue(html.indexOf("<td>CNPs sent") < html.indexOf("<td>UET trims, last hop"), html);
        assertTrue(html.indexOf("<td>LLR replayed frames") < html.indexOf("<td>stopped by"), html);

        Html both = new Html();
        String fewer = uet.replace("\"last_hop\": 30", "\"last_hop\": 10");
        CompareReport.figures(both, KeyFigures.of(run("uet-a", uet)), KeyFigures.of(run("uet-b", fewer)));
        assertTrue(both.toString().contains("<td>UET trims, last hop</td><td class=\"num\">30</td>"
                + "<td class=\"num better\">10</td>"), both.toString());
    }
}
