package org.lossless.verbs.plan;

import java.util.List;

/**
 * A lab host in the plan with what is read on it.
 *
 * @param counters snapshots taken before and after the replay ({@code ethtool -S}, RDMA counters, DCQCN knobs,
 *                 {@code mlnx_qos})
 * @param versions read once before the replay (tool versions and options, kernel, driver and firmware, link)
 */
public record HostPlan(LabHost host, List<Snapshot> counters, List<Snapshot> versions) {
    public HostPlan {
        counters = List.copyOf(counters);
        versions = List.copyOf(versions);
    }
}
