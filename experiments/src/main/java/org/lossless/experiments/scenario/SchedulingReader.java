package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.Cursor;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.switchmodel.sched.SchedulingPlan;
import org.lossless.switchmodel.settings.SchedulingSettings;

/**
 * Reads {@code switch.scheduling}: {@code {strict: [7, 6], dwrr: {3: 3, 4: 1}, quantum: auto | SIZE}}
 * (docs/switch.md, "Egress scheduling"). Every problem names its key path.
 */
final class SchedulingReader {
    private SchedulingReader() {
    }

    static SchedulingSettings read(Cursor c) {
        if (!c.present()) {
            return null;
        }
        c.object("strict", "dwrr", "quantum");
        List<Integer> strict = strict(c.key("strict"));
        Map<Integer, Integer> dwrr = dwrr(c.key("dwrr"), strict);
        Cursor qk = c.key("quantum");
        Long quantum = null;
        if (qk.present()) {
            String t = qk.text("auto or a size such as 4KB");
            if (t.equals("auto")) {
                quantum = SchedulingSettings.AUTO;
            } else {
                quantum = qk.size();
                if (quantum < SchedulingPlan.MIN_QUANTUM || quantum > SchedulingPlan.MAX_QUANTUM) {
                    throw qk.error(quantum + " B is out of range: the base quantum must be auto or "
                            + SchedulingPlan.MIN_QUANTUM + " to " + SchedulingPlan.MAX_QUANTUM
                            + " bytes (at least the largest frame keeps DWRR to one pass per frame)");
                }
            }
        }
        Long q = quantum;
        return SwitchReader.build(c, () -> new SchedulingSettings(strict, dwrr, q));
    }

    /** A list of queue numbers 0..7 (a single number is a list of one). */
    private static List<Integer> strict(Cursor c) {
        if (!c.present()) {
            return null;
        }
        return c.distinctIntegers(0, 7, "queue");
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
