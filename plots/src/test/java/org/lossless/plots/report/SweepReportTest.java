package org.lossless.plots.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.plots.Fixtures;
import org.lossless.plots.SweepFixtures;

/** The sweep report answers the study first, charts it per varied key, and keeps the simulator's cost last. */
class SweepReportTest {
    /** Figures of the study fixture that measure the fabric or the job (listed here, not taken from the code). */
    static final Set<String> STUDY = Set.of("jobs.ar.busbw_GBps", "jobs.ar.duration_ps",
            "workloads.incast.fct_slowdown.p50", "workloads.incast.fct_slowdown.p99", "workloads.ar.fct_slowdown.p50",
            "workloads.ar.fct_slowdown.p99", "pfc.paused_ps", "ports.lossless_drops", "ecn.marked_packets",
            "ports.max_queue_bytes", "pfc.propagation.max_depth", "pfc.deadlock");
    /** The simulator's own cost and the flow counts. */
    static final Set<String> COST = Set.of("sim_time_ps", "wall_seconds", "cpu_seconds", "events", "peak_heap_bytes",
            "events_per_second", "flows.total", "flows.completed", "flows.unfinished");
    static final ObjectMapper JSON = new ObjectMapper();
    static final String CUT = "kmin=200KB_dynamic_th=-1";

    @TempDir
    Path tmp;

