package org.lossless.switchmodel.sonic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.lossless.switchmodel.settings.SchedulingSettings;

/**
 * {@code SCHEDULER} and the {@code scheduler} field of {@code QUEUE|ports|q} → {@code switch.scheduling}.
 * Types: STRICT → strict; DWRR → dwrr with its weight; WRR → dwrr with its weight (WRR counts frames, DWRR
 * bytes: the same for equal frame sizes; noted). Per queue the scheduler used by the most ports wins.
 * Queues with no scheduler get weight 1 (the simulator's default, noted). Shaping fields (meter_type, cir,
 * pir, cbs, pbs) and queues 8 and up are listed as unmapped.
 */
final class SonicScheduling {
    static final Set<String> TYPES = Set.of("STRICT", "DWRR", "WRR");

    private SonicScheduling() {
    }

    /** The scheduling settings, or null when no QUEUE entry references a usable SCHEDULER. */
    static SchedulingSettings read(SonicDb db, List<String> notes, List<String> unmapped) {
        Map<String, Map<String, String>> schedulers = db.table("SCHEDULER");
        Map<String, String[]> usable = new LinkedHashMap<>(); // name -> {type, weight}
        for (Map.Entry<String, Map<String, String>> e : schedulers.entrySet()) {
            String name = e.getKey();
            String type = null;
            String weight = null;
            for (Map.Entry<String, String> f : e.getValue().entrySet()) {
                switch (f.getKey()) {
                    case "type" -> type = f.getValue().trim().toUpperCase(java.util.Locale.ROOT);
                    case "weight" -> weight = Integer.toString(db.integer("SCHEDULER", name, "weight", f.getValue(), 1, 100));
                    default -> unmapped.add("SCHEDULER|" + name + "." + f.getKey() + " = " + f.getValue()
                            + ": not modelled (no shaping or scheduler priority)");
                }
            }
            if (type == null || !TYPES.contains(type)) {
                unmapped.add("SCHEDULER|" + name + ".type = " + type + ": only STRICT, DWRR and WRR are modelled; "
                        + "queues using it get DWRR weight 1");
                continue;
            }
            if (!type.equals("STRICT") && weight == null) {
                notes.add("SCHEDULER|" + name + ": " + type + " without a weight: weight 1");
                weight = "1";
            }
            if (type.equals("STRICT") && weight != null) {
                unmapped.add("SCHEDULER|" + name + ".weight = " + weight + ": a STRICT scheduler has no weight");
            }
            usable.put(name, new String[] {type, weight});
        }
        Map<Integer, Map<String, Integer>> byQueue = new TreeMap<>();
        Set<String> used = new java.util.HashSet<>();
        for (Map.Entry<String, Map<String, String>> e : db.table("QUEUE").entrySet()) {
            String ref = e.getValue().get("scheduler");
            if (ref == null) {
                continue;
            }
            String name = SonicDb.profileName(ref);
            String where = "QUEUE|" + e.getKey() + ".scheduler = " + ref;
            if (!usable.containsKey(name)) {
                unmapped.add(where + (schedulers.containsKey(name) ? ": SCHEDULER|" + name + " is not modelled"
                        : ": SCHEDULER|" + name + " is not in the file") + "; egress scheduling of that queue not imported");
                continue;
            }
            used.add(name);
            int ports = SonicDb.ports(e.getKey()).size();
            for (int q : db.indices("QUEUE", e.getKey())) {
                if (q > 7) {
                    unmapped.add(where + ": queue " + q + " (the simulator has queues 0..7)");
                } else {
                    byQueue.computeIfAbsent(q, k -> new LinkedHashMap<>()).merge(name, ports, Integer::sum);
                }
            }
        }
        for (String name : schedulers.keySet()) {
            if (usable.containsKey(name) && !used.contains(name)) {
                unmapped.add("SCHEDULER|" + name + ": not referenced by QUEUE");
            }
        }
        if (byQueue.isEmpty()) {
            return null;
        }
        List<Integer> strict = new ArrayList<>();
        Map<Integer, Integer> dwrr = new TreeMap<>();
        List<Integer> unset = new ArrayList<>();
        StringBuilder how = new StringBuilder();
        boolean wrr = false;
        for (int q = 0; q < 8; q++) {
            Map<String, Integer> counts = byQueue.get(q);
            if (counts == null) {
                unset.add(q);
                continue;
            }
            String name = SonicParts.mostCommon(counts, "scheduler of queue " + q, notes);
            String[] s = usable.get(name);
            how.append(how.length() == 0 ? "" : ", ").append(q).append(": ").append(name).append(" (").append(s[0])
                    .append(s[1] == null || s[0].equals("STRICT") ? "" : " " + s[1]).append(')');
            if (s[0].equals("STRICT")) {
                strict.add(q);
            } else {
                dwrr.put(q, Integer.parseInt(s[1]));
                wrr |= s[0].equals("WRR");
            }
        }
        strict.sort(java.util.Comparator.reverseOrder());
        notes.add("switch.scheduling from SCHEDULER/QUEUE: " + how + "; strict queues go first, higher queue first");
        if (wrr) {
            notes.add("WRR weights imported as DWRR weights: WRR counts frames, DWRR bytes (equal for equal frame sizes)");
        }
        if (!unset.isEmpty()) {
            notes.add("queues " + unset + " have no scheduler in CONFIG_DB: DWRR weight 1 (the simulator's default; "
                    + "the ASIC's default may differ)");
        }
        return new SchedulingSettings(strict, dwrr, null);
    }
}
