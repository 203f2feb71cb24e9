package org.lossless.topology.types;

import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;

/**
 * {@code fat-tree}: the k-ary 3-tier fat-tree (Al-Fares et al., SIGCOMM'08): k pods, each with k/2
 * ToRs and k/2 aggregation switches fully meshed; (k/2)^2 cores; k^3/4 hosts. Aggregation switch j of
 * every pod links to core group j.
 *
 * <p>Oversubscription is given as a port-count ratio, downlinks per uplink, as operators state it:
 * <ul>
 *   <li>{@code torOversubscription} o_t: each ToR has o_t x k/2 hosts and k/2 uplinks, so the fabric
 *       has o_t x k^3/4 hosts;</li>
 *   <li>{@code aggOversubscription} o_a: each aggregation switch has k/2 ToR links and k/(2 o_a) core
 *       links, so there are k^2/(4 o_a) cores, each still with one link per pod.</li>
 * </ul>
 * Both products must be whole numbers. The capacity ratio also depends on the link rates:
 * {@link org.lossless.topology.analysis.TopologySummary} reports it.
 *
 * @param k                   switch radix, even, &gt;= 2
 * @param hostLink            host-ToR links ({@code host_link})
 * @param fabricLink          ToR-agg and agg-core links ({@code fabric_link})
 * @param torOversubscription hosts per ToR uplink ({@code tor_oversubscription}, 1 = non-blocking)
 * @param aggOversubscription ToR links per core link at an aggregation switch ({@code agg_oversubscription})
 */
public record FatTreeSpec(int k, LinkSpec hostLink, LinkSpec fabricLink, double torOversubscription,
        double aggOversubscription) implements TopologySpec {
    public static final String TYPE = "fat-tree";

    public FatTreeSpec {
        if (k < 2 || k % 2 != 0) {
            throw new IllegalArgumentException(TYPE + ": k must be an even number >= 2 (k pods of k/2 ToRs and k/2 "
                    + "aggregation switches), got " + k);
        }
        Checks.present(TYPE, "host_link", hostLink);
        Checks.present(TYPE, "fabric_link", fabricLink);
        Checks.wholeMultiple(TYPE, "tor_oversubscription", torOversubscription, k / 2, "hosts per ToR");
        if (!(aggOversubscription > 0) || Double.isInfinite(aggOversubscription)) {
            throw new IllegalArgumentException(TYPE + ": agg_oversubscription must be a finite number > 0, got "
                    + aggOversubscription);
        }
        double perGroup = (k / 2) / aggOversubscription;
        if (Math.abs(perGroup - Math.round(perGroup)) > 1e-9 * perGroup || Math.round(perGroup) < 1) {
            throw new IllegalArgumentException(TYPE + ": agg_oversubscription = " + aggOversubscription + " gives "
                    + perGroup + " core links per aggregation switch; k/2 / agg_oversubscription must be a whole "
                    + "number >= 1 (k/2 = " + (k / 2) + ")");
        }
        Checks.hostLimit(TYPE, (long) k * (k / 2) * Math.round(torOversubscription * (k / 2)));
    }

    /** The non-blocking k-ary fat-tree. */
    public FatTreeSpec(int k, LinkSpec hostLink, LinkSpec fabricLink) {
        this(k, hostLink, fabricLink, 1, 1);
    }

    @Override
    public String type() {
        return TYPE;
    }

    public int pods() {
        return k;
    }

    /** ToRs (and aggregation switches) per pod: k/2. */
    public int torsPerPod() {
        return k / 2;
    }

    public int hostsPerTor() {
        return (int) Math.round(torOversubscription * (k / 2));
    }

    /** Core links per aggregation switch = cores per core group. */
    public int coresPerGroup() {
        return (int) Math.round((k / 2) / aggOversubscription);
    }

    public int cores() {
        return (k / 2) * coresPerGroup();
    }

    @Override
    public long hostCount() {
        return (long) k * torsPerPod() * hostsPerTor();
    }

    /** Switches: k^2/2 ToRs + k^2/2 aggregation + cores. */
    public int switches() {
        return k * k + cores();
    }

    @Override
    public Topology build() {
        return FatTreeTopology.build(this);
    }
}
