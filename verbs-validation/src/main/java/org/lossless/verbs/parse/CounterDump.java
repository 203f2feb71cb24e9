package org.lossless.verbs.parse;

import java.util.Map;
import java.util.TreeMap;

/**
 * Counters of one kind and scope as read, before they become canonical records: absolute values when a
 * file is parsed on its own, after-minus-before deltas in a run bundle.
 *
 * @param kind   what they are
 * @param scope  netdev ({@code ETHTOOL}, {@code DCQCN}), {@code device/port} ({@code RDMA}) or null when the
 *               source does not say
 * @param values name to value; names as the source prints them ({@code DCQCN}: {@code roce_rp/rpg_time_reset},
 *               {@code roce_np/enable/3}, or the debugfs/mlxconfig name)
 */
public record CounterDump(Kind kind, String scope, Map<String, Long> values) {
    /** The kinds of counter sources. */
    public enum Kind {
        /** {@code ethtool -S}. */
        ETHTOOL,
        /** RDMA {@code hw_counters} and {@code counters} of one device port. */
        RDMA,
        /** DCQCN knobs from sysfs {@code ecn/roce_rp|roce_np}. */
        DCQCN,
        /** DCQCN knobs from debugfs {@code cc_params}. */
        DCQCN_DEBUGFS,
        /** other numeric sysfs files. */
        OTHER
    }

    public CounterDump {
        values = new TreeMap<>(values);
    }
}
