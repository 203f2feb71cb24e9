package org.lossless.workloads.training;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The chain of nodes that set an iteration's duration, walked back from the node that ended last: a compute node
 * was held up by the dependency or stream predecessor that ended last; a call by the member that arrived last
 * (the path moves to that rank). Its segments cover the iteration without gaps.
 *
 * @param computePs time of the path in compute nodes, ps
 * @param commPs    time of the path in calls per {@link CommKind} (indexed by ordinal), ps
 * @param otherPs   time of the path in neither (before the first node), ps
 * @param ranks     the ranks the path visits, in the order it visits them from the start of the iteration
 */
public record CriticalPath(long computePs, long[] commPs, long otherPs, int[] ranks) {
    public CriticalPath {
        commPs = commPs.clone();
        ranks = ranks.clone();
    }

    @Override
    public long[] commPs() {
        return commPs.clone();
    }

    @Override
    public int[] ranks() {
        return ranks.clone();
    }

    /** Total time, ps. */
    public long totalPs() {
        return computePs + Arrays.stream(commPs).sum() + otherPs;
    }

    /**
     * Its name: each part with its share of the path, largest first, e.g. {@code compute 81.2% dp 12.0% pp 6.8%},
     * then the ranks it crosses ({@code on ranks 0>8>0}; at most 8 listed).
     */
    public String describe() {
        long total = Math.max(1, totalPs());
        List<Object[]> parts = new ArrayList<>();
        parts.add(new Object[] {"compute", computePs});
        for (CommKind k : CommKind.values()) {
            parts.add(new Object[] {k.key(), commPs[k.ordinal()]});
        }
        parts.add(new Object[] {"idle", otherPs});
        parts.sort((a, b) -> Long.compare((Long) b[1], (Long) a[1]));
        StringBuilder sb = new StringBuilder();
        for (Object[] p : parts) {
            long v = (Long) p[1];
            if (v > 0) {
                if (sb.length() > 0) {
                    sb.append(' ');
                }
                sb.append(p[0]).append(' ').append(String.format(Locale.ROOT, "%.1f%%", 100.0 * v / total));
            }
        }
        sb.append(" on ranks ");
        for (int i = 0; i < Math.min(ranks.length, 8); i++) {
            sb.append(i == 0 ? "" : ">").append(ranks[i]);
        }
        if (ranks.length > 8) {
            sb.append(">...(").append(ranks.length).append(" hops)");
        }
        return sb.toString();
    }
}
