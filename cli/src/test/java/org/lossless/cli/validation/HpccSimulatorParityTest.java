package org.lossless.cli.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.lossless.topology.io.HpccFctFile;

/**
 * HPCC parity out of the box (docs/validation.md, "HPCC parity"): FbHdp on the HPCC paper's fat-tree, the HPCC
 * simulator's own output against {@code lossless import hpcc} of the same files, run as imported (no setting
 * added). The slowdown p50, p95 and p99 (each simulator over its own ideal, as HPCC's {@code fct_analysis.py}
 * computes them) must each be within 10 % of HPCC's: the goal's tolerance, fixed with the goal, before these
 * fixtures were compared.
 *
 * <p><b>Source of the expectation.</b> The fixture folder {@code hpcc-simulator-parity} (README.txt there): the
 * 320-host fat-tree and FbHdp flows of {@code benchmarks/cli/hpcc-simulator-parity.sh} (200 us of arrivals, seed
 * 1) at 30 % and 50 % load, HPCC's {@code run.py --cc dcqcn|hp --bw 100} configs, and the {@code fct.txt} HPCC's
 * simulator (unmodified) wrote for each. DCQCN at 30 % is {@link HpccSimulatorFctTest}'s (its own fixture).
 */
class HpccSimulatorParityTest {
    static final String FIXTURES = "/hpcc-simulator-parity/";

    @ParameterizedTest(name = "{0} at {1} % load")
    @CsvSource({"dcqcn, 50", "hpcc, 30", "hpcc, 50"})
    void slowdownPercentilesWithinTenPercentOfHpccs(String cc, int load, @TempDir Path dir) throws IOException {
        HpccSimulatorRun files = new HpccSimulatorRun(dir, FIXTURES, "topology.txt", "flow-" + load + ".txt",
                "config-" + cc + ".txt", "fct-" + cc + "-" + load + ".txt");
        List<HpccFctFile.Match> m = files.run(List.of());
        double[] r = HpccSimulatorRun.slowdownRatios(cc + ", " + load + " %", m);
        for (int i = 0; i < r.length; i++) {
            assertEquals(1.0, r[i], 0.10, cc + " at " + load + " %: slowdown p" + new int[] {50, 95, 99}[i]
                    + ", Lossless over HPCC");
        }
    }
}
