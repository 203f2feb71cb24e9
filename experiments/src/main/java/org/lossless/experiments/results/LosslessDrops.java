package org.lossless.experiments.results;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.lossless.experiments.run.PortResult;
import org.lossless.experiments.scenario.Scenario;

/**
 * Drops on a lossless priority (one PFC protects): a lossless fabric must have none, so it is the first fabric
 * figure after the jobs and workloads ({@code summary.json} {@code drops.lossless_packets}, the console).
 */
public final class LosslessDrops {
    private LosslessDrops() {
    }

    /** The priorities PFC protects in {@code s}'s switches (empty without PFC). */
    public static Set<Integer> priorities(Scenario s) {
        var pfc = s.switchSettings().pfc();
        if (pfc == null || Boolean.FALSE.equals(pfc.enabled())) {
            return Set.of();
        }
        return new TreeSet<>(pfc.resolved(s.switchSettings().hpcc2019(), null).priorities());
    }

    /** Packets dropped on {@code lossless} priorities, summed over the ports of {@code ports}. */
    public static long packets(Set<Integer> lossless, List<PortResult> ports) {
        long n = 0;
        for (PortResult p : ports) {
            if (lossless.contains(p.priority())) {
                n += p.drops();
            }
        }
        return n;
    }
}
