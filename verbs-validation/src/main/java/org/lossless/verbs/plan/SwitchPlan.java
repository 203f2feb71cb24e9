package org.lossless.verbs.plan;

import java.util.List;

/**
 * A lab switch in the plan with what is read on it: SONiC counters before and after the replay, its version once.
 */
public record SwitchPlan(LabSwitch sw, List<Snapshot> counters, List<Snapshot> versions) {
    public SwitchPlan {
        counters = List.copyOf(counters);
        versions = List.copyOf(versions);
    }
}
