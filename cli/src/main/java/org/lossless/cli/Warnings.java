package org.lossless.cli;

import org.lossless.experiments.run.EcnPfcLint;
import org.lossless.experiments.run.HeadroomLint;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.experiments.scenario.WorkloadConfig;

import java.util.ArrayList;
import java.util.List;

/**
 * What a loaded scenario does that is legal but worth telling: HPCC imports, a fixed PFC headroom
 * below the computed need ({@link HeadroomLint}), and PFC thresholds that pause before ECN marks
 * ({@link EcnPfcLint}).
 */
final class Warnings {
    private Warnings() {
    }

    static List<String> of(Scenario s) {
        List<String> all = new ArrayList<>(s.topology().warnings());
        for (WorkloadConfig w : s.workloads()) {
            if (w instanceof WorkloadConfig.HpccFlows h) {
                all.addAll(h.warnings());
            }
        }
        all.addAll(HeadroomLint.of(s));
        all.addAll(EcnPfcLint.of(s));
        return all;
    }

    /** Each warning on stderr as {@code lossless: warning: ...}. */
    static void print(Context ctx, Scenario s) {
        for (String w : of(s)) {
            ctx.err().println("lossless: warning: " + w);
        }
        ctx.err().flush();
    }
}
