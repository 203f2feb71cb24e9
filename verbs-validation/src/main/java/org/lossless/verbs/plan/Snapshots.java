package org.lossless.verbs.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * What is read on every host (hardware.md-style counter sets, docs/verbs-validation.md):
 * counters before and after the replay, and versions once.
 */
final class Snapshots {
    private Snapshots() {
    }

    /** {@code ethtool -S}, RDMA hw_counters and counters, the DCQCN sysfs knobs, {@code mlnx_qos}. */
    static List<Snapshot> counters(LabHost h) {
        String ports = "/sys/class/infiniband/" + h.device() + "/ports/" + h.ibPort();
        return List.of(
                new Snapshot("ethtool_S", h.netdev(), List.of(h.tool("ethtool"), "-S", h.netdev())),
                new Snapshot("rdma_counters", h.device() + "/" + h.ibPort(),
                        List.of("grep", "-r", "-H", ".", ports + "/hw_counters", ports + "/counters")),
                new Snapshot("dcqcn_sysfs", h.netdev(), List.of("grep", "-r", "-H", ".", "/sys/class/net/" + h.netdev() + "/ecn")),
                new Snapshot("mlnx_qos", h.netdev(), List.of(h.tool("mlnx_qos"), "-i", h.netdev())));
    }

    /** Each tool's {@code --version} and {@code --help}, kernel, driver and firmware, link speed. */
    static List<Snapshot> versions(LabHost h, List<String> tools) {
        List<Snapshot> v = new ArrayList<>();
        for (String t : tools) {
            String stem = t.substring(t.lastIndexOf('/') + 1);
            v.add(new Snapshot(stem + "_version", null, List.of(t, "--version")));
            v.add(new Snapshot(stem + "_help", null, List.of(t, "--help")));
        }
        v.add(new Snapshot("uname", null, List.of("uname", "-a")));
        v.add(new Snapshot("ethtool_i", h.netdev(), List.of(h.tool("ethtool"), "-i", h.netdev())));
        v.add(new Snapshot("ethtool_link", h.netdev(), List.of(h.tool("ethtool"), h.netdev())));
        return v;
    }

    /**
     * SONiC counters of a switch (read before and after; pause and queue counters become deltas, watermarks are
     * taken as read after the run: they are maxima since they were last cleared, which the replay does not do).
     */
    static List<Snapshot> sonicCounters(LabSwitch sw) {
        String show = sw.tool("show");
        return List.of(
                new Snapshot("sonic_pfc", null, List.of(show, "pfc", "counters")),
                new Snapshot("sonic_queue", null, List.of(show, "queue", "counters")),
                new Snapshot("sonic_pg_watermark_shared", null, List.of(show, "priority-group", "watermark", "shared")),
                new Snapshot("sonic_pg_watermark_headroom", null, List.of(show, "priority-group", "watermark", "headroom")),
                new Snapshot("sonic_queue_watermark", null, List.of(show, "queue", "watermark", "unicast")));
    }

    /** A switch's software version, read once. */
    static List<Snapshot> sonicVersions(LabSwitch sw) {
        return List.of(new Snapshot("sonic_version", null, List.of(sw.tool("show"), "version")));
    }
}
