package org.lossless.switchmodel.settings;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;

/**
 * The schema of {@code switch.qos_map} (SONiC {@code DSCP_TO_TC_MAP}, {@code TC_TO_PRIORITY_GROUP_MAP},
 * {@code TC_TO_QUEUE_MAP}): its three mappings of integers, read by the scenario reader ({@link Key#custom} keys),
 * their names, types, defaults and doc lines declared here; docs/scenario.md's table is generated from it.
 */
public final class QosMapSchema {
    /** The largest DSCP (6 bits) and traffic class (0..7). */
    public static final int MAX_DSCP = 63;
    public static final int MAX_TC = 7;

    public static final Section QOS_MAP = Section.of("switch.qos_map",
            Key.custom("dscp_to_tc", "DSCP 0.." + MAX_DSCP + " → 0.." + MAX_TC, "class selector: DSCP d → TC d/8 "
                    + "(d >> 3; 24-31 → 3, 48 → 6); a given map sends the DSCPs it leaves out to 0",
                    "DSCP → traffic class"),
            Key.custom("tc_to_pg", "0.." + MAX_TC + " → 0.." + MAX_TC, "identity; a class a given map leaves out → 0",
                    "traffic class → ingress priority group (the lossless PGs are those of the PFC priorities)"),
            Key.custom("tc_to_queue", "0.." + MAX_TC + " → 0.." + MAX_TC, "identity; a class left out → 0",
                    "traffic class → egress queue"));

    private QosMapSchema() {
    }
}
