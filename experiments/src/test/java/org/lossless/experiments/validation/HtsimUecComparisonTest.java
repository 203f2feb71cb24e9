package org.lossless.experiments.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.PacketEngine;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * Lossless's UET model side by side with the Ultra Ethernet Consortium's htsim ({@code htsim_uec}, uet-htsim commit
 * 40ccb052) on the same k = 4 fat-tree (16 hosts, 100 Gb/s, 1 us links, 1-BDP queues with trimming, ECN 0.2..0.8 BDP)
 * and the same traffic: a permutation (16 x 1 MB) and an 8-to-1 incast across pods (8 x 1 MB), each with NSCC, RCCC
 * and hybrid. The scenarios, htsim's recorded outputs and the exact htsim command lines are in the test resources
 * {@code htsim-uec/} (README.txt there); {@code benchmarks/htsim/compare.sh} reruns both.
 *
 * <p><b>Source of the expectation.</b> htsim's own flow completion times ("Flow ... finished at T": the sender sees the
 * last byte acknowledged), not anything Lossless computes. <b>The bar</b>, fixed before either side was run (committed
 * first in benchmarks/htsim/README.md): FCT p50, p99 and max (nearest rank; with 16 and 8 flows p99 is the max) and
 * the job time (the last completion: every flow starts at 0) each within 15 % of htsim's, and NSCC, RCCC and hybrid
 * ranked by job time as htsim ranks them, two whose htsim job times differ by less than 2 % counting as tied.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HtsimUecComparisonTest {
    static final String FIXTURES = "/htsim-uec/";
    static final double BAR = 0.15;
    static final double TIE = 0.02;
    static final List<String> CCS = List.of("nscc", "rccc", "hybrid");
    private static final Pattern FINISHED = Pattern.compile(
            "^Flow Uec_(\\d+)_(\\d+) flowId \\d+ .*? finished at ([0-9.eE+-]+) ", Pattern.MULTILINE);
    private static final Pattern CM_FLOW = Pattern.compile("^(\\d+)->(\\d+) id \\d+ start 0 size (\\d+)$",
            Pattern.MULTILINE);

    private final Map<String, Fcts> ours = new HashMap<>();

    /** FCTs in us of one run, with the flows (src->dst size) they belong to, sorted. */
    record Fcts(List<Double> us, List<String> flows) {
        Fcts {
            us = us.stream().sorted().toList();
            flows = flows.stream().sorted().toList();
        }

        /** Nearest-rank percentile. */
        double p(double q) {
            return us.get(Math.max(0, (int) Math.ceil(q * us.size()) - 1));
        }

        double max() {
            return us.get(us.size() - 1);
        }
    }

    static String resource(String name) throws IOException {
        try (InputStream in = HtsimUecComparisonTest.class.getResourceAsStream(FIXTURES + name)) {
            assertTrue(in != null, "test resource " + FIXTURES + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** htsim's recorded run: one "finished at" line per flow, in us. */
    static Fcts htsim(String workload, String cc) throws IOException {
        Matcher m = FINISHED.matcher(resource("htsim-" + workload + "-" + cc + ".txt"));
        List<Double> us = new ArrayList<>();
        List<String> flows = new ArrayList<>();
        Map<String, String> sizes = cmSizes(workload);
        while (m.find()) {
            String pair = m.group(1) + "->" + m.group(2);
            us.add(Double.parseDouble(m.group(3)));
            flows.add(pair + " " + sizes.get(pair));
        }
        return new Fcts(us, flows);
    }

    /** The connection matrix htsim ran: src->dst to size in bytes. */
    static Map<String, String> cmSizes(String workload) throws IOException {
        Matcher m = CM_FLOW.matcher(resource(workload + ".cm"));
        Map<String, String> sizes = new HashMap<>();
        while (m.find()) {
            sizes.put(m.group(1) + "->" + m.group(2), m.group(3));
        }
        return sizes;
    }

    /** Lossless's run of the same scenario (cached: the ranking check reuses the runs). */
    Fcts lossless(String workload, String cc) throws IOException {
        String key = workload + "-" + cc;
        Fcts cached = ours.get(key);
        if (cached != null) {
            return cached;
        }
        Scenario s = ScenarioLoader.parse(workload + ".yaml", resource(workload + ".yaml"), Path.of("."),
                List.of("nic.uet.cc=" + cc));
        RunResult r = new PacketEngine().run(ScenarioEngine.input(s));
        List<Double> us = new ArrayList<>();
        List<String> flows = new ArrayList<>();
        for (FlowResult f : r.flows()) {
            if (f.data()) {
                assertTrue(f.senderDonePs() >= 0, key + ": flow " + f.flowId() + " acknowledged");
                us.add((f.senderDonePs() - f.startPs()) / 1e6);
                flows.add(f.src() + "->" + f.dst() + " " + f.sizeBytes());
            }
        }
        Fcts fcts = new Fcts(us, flows);
        ours.put(key, fcts);
        return fcts;
    }

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class WithinTheBar {
        @ParameterizedTest(name = "{0} {1}")
        @CsvSource({"perm, nscc", "perm, rccc", "perm, hybrid", "incast, nscc", "incast, rccc", "incast, hybrid"})
        void fctPercentilesAndJobTimeWithinFifteenPercentOfHtsims(String workload, String cc) throws IOException {
            Fcts theirs = htsim(workload, cc);
            Fcts mine = lossless(workload, cc);
            assertEquals(theirs.flows(), mine.flows(), "htsim ran the scenario's flows, every one finished");
            System.out.printf(Locale.ROOT, "htsim UEC comparison, %s %s: FCT p50 / p99 / max %.2f / %.2f / %.2f us"
                            + " (htsim %.2f / %.2f / %.2f us)%n", workload, cc, mine.p(0.5), mine.p(0.99), mine.max(),
                    theirs.p(0.5), theirs.p(0.99), theirs.max());
            assertEquals(1.0, mine.p(0.5) / theirs.p(0.5), BAR, "FCT p50 over htsim's");
            assertEquals(1.0, mine.p(0.99) / theirs.p(0.99), BAR, "FCT p99 over htsim's");
            assertEquals(1.0, mine.max() / theirs.max(), BAR, "FCT max (the job time) over htsim's");
        }
    }

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class SameRanking {
        @ParameterizedTest
        @ValueSource(strings = {"perm", "incast"})
        void nsccRcccAndHybridRankedByJobTimeAsHtsimRanksThem(String workload) throws IOException {
            int decided = 0;
            for (int i = 0; i < CCS.size(); i++) {
                for (int j = i + 1; j < CCS.size(); j++) {
                    String a = CCS.get(i);
                    String b = CCS.get(j);
                    double ha = htsim(workload, a).max();
                    double hb = htsim(workload, b).max();
                    if (Math.abs(ha / hb - 1) < TIE) {
                        continue;   // tied in htsim: either order
                    }
                    decided++;
                    double la = lossless(workload, a).max();
                    double lb = lossless(workload, b).max();
                    assertEquals(ha < hb, la < lb, String.format(Locale.ROOT,
                            "%s: %s %.2f us vs %s %.2f us (htsim %.2f vs %.2f us)", workload, a, la, b, lb, ha, hb));
                }
            }
            // with the recorded runs htsim's three job times are within 2 % of each other on both workloads, so no
            // pair is decided and this constrains nothing until htsim's numbers separate (docs/uet.md says so)
            System.out.printf(Locale.ROOT, "htsim UEC comparison, %s: %d of 3 pairs ordered by htsim beyond the 2 %%"
                    + " tie%n", workload, decided);
        }
    }
}