    static List<JsonNode> index(Path reportDir) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        JSON.readTree(reportDir.resolve("charts/index.json").toFile()).forEach(out::add);
        return out;
    }

    @Nested
    class TwoKeys {
        @Test
        void everyVariedKeyHasAChartOfAStudyFigureFoundThroughTheIndex() throws IOException {
            Path sw = SweepFixtures.study(tmp.resolve("sw"));
            Report.write(sw);
            List<JsonNode> idx = index(sw);
            for (String key : List.of(SweepFixtures.KMIN, SweepFixtures.DTH)) {
                List<JsonNode> study = idx.stream().filter(e -> e.path("x").asText().equals(key)
                        && STUDY.contains(e.path("y").asText()) && !e.path("section").asText().equals("appendix"))
                        .toList();
                assertTrue(study.size() >= 6, key + ": " + study);
                for (JsonNode e : study) {
                    assertTrue(Files.isRegularFile(sw.resolve("charts").resolve(e.path("file").asText())), e.toString());
                }
            }
            // busbw against each key, and the heat map of the answer's figure over both keys
            assertTrue(idx.stream().anyMatch(e -> e.path("x").asText().equals(SweepFixtures.DTH)
                    && e.path("y").asText().equals("jobs.ar.busbw_GBps")));
            assertTrue(idx.stream().anyMatch(e -> e.path("x").asText().equals(SweepFixtures.KMIN)
                    && e.path("y").asText().equals(SweepFixtures.DTH) && e.path("z").asText().equals("jobs.ar.busbw_GBps")));
            // every PNG is listed once
            try (var files = Files.list(sw.resolve("charts"))) {
                assertEquals(idx.size(), files.filter(f -> f.toString().endsWith(".png")).count());
            }
        }

        @Test
        void theSimulatorsCostIsChartedInTheAppendixOnly() throws IOException {
            Path sw = SweepFixtures.study(tmp.resolve("sw"));
            Report.write(sw);
            List<JsonNode> idx = index(sw);
            List<JsonNode> cost = idx.stream().filter(e -> COST.contains(e.path("y").asText())).toList();
            assertFalse(cost.isEmpty(), "sim time, events, wall vary: charted in the appendix");
            cost.forEach(e -> assertEquals("appendix", e.path("section").asText(), e.toString()));
            idx.stream().filter(e -> e.path("section").asText().equals("appendix"))
                    .forEach(e -> assertTrue(COST.contains(e.path("y").asText()), e.toString()));
            String html = Files.readString(sw.resolve("report.html"));
            assertTrue(html.indexOf("id=\"appendix\"") > html.indexOf("id=\"key-2\""), "the appendix comes last");
            assertTrue(html.indexOf("Best point") < html.indexOf("id=\"points\""), "the answer comes first");
        }

        @Test
        void truncatedPointsAreMarkedInTheIndexTheTableAndTheWarnings() throws IOException {
            Path sw = SweepFixtures.study(tmp.resolve("sw"));
            Report.write(sw);
            List<JsonNode> idx = index(sw);
            JsonNode p99 = idx.stream().filter(e -> e.path("x").asText().equals(SweepFixtures.KMIN)
                    && e.path("y").asText().equals("workloads.incast.fct_slowdown.p99")).findFirst().orElseThrow();
            assertEquals(List.of(CUT), texts(p99.path("truncated")));
            JsonNode drops = idx.stream().filter(e -> e.path("y").asText().equals("ports.lossless_drops")).findFirst()
                    .orElseThrow();
            assertEquals(List.of(CUT), texts(drops.path("truncated")));
            String html = Files.readString(sw.resolve("report.html"));
            assertTrue(html.contains("1 of 8 runs stopped at stop_time with unfinished work (points " + CUT + ")"), html);
            assertTrue(html.contains("○ 1 of 2 cut"));
            // D's incast p99: seed 1 18, seed 2 its censored 40: mean 29, half-width t(0.975, 1) * 11 = 139.8
            assertTrue(html.contains("≥ 29 ± 140 ×"), "the censored lower bound");
        }

        @Test
        void theBestPointIsTheHighestBusbwWithoutLosslessDropsAndNotTruncated() throws IOException {
            Path sw = SweepFixtures.study(tmp.resolve("sw"));
            Report.write(sw);
            String html = Files.readString(sw.resolve("report.html"));
            assertTrue(html.contains("highest ar: busbw with 0 lossless drops in every run: <b>kmin=200KB dynamic_th=-3: "
                    + "15 ± 12.7 GB/s over 2 seeds (2 of 4 points qualify; 1 with truncated runs not considered)"), html);
            assertTrue(html.contains("lossless drops: 1 of 4 points dropped") || html.contains("Lossless drops"), html);
        }

        @Test
        void bestAndWhereChooseTheQuestion() throws IOException {
            Path sw = SweepFixtures.study(tmp.resolve("sw"));
            Report.write(sw, options(List.of(), "min:workloads.incast.fct_slowdown.p99",
                    List.of("ports.lossless_drops <= 5", "pfc.paused_ps<=2us")));
            String html = Files.readString(sw.resolve("report.html"));
            // B (100KB, -1): p99 20 and 22, paused 1 and 1.5 us, 3 drops allowed by the constraint
            assertTrue(html.contains("lowest incast: p99 FCT slowdown with ports.lossless_drops &lt;= 5 and "
                    + "pfc.paused_ps &lt;= 2us in every run: <b>kmin=100KB dynamic_th=-1: 21 ± 12.7 ×"), html);
        }

        @Test
        void metricPicksTheChartedFigures() throws IOException {
            Path sw = SweepFixtures.study(tmp.resolve("sw"));
            Report.write(sw, options(List.of("workloads.*.fct_slowdown.p99"), null, List.of()));
            List<JsonNode> idx = index(sw);
            Set<String> ys = new java.util.TreeSet<>();
            idx.stream().filter(e -> !e.path("section").asText().equals("appendix")
                    && !e.path("section").asText().equals("scenario")).forEach(e -> ys.add(e.path("z").isNull()
                    ? e.path("y").asText() : e.path("z").asText()));
            assertEquals(Set.of("workloads.ar.fct_slowdown.p99", "workloads.incast.fct_slowdown.p99"), ys);
        }
    }

    static ReportOptions options(List<String> metrics, String best, List<String> where) {
        return new ReportOptions(null, null, List.of(), 6, metrics, best, where);
    }

    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Nested
    class BadInput {
        @Test
        void anUnknownMetricNamesWhatExists() throws IOException {
            Path sw = SweepFixtures.study(tmp.resolve("sw"));
            ReportException e = assertThrows(ReportException.class, () -> Report.write(sw,
                    options(List.of("workloads.incast.fct_slowdown.p98"), null, List.of())));
            assertTrue(e.getMessage().startsWith("--metric workloads.incast.fct_slowdown.p98: no such figure in "),
                    e.getMessage());
            assertFalse(Files.exists(sw.resolve("report.html")), "nothing written");
        }

        @Test
        void aMalformedConstraintIsExplained() throws IOException {
            Path sw = SweepFixtures.study(tmp.resolve("sw"));
            ReportException e = assertThrows(ReportException.class, () -> Report.write(sw,
                    options(List.of(), null, List.of("pfc.paused_ps about 3"))));
            assertTrue(e.getMessage().startsWith("--where pfc.paused_ps about 3: expected KEY OP VALUE"), e.getMessage());
            e = assertThrows(ReportException.class, () -> Report.write(sw, options(List.of(), null,
                    List.of("pfc.paused_ps<=soon"))));
            assertTrue(e.getMessage().contains("'soon' is not a number"), e.getMessage());
        }

        @Test
        void sweepChoicesOnARunAreRefused() throws IOException {
            Path run = Fixtures.run(tmp.resolve("run"));
            ReportException e = assertThrows(ReportException.class, () -> Report.write(run,
                    options(List.of("fct_slowdown.p99"), null, List.of())));
            assertEquals("--metric, --best and --where choose the figures of a sweep report; " + run + " is a run",
                    e.getMessage());
        }
    }

    @Test
    void everyChartOfEveryReportKindNamesItsMetricKeys() throws IOException {
        Path run = Fixtures.run(tmp.resolve("run"));
        Report.write(run);
        Path base = Fixtures.run(tmp.resolve("base"));
        Path cmp = Report.write(run, new ReportOptions(null, base, List.of(), 6)).getParent();
        Path sw = SweepFixtures.study(tmp.resolve("sw"));
        Report.write(sw);
        Path sw2 = SweepFixtures.study(tmp.resolve("sw2"));
        Path swCmp = Report.write(sw2, new ReportOptions(null, sw, List.of(), 6)).getParent();
        for (Path d : List.of(run, cmp, sw, swCmp)) {
            List<JsonNode> idx = index(d);
            assertTrue(idx.size() >= 3, d + ": " + idx.size());
            for (JsonNode e : idx) {
                assertFalse(e.path("x").isNull(), d + ": " + e);
                assertFalse(e.path("y").isNull(), d + ": " + e);
                assertNotNull(e.path("title").textValue(), e.toString());
                assertTrue(Files.isRegularFile(d.resolve("charts").resolve(e.path("file").asText())), e.toString());
            }
        }
        // the run's own charts: the queue chart plots bytes over time
        assertTrue(index(run).stream().anyMatch(e -> e.path("x").asText().equals("time")
                && e.path("y").asText().equals("timeseries/queues.csv:bytes")));
    }
}
