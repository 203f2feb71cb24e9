package org.lossless.switchmodel.settings;

import java.util.LinkedHashMap;
import java.util.Map;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.core.settings.Values;
import org.lossless.switchmodel.sched.SchedulingPlan;

/**
 * The schema of {@code switch.scheduling}: names, types, ranges, defaults and doc lines, declared once. The
 * scenario reader reads {@code strict} and {@code quantum} through it and {@code dwrr} (a mapping of queue to
 * weight, a {@link Key#custom} key) around it; docs/scenario.md's table is generated from it.
 */
public final class SchedulingSchema {
    public static final Section SCHEDULING = Section.of("switch.scheduling",
            Key.intSet("strict", "queue", 0, 7, null, "strict-priority queues, higher number first (the list "
                    + "order does not matter)").defaultDoc("`[7, 6, 5, 4, 3, 2, 1, 0]` when `scheduling` is absent; "
                    + "`[]` when it is present"),
            Key.custom("dwrr", "queue 0..7 → weight 1.." + SchedulingPlan.MAX_WEIGHT,
                    "every queue not in `strict` gets weight 1", "Deficit Weighted Round Robin weights: backlogged "
                    + "queues that are not paused share the link time in proportion to them"),
            Key.size("quantum", null, "DWRR credit per round of a weight-1 queue, in wire bytes (frame + preamble + "
                    + "IFG), " + SchedulingPlan.MIN_QUANTUM + " to " + SchedulingPlan.MAX_QUANTUM + " B; a queue of "
                    + "weight w earns w × quantum per round").orAuto("auto or a size such as 4KB")
                    .defaultValue(Key.AUTO).defaultDoc("`auto` = the largest data frame on the wire at `nic.mtu` "
                            + "(4194 B at the default 4096)"));

    private SchedulingSchema() {
    }

    /**
     * {@code s}'s plain keys as values of {@link #SCHEDULING} (what the resolved scenario writes): {@code strict} in
     * its list order, {@code quantum} {@link Key#AUTO} for {@link SchedulingSettings#AUTO}; {@code dwrr} is a custom
     * row, written by its writer.
     */
    public static Values values(SchedulingSettings s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("strict", s.strict());
        m.put("quantum", s.quantum() == null ? null : s.quantum() == SchedulingSettings.AUTO ? Key.AUTO : s.quantum());
        return new Values(SCHEDULING, m);
    }
}
