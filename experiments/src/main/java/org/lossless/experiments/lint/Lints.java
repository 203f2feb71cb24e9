package org.lossless.experiments.lint;

import java.util.ArrayList;
import java.util.List;

import org.lossless.experiments.scenario.Scenario;
import org.lossless.workloads.spec.ProgramWorkload;
import org.lossless.workloads.spec.WorkloadConfig;

/**
 * Every finding about a loaded scenario, in the order the console prints them: the topology file's remarks (an
 * {@code hpcc-file} import), the workloads' own ({@code hpcc-flows} imports, programs), then the lints: a fixed
 * PFC headroom below the need ({@link HeadroomLint}), a shared headroom pool below what its lossless groups may
 * need at once ({@link HeadroomPoolLint}), PFC pausing before ECN marks ({@link EcnPfcLint}), Ultra Ethernet
 * settings that cannot work as meant ({@link UetLint}), CBFC credits below line rate ({@link CbfcLint}), traffic-class mappings that break losslessness or
 * starve CNPs ({@link QosMapLint}), packet spraying under go-back-N ({@link SprayLint}) and Swift targets below the
 * fabric's base RTT ({@link SwiftLint}). Computed from the scenario alone, never from a run: the same scenario gives
 * the same findings (and {@code warnings.json} bytes) on every seed and machine.
 */
public final class Lints {
    /** The code of a topology file's remark. */
    public static final String TOPOLOGY = "topology-import";
    /** The code of a workload's own remark. */
    public static final String WORKLOAD = "workload-import";

    private Lints() {
    }

    /** Every finding for {@code s}, console order. */
    public static List<Finding> of(Scenario s) {
        List<Finding> all = new ArrayList<>();
        for (String w : s.topology().warnings()) {
            all.add(Finding.warning(TOPOLOGY, w, "topology"));
        }
        for (int i = 0; i < s.workloads().size(); i++) {
            WorkloadConfig w = s.workloads().get(i);
            List<String> own = w instanceof WorkloadConfig.HpccFlows h ? h.warnings()
                    : w instanceof ProgramWorkload p ? p.warnings() : List.of();
            for (String text : own) {
                all.add(Finding.warning(WORKLOAD, text, "workloads[" + i + "]"));
            }
        }
        all.addAll(HeadroomLint.of(s));
        all.addAll(HeadroomPoolLint.of(s));
        all.addAll(EcnPfcLint.of(s));
        all.addAll(UetLint.of(s));
        all.addAll(CbfcLint.of(s));
        all.addAll(QosMapLint.of(s));
        all.addAll(SprayLint.of(s));
        all.addAll(SwiftLint.of(s));
        return List.copyOf(all);
    }
}
