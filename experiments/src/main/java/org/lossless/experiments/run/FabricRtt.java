package org.lossless.experiments.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.nic.PathRtt;
import org.lossless.topology.Cable;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;

/**
 * The fabric's largest base RTT between two hosts ({@code base_rtt: auto} of HPCC, TIMELY and DCTCP, as the
 * HPCC simulator's {@code GLOBAL_T 1}): the maximum of {@link BaseRtt} over host pairs. Hosts on the same
 * switch with the same cable rate and delay have the same RTT to every other host (routes depend on the
 * destination only and equal-cost paths have equal length), so one host of each such group stands for it,
 * with a second one for pairs inside the group: O(groups² × hops), not O(hosts²).
 */
public final class FabricRtt {
    private FabricRtt() {
    }

    public static long max(Topology t, PathRtt rtt) {
        List<List<Integer>> reps = groups(t);
        long max = 0;
        for (List<Integer> a : reps) {
            if (a.size() > 1) {
                max = Math.max(max, rtt.ps(a.get(0), a.get(1)));
            }
            for (List<Integer> b : reps) {
                if (a != b) {
                    max = Math.max(max, rtt.ps(a.get(0), b.get(0)));
                }
            }
        }
        if (max == 0) {
            throw new IllegalStateException("the fabric has fewer than two hosts: no base RTT");
        }
        return max;
    }

    /**
     * The hosts grouped by the switch they are cabled to and their cable's rate and delay, at most two of each group
     * (the first two in host order): the host pairs {@code (a.get(0), b.get(0))} of two groups and {@code (a.get(0),
     * a.get(1))} inside one stand for every pair of the fabric in anything that depends on the path alone.
     */
    public static List<List<Integer>> groups(Topology t) {
        Map<List<Long>, List<Integer>> groups = new LinkedHashMap<>();
        for (int h = 0; h < t.hostCount(); h++) {
            Port p = t.ports(t.hostNode(h)).get(0);
            Cable c = p.cable();
            List<Integer> g = groups.computeIfAbsent(List.of((long) p.peer(), c.rateBps(), c.delayPs()), k -> new ArrayList<>());
            if (g.size() < 2) {
                g.add(h);
            }
        }
        return new ArrayList<>(groups.values());
    }
}
