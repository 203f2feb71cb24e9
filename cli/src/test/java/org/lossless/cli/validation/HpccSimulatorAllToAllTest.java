package org.lossless.cli.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.cli.Cli;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.topology.io.HpccFctFile;

/**
 * C-4 against the HPCC simulator: an all-to-all's messages, one 5-tuple per ordered pair, on the 16 hosts of a k=4
 * fat-tree (100 Gb/s everywhere, 1 us links), run by the HPCC ns-3 simulator and by Lossless from the same
 * HPCC-format files. The job's time is the last flow's completion (the sender's last ACK, as HPCC's {@code fct.txt}).
 *
 * <p><b>Source of the expectation.</b> The fixture folder {@code hpcc-simulator-alltoall-k4} (its README.txt says how
 * it was made): {@code lossless export hpcc}'s topology of the fat-tree, 240 flows of S/16 (1 MiB for the 16 MiB
 * all-to-all, 4 MiB for 64 MiB) all starting at once, HPCC's {@code run.py --cc dcqcn} settings, and the
 * {@code fct.txt} the HPCC simulator (commit 9f4be2a9, built unmodified) wrote for them with DCQCN and with ECN
 * thresholds out of reach (PFC only). Nothing is computed by Lossless ahead of the run; the scenario is made from the
 * files by {@code lossless import hpcc}, in-process, and run with the import's DCQCN and with {@code nic.cc: none}.
 *
 * <p><b>Why these tolerances</b> (fixed before Lossless ran these files). The two simulators hash flows onto the
 * fabric's equal-cost paths with different functions, so each run is one draw of the ECMP collisions, which set the
 * busiest link and with it the job's time (docs/validation.md, C-4: under PFC the job ends within a few per cent of
 * the busiest link's load). Lossless's three seeds are three draws; HPCC's file is one. The mean of Lossless's job
 * times must lie within 15 % of HPCC's, with DCQCN and with PFC only, and so must the mean of Lossless's per-seed
 * DCQCN-over-PFC ratios (which divides most of the hash luck out) against HPCC's ratio. Every flow must finish.
 */
class HpccSimulatorAllToAllTest {
    static final String FIXTURES = "/hpcc-simulator-alltoall-k4/";
    static final double TOLERANCE = 0.15;
    static final long[] SEEDS = {1, 2, 3};

    @Test
    void dcqcnAndPfcOnlyTakeAboutHpccsTime16MiB(@TempDir Path dir) throws IOException {
        compare(dir, "16MiB");
    }

    /** The all-to-all of the issue (64 MiB: 4 MiB per pair), in the validation profile: 6 runs of about 10 s CPU. */
    @Test
    @Tag("validation")
    void dcqcnAndPfcOnlyTakeAboutHpccsTime64MiB(@TempDir Path dir) throws IOException {
        compare(dir, "64MiB");
    }

    private static void compare(Path dir, String size) throws IOException {
        copy(dir, "topology.txt", "topology.txt");
        copy(dir, "flow-" + size + ".txt", "flow.txt");
        copy(dir, "config-dcqcn.txt", "config.txt");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new Cli(new PrintWriter(out), new PrintWriter(err), dir, ScenarioEngine::new, p -> { })
                .execute("import", "hpcc", "--topology", "topology.txt", "--flows", "flow.txt", "--config", "config.txt",
                        "--out", "a2a.yaml");
        assertEquals(Cli.OK, code, err.toString());
        Path scenario = dir.resolve("a2a.yaml");
        double hpccDcqcn = hpccJobMs(dir, "fct-dcqcn-" + size + ".txt");
        double hpccPfc = hpccJobMs(dir, "fct-pfc-" + size + ".txt");
        double[] dcqcn = new double[SEEDS.length];
        double[] pfc = new double[SEEDS.length];
        double ratio = 0;
        for (int i = 0; i < SEEDS.length; i++) {
            dcqcn[i] = jobMs(scenario, SEEDS[i], List.of());
            pfc[i] = jobMs(scenario, SEEDS[i], List.of("nic.cc=none"));
            ratio += dcqcn[i] / pfc[i] / SEEDS.length;
        }
        double meanDcqcn = mean(dcqcn);
        double meanPfc = mean(pfc);
        String report = String.format(Locale.ROOT, "C-4 all-to-all %s vs the HPCC simulator: DCQCN %s ms (mean %.3f),"
                + " HPCC %.3f ms (%+.1f %%); PFC only %s ms (mean %.3f), HPCC %.3f ms (%+.1f %%); DCQCN / PFC %.3f,"
                + " HPCC %.3f (%+.1f %%)", size, ms(dcqcn), meanDcqcn, hpccDcqcn, 100 * (meanDcqcn / hpccDcqcn - 1),
                ms(pfc), meanPfc, hpccPfc, 100 * (meanPfc / hpccPfc - 1), ratio, hpccDcqcn / hpccPfc,
                100 * (ratio / (hpccDcqcn / hpccPfc) - 1));
        System.out.println(report);
        assertEquals(hpccDcqcn, meanDcqcn, TOLERANCE * hpccDcqcn, report);
        assertEquals(hpccPfc, meanPfc, TOLERANCE * hpccPfc, report);
        assertEquals(hpccDcqcn / hpccPfc, ratio, TOLERANCE * hpccDcqcn / hpccPfc, report);
    }

    /** The last sender completion of the imported scenario, ms after the flows' common start. */
    private static double jobMs(Path scenario, long seed, List<String> sets) {
        List<String> all = new ArrayList<>(sets);
        all.add("seed=" + seed);
        RunResult run = new ScenarioEngine().run(ScenarioLoader.load(scenario, all));
        assertEquals(240, run.flows().size(), "flows run");
        long end = 0;
        for (FlowResult f : run.flows()) {
            assertTrue(f.senderDonePs() >= 0, "flow " + f.flowId() + " did not finish (" + all + ")");
            end = Math.max(end, f.senderDonePs());
        }
        return end / 1e9;
    }

    /** HPCC's job: the last start + FCT of its {@code fct.txt}, ms after the common start (every flow at 2 s). */
    private static double hpccJobMs(Path dir, String fct) throws IOException {
        copy(dir, fct, fct);
        List<HpccFctFile.Flow> flows = HpccFctFile.read(dir.resolve(fct));
        assertEquals(240, flows.size(), fct + ": a line per flow, all finished");
        double end = 0;
        for (HpccFctFile.Flow f : flows) {
            end = Math.max(end, f.startNs() + f.fctNs());
        }
        return (end - 2e9) / 1e6;
    }

    private static void copy(Path dir, String resource, String as) throws IOException {
        try (InputStream in = HpccSimulatorAllToAllTest.class.getResourceAsStream(FIXTURES + resource)) {
            Files.copy(in, dir.resolve(as));
        }
    }

    private static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v / x.length;
        }
        return s;
    }

    private static String ms(double[] x) {
        StringBuilder s = new StringBuilder();
        for (double v : x) {
            s.append(s.length() == 0 ? "" : " / ").append(String.format(Locale.ROOT, "%.3f", v));
        }
        return s.toString();
    }
}
