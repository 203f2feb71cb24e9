package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.core.settings.Values;
import org.lossless.switchmodel.sched.SchedulingPlan;
import org.lossless.switchmodel.settings.SchedulingSchema;
import org.lossless.switchmodel.settings.SchedulingSettings;
import org.lossless.switchmodel.settings.SwitchModel;
import org.lossless.workloads.yaml.SectionReader;

/**
 * Reads {@code switch.scheduling}: {@code {strict: [7, 6], dwrr: {3: 3, 4: 1}, quantum: auto | SIZE}}
 * (docs/switch.md, "Egress scheduling") through {@link SchedulingSchema}; {@code dwrr} is read here. Every problem
 * names its key path. Returns it as read ({@link SwitchModel.Scheduling}): switch-model makes the settings.
 */
final class SchedulingReader {
    private SchedulingReader() {
    }

    static SwitchModel.Scheduling read(Cursor c) {
        Values v = SectionReader.read(c, SchedulingSchema.SCHEDULING);
        if (v == null) {
            return null;
        }
        List<Integer> strict = v.ints("strict");
        Map<Integer, Integer> dwrr = dwrr(c.key("dwrr"), strict);
        Long quantum = v.isAuto("quantum") ? (Long) SchedulingSettings.AUTO : v.number("quantum");
        try {
            SchedulingSettings.checkQuantum(quantum); // the settings' own check, here for its key path and its order
        } catch (IllegalArgumentException e) {
            throw c.key("quantum").error(e.getMessage());
        }
        return new SwitchModel.Scheduling(v, dwrr);
    }

    /** A mapping of queue 0..7 to weight 1..100, e.g. {@code {3: 3, 4: 1}}. */
    private static Map<Integer, Integer> dwrr(Cursor c, List<Integer> strict) {
        if (!c.present()) {
            return null;
        }
        Map<Integer, Integer> out = new LinkedHashMap<>();
        for (String k : c.keys("a mapping of queue (0..7) to DWRR weight (1.." + SchedulingPlan.MAX_WEIGHT
                + "), e.g. {3: 3, 4: 1}")) {
            Cursor entry = c.key(k);
            if (!k.strip().matches("\\d") || Integer.parseInt(k.strip()) > 7) {
                throw entry.error("'" + k + "' is not a queue: expected an integer from 0 to 7");
            }
            int q = Integer.parseInt(k.strip());
            if (strict != null && strict.contains(q)) {
                throw entry.error("queue " + q + " is also in strict: a queue is either strict or dwrr");
            }
            out.put(q, (int) entry.integer(1, SchedulingPlan.MAX_WEIGHT));
        }
        return out;
    }
}
