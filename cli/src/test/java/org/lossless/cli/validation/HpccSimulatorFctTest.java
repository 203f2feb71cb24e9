package org.lossless.cli.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.cli.Cli;
import org.lossless.experiments.run.FlowResult;
import org.lossless.experiments.run.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.ScenarioLoader;

/**
 * V-09, lean, against the HPCC simulator's own output, flow by flow: each flow's completion time here (the sender's
 * last ACK minus the flow's start, as HPCC's {@code fct.txt} times it) over the HPCC simulator's for the same flow.
 *
 * <p><b>Source of the expectation.</b> The fixture folder {@code hpcc-simulator-v09-lean} (its README.txt says how it
 * was made) holds HPCC-format inputs written by {@code SETUP_ONLY=1 benchmarks/hpcc-parity.sh OUT 0.3 0.0002 1}: the
 * HPCC paper's 320-host fat-tree (100 Gb/s hosts, 400 Gb/s fabric, 1 us links), FbHdp flows at 30 % load for 200 us
 * of arrivals (2,067 flows, seed 1), DCQCN as HPCC's {@code run.py} sets it, and the {@code fct.txt} that the HPCC
 * simulator (its {@code simulation} folder at commit 9f4be2a9, built unmodified) wrote for them, with the config keys
 * of {@code benchmarks/cli/hpcc-side-by-side.sh} appended. Nothing here is computed by Lossless ahead of the run.
 * The scenario is made from the same files by {@code lossless import hpcc}, in-process.
 *
 * <p><b>Why these tolerances.</b> HPCC's switches queue ACKs with data (its {@code ACK_HIGH_PRIO} reaches only its
 * NICs), which Lossless reproduces with {@code nic.ack_priority: data}. On the full 1 ms V-09 (10,090 flows) that
 * setting gave Lossless-over-HPCC ratio percentiles p5 0.972, p25 1.001, p50 1.005, p75 1.024, p95 1.144; the import's
 * default (ACKs on priority 7, served first at every hop) p5 0.646, p50 1.003, p95 1.088: faster than HPCC for flows
 * whose last ACK meets a data queue there. The bounds below add margin to those numbers for a sample ten times
 * smaller (a fifth of the arrivals, less queueing) and were fixed before this lean run was compared with HPCC's:
 * with ACKs on the data priority p50 in [0.98, 1.03], p25 &gt;= 0.95, p75 &lt;= 1.08, p5 &gt;= 0.85, p95 &lt;= 1.30;
 * with the default p50 in [0.98, 1.03] and p5 below the data-priority run's p5 (the ACK-queueing difference shows in
 * the fast tail). Every flow must finish in both simulators and pair with one flow of the other.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HpccSimulatorFctTest {
    static final String FIXTURES = "/hpcc-simulator-v09-lean/";

    /** A finished flow: its key (source host, destination host, size in bytes), start and FCT, ns. */
    record Timed(long src, long dst, long size, double startNs, double fctNs) {
    }

    private Path scenario;
    private List<Timed> hpcc;
    private double[] dataRatios;

    @BeforeAll
    void importTheHpccFiles(@TempDir Path dir) throws IOException {
        for (String f : List.of("topology.txt", "flow.txt", "config.txt", "fct.txt")) {
            try (InputStream in = HpccSimulatorFctTest.class.getResourceAsStream(FIXTURES + f)) {
                Files.copy(in, dir.resolve(f));
            }
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new Cli(new PrintWriter(out), new PrintWriter(err), dir, ScenarioEngine::new, p -> { })
                .execute("import", "hpcc", "--topology", "topology.txt", "--flows", "flow.txt", "--config", "config.txt",
                        "--out", "v09.yaml");
        assertEquals(Cli.OK, code, err.toString());
        scenario = dir.resolve("v09.yaml");
        hpcc = readHpcc(Files.readAllLines(dir.resolve("fct.txt")));
        assertEquals(2067, hpcc.size(), "HPCC's fct.txt: a line per flow of flow.txt, all finished");
    }

    @Test
    void withAcksOnTheDataPriorityEveryFlowTakesAboutHpccsTime() {
        double[] r = dataRatios();
        report("nic.ack_priority=data", r);
        double p50 = pct(r, 50);
        assertTrue(p50 >= 0.98 && p50 <= 1.03, "p50 " + p50);
        assertTrue(pct(r, 25) >= 0.95, "p25 " + pct(r, 25));
        assertTrue(pct(r, 75) <= 1.08, "p75 " + pct(r, 75));
        assertTrue(pct(r, 5) >= 0.85, "p5 " + pct(r, 5));
        assertTrue(pct(r, 95) <= 1.30, "p95 " + pct(r, 95));
    }

    @Test
    void withTheImportsAckPriorityTheFastTailIsFasterThanHpccs() {
        double[] r = ratios(List.of());
        report("import default", r);
        double p50 = pct(r, 50);
        assertTrue(p50 >= 0.98 && p50 <= 1.03, "p50 " + p50);
        double dataP5 = pct(dataRatios(), 5);
        assertTrue(pct(r, 5) < dataP5, "p5 " + pct(r, 5) + ", with ACKs on the data priority " + dataP5);
    }

    @Test
    void hpccAddressesAndPairingByHand() {
        assertEquals(268, host("0b010c01"));
        assertEquals(0, host("0b000001"));
        // two flows with one key pair in start order; the ratios follow our start order
        List<Timed> theirs = List.of(new Timed(1, 2, 300, 20, 8), new Timed(1, 2, 300, 10, 4));
        List<Timed> ours = List.of(new Timed(1, 2, 300, 20.5, 10), new Timed(1, 2, 300, 10.5, 5));
        assertEquals(List.of(1.25, 1.25), Arrays.stream(match(ours, theirs)).boxed().toList());
    }

    private double[] dataRatios() {
        if (dataRatios == null) {
            dataRatios = ratios(List.of("nic.ack_priority=data"));
        }
        return dataRatios;
    }

    /** Runs the imported scenario with {@code sets}; Lossless's FCT over HPCC's per paired flow, sorted. */
    private double[] ratios(List<String> sets) {
        RunResult run = new ScenarioEngine().run(ScenarioLoader.load(scenario, sets));
        List<Timed> ours = new ArrayList<>();
        for (FlowResult f : run.flows()) {
            assertTrue(f.senderDonePs() >= 0, "flow " + f.flowId() + " did not finish (" + sets + ")");
            ours.add(new Timed(f.src(), f.dst(), f.sizeBytes(), f.startPs() / 1e3,
                    (f.senderDonePs() - f.startPs()) / 1e3));
        }
        assertEquals(hpcc.size(), ours.size(), "flows run");
        double[] r = match(ours, hpcc);
        Arrays.sort(r);
        return r;
    }

    /**
     * Pairs flow by flow: a flow is its (source, destination, size); among flows with the same three the k-th to start
     * in one run is the k-th in the other (both come from the one flow file). Every flow must pair.
     */
    static double[] match(List<Timed> ours, List<Timed> theirs) {
        Map<List<Long>, ArrayDeque<Timed>> byKey = new HashMap<>();
        theirs.stream().sorted(Comparator.comparingDouble(Timed::startNs)).forEach(t ->
                byKey.computeIfAbsent(List.of(t.src(), t.dst(), t.size()), k -> new ArrayDeque<>()).add(t));
        List<Timed> sorted = ours.stream().sorted(Comparator.comparingDouble(Timed::startNs)).toList();
        double[] ratios = new double[sorted.size()];
        for (int i = 0; i < ratios.length; i++) {
            Timed t = sorted.get(i);
            ArrayDeque<Timed> q = byKey.get(List.of(t.src(), t.dst(), t.size()));
            Timed h = q == null ? null : q.poll();
            assertTrue(h != null, "no HPCC flow for " + t);
            ratios[i] = t.fctNs() / h.fctNs();
        }
        return ratios;
    }

    /** HPCC's fct.txt: {@code sip dip sport dport size start_ns fct_ns standalone_ns}, addresses in hex. */
    static List<Timed> readHpcc(List<String> lines) {
        List<Timed> out = new ArrayList<>();
        for (String l : lines) {
            String[] c = l.trim().split("\\s+");
            out.add(new Timed(host(c[0]), host(c[1]), Long.parseLong(c[4]), Double.parseDouble(c[5]),
                    Double.parseDouble(c[6])));
        }
        return out;
    }

    /** Host number of an HPCC address (its {@code node_id_to_ip}: 0x0b000001 + id / 256 * 0x10000 + id % 256 * 0x100). */
    static long host(String hexIp) {
        long ip = Long.parseLong(hexIp, 16);
        return ((ip >> 16) & 0xff) * 256 + ((ip >> 8) & 0xff);
    }

    /** Nearest rank: the smallest value with at least p % of the sample at or below it. */
    static double pct(double[] sorted, double p) {
        return sorted[Math.max(0, (int) Math.ceil(p / 100 * sorted.length) - 1)];
    }

    private static void report(String label, double[] r) {
        System.out.printf(Locale.ROOT, "V-09 lean vs HPCC's simulator (%s): %d flows, FCT ratio p5 %.3f p25 %.3f "
                + "p50 %.3f p75 %.3f p95 %.3f%n", label, r.length, pct(r, 5), pct(r, 25), pct(r, 50), pct(r, 75),
                pct(r, 95));
    }
}
