package org.lossless.cli;

import org.lossless.experiments.run.EcnPfcLint;
import org.lossless.experiments.run.HeadroomLint;
import org.lossless.experiments.run.HeadroomPoolLint;
import org.lossless.experiments.run.QosMapLint;
import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.spec.WorkloadConfig;

import java.util.ArrayList;
import java.util.List;

/**
 * What a loaded scenario does that is legal but worth telling: HPCC imports, a fixed PFC headroom
 * below the computed need ({@link HeadroomLint}), a shared headroom pool smaller than what its ports' lossless
 * groups may need at once ({@link HeadroomPoolLint}), PFC thresholds that pause before ECN marks
 * ({@link EcnPfcLint}), Ultra Ethernet settings that cannot work as meant
 * ({@link org.lossless.experiments.run.UetLint}), and traffic-class mappings that break losslessness or starve CNPs ({@link QosMapLint}).
 */
final class Warnings {
    private Warnings() {
    }

    static List<String> of(Scenario s) {
        List<String> all = new ArrayList<>(s.topology().warnings());
        for (WorkloadConfig w : s.workloads()) {
            if (w instanceof WorkloadConfig.HpccFlows h) {
                all.addAll(h.warnings());
            } else if (w instanceof org.lossless.workloads.spec.ProgramWorkload p) {
                all.addAll(p.warnings());
            }
        }
        all.addAll(HeadroomLint.of(s));
        all.addAll(HeadroomPoolLint.of(s));
        all.addAll(EcnPfcLint.of(s));
        all.addAll(org.lossless.experiments.run.UetLint.of(s));
        all.addAll(org.lossless.experiments.run.CbfcLint.of(s));
        for (String q : QosMapLint.of(s)) {
            all.add("QoS mapping: " + q);
        }
        return all;
    }

    /** Each warning on stderr as {@code lossless: warning: ...}. */
    static void print(Context ctx, Scenario s) {
        print(ctx, of(s));
    }

    /** Each of {@code warnings} on stderr as {@code lossless: warning: ...}. */
    static void print(Context ctx, List<String> warnings) {
        for (String w : warnings) {
            ctx.err().println("lossless: warning: " + w);
        }
        ctx.err().flush();
    }
}
