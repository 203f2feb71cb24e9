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

import org.lossless.cli.Cli;
import org.lossless.experiments.metrics.FlowResult;
import org.lossless.experiments.metrics.RunResult;
import org.lossless.experiments.run.ScenarioEngine;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.topology.io.HpccFctFile;

/**
 * One HPCC-simulator fixture set run here: the HPCC-format inputs copied from the test resources, turned into a
 * scenario by {@code lossless import hpcc} (in-process), run, and each finished flow paired with the HPCC simulator's
 * line for it in its {@code fct.txt} (source, destination, size, start order; {@link HpccFctFile#pair}).
 */
final class HpccSimulatorRun {
    private final Path scenario;
    private final List<HpccFctFile.Flow> hpcc;

    /**
     * Copies the four files of resource folder {@code folder} ({@code /name/}) into {@code dir} and imports them.
     *
     * @param topology the HPCC topology file's name in the folder (also for flows, config: HPCC's flow and config
     *                 files; fct: the FCT file HPCC's simulator wrote for them)
     */
    HpccSimulatorRun(Path dir, String folder, String topology, String flows, String config, String fct)
            throws IOException {
        for (String f : List.of(topology, flows, config, fct)) {
            try (InputStream in = HpccSimulatorRun.class.getResourceAsStream(folder + f)) {
                Files.copy(in, dir.resolve(f));
            }
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new Cli(new PrintWriter(out), new PrintWriter(err), dir, ScenarioEngine::new, p -> { })
                .execute("import", "hpcc", "--topology", topology, "--flows", flows, "--config", config, "--out",
                        "imported.yaml");
        assertEquals(Cli.OK, code, err.toString());
        this.scenario = dir.resolve("imported.yaml");
        this.hpcc = HpccFctFile.read(dir.resolve(fct));
        long lines = Files.readAllLines(dir.resolve(flows)).stream().skip(1).filter(l -> !l.isBlank()).count();
        assertEquals(lines, hpcc.size(), "HPCC's " + fct + ": a line per flow of " + flows + ", all finished");
    }

    /** HPCC's flows (its completion times and standalone FCTs, ns). */
    List<HpccFctFile.Flow> hpcc() {
        return hpcc;
    }

    /**
     * Runs the imported scenario with {@code sets} and pairs its flows with HPCC's; every flow must finish here and
     * find its partner (each side's FCT is to the sender's last ACK, its ideal the sender's).
     */
    List<HpccFctFile.Match> run(List<String> sets) {
        RunResult run = new ScenarioEngine().run(ScenarioLoader.load(scenario, sets));
        List<HpccFctFile.Flow> ours = new ArrayList<>();
        for (FlowResult f : run.flows()) {
            assertTrue(f.senderDonePs() >= 0, "flow " + f.flowId() + " did not finish (" + sets + ")");
            ours.add(new HpccFctFile.Flow(f.src(), f.dst(), f.sizeBytes(), f.startPs() / 1e3,
                    (f.senderDonePs() - f.startPs()) / 1e3, f.senderIdealFctPs() / 1e3));
        }
        assertEquals(hpcc.size(), ours.size(), "flows run");
        HpccFctFile.Pairing p = HpccFctFile.pair(ours, hpcc);
        assertEquals(0, p.onlyOurs() + p.onlyTheirs(), "flows without a partner: ours " + p.onlyOurs() + ", HPCC's "
                + p.onlyTheirs());
        return p.matches();
    }

    /**
     * Slowdown p50, p95, p99 of one side as the HPCC repository's {@code analysis/fct_analysis.py} computes them:
     * FCT over the side's own ideal (HPCC: its standalone FCT), at least 1, sorted, percentile p = element floor(n p).
     */
    static double[] slowdowns(List<HpccFctFile.Flow> flows) {
        double[] s = flows.stream().mapToDouble(f -> Math.max(1, f.fctNs() / f.idealNs())).sorted().toArray();
        double[] ps = {0.50, 0.95, 0.99};
        double[] out = new double[ps.length];
        for (int i = 0; i < ps.length; i++) {
            out[i] = s[Math.min(s.length - 1, (int) (s.length * ps[i]))];
        }
        return out;
    }

    /** Prints and returns Lossless's slowdown percentiles over HPCC's ({@link #slowdowns}) for {@code matches}. */
    static double[] slowdownRatios(String label, List<HpccFctFile.Match> matches) {
        double[] ours = slowdowns(matches.stream().map(HpccFctFile.Match::ours).toList());
        double[] theirs = slowdowns(matches.stream().map(HpccFctFile.Match::theirs).toList());
        double[] r = new double[ours.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = ours[i] / theirs[i];
        }
        System.out.printf(Locale.ROOT, "%s, %d flows: slowdown p50 / p95 / p99 Lossless %.3f / %.3f / %.3f, HPCC's"
                + " simulator %.3f / %.3f / %.3f, ratio %.3f / %.3f / %.3f%n", label, matches.size(), ours[0], ours[1],
                ours[2], theirs[0], theirs[1], theirs[2], r[0], r[1], r[2]);
        return r;
    }
}
