package org.lossless.verbs.measure;

import java.util.List;
import java.util.Map;

/**
 * DCQCN settings read from the NIC, in the names of their source.
 *
 * @param source          {@code sysfs} (runtime {@code ecn/roce_rp|roce_np}), {@code debugfs} ({@code cc_params}) or
 *                        {@code mlxconfig} (firmware defaults, NAME without the {@code _P<n>} suffix)
 * @param scope           netdev, device or port ("P1") the values belong to, or null
 * @param values          knob to value; sysfs names are prefixed with their side ({@code roce_rp/rpg_time_reset})
 * @param rpPriorities    priorities with {@code roce_rp/enable/<p>} = 1 (sysfs only), empty otherwise
 * @param npPriorities    priorities with {@code roce_np/enable/<p>} = 1
 */
public record DcqcnKnobs(String host, String source, String scope, Map<String, Long> values, List<Integer> rpPriorities,
                         List<Integer> npPriorities) {
    public DcqcnKnobs {
        values = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(values));
        rpPriorities = List.copyOf(rpPriorities);
        npPriorities = List.copyOf(npPriorities);
    }
}
