package org.lossless.topology.types;

import org.lossless.topology.Topology;

/**
 * Builds a {@link FatTreeSpec}. Node ids: hosts first (pod by pod, ToR by ToR), then ToRs
 * {@code tor<p*k/2+t>}, aggregation switches {@code agg<p*k/2+a>}, cores {@code core<a*c+j>} (c =
 * cores per group). Ports: a ToR's hosts first, then its uplinks to agg 0..k/2-1 of its pod; an agg's
 * ToR links first (ToR order), then its core links; core port p faces pod p.
 */
public final class FatTreeTopology {
    private FatTreeTopology() {
    }

    public static Topology build(FatTreeSpec spec) {
        int k = spec.k();
        int half = k / 2;
        int perTor = spec.hostsPerTor();
        int perGroup = spec.coresPerGroup();
        int tors = k * half;
        int hosts = tors * perTor;
        Topology.Builder b = Topology.builder(FatTreeSpec.TYPE);
        for (int h = 0; h < hosts; h++) {
            b.addHost("h" + h);
        }
        int firstTor = b.nodeCount();
        for (int t = 0; t < tors; t++) {
            b.addSwitch("tor" + t, 1);
        }
        int firstAgg = b.nodeCount();
        for (int a = 0; a < tors; a++) {
            b.addSwitch("agg" + a, 2);
        }
        int firstCore = b.nodeCount();
        for (int c = 0; c < spec.cores(); c++) {
            b.addSwitch("core" + c, 3);
        }
        for (int h = 0; h < hosts; h++) {
            b.connect(h, firstTor + h / perTor, spec.hostLink());
        }
        for (int pod = 0; pod < k; pod++) {
            for (int t = 0; t < half; t++) {
                for (int a = 0; a < half; a++) {
                    b.connect(firstTor + pod * half + t, firstAgg + pod * half + a, spec.fabricLink());
                }
            }
        }
        for (int pod = 0; pod < k; pod++) {
            for (int a = 0; a < half; a++) {
                for (int j = 0; j < perGroup; j++) {
                    b.connect(firstAgg + pod * half + a, firstCore + a * perGroup + j, spec.fabricLink());
                }
            }
        }
        return b.build();
    }
}
