package org.lossless.switchmodel.sonic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.lossless.switchmodel.qos.QosLint;
import org.lossless.switchmodel.qos.QosMap;
import org.lossless.switchmodel.sched.SchedulingPlan;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.MmuFactory;
import org.lossless.switchmodel.settings.SchedulingSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.PoolSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.core.units.Units;
import org.lossless.switchmodel.settings.WatchdogSettings;

/** Parts of a SONiC import that read one table group each: cable lengths, PFC watchdog, WRED/ECN, ASIC cell, lint. */
final class SonicParts {
    private SonicParts() {
    }

    /** The value used by the most ports (first seen on a tie); disagreement is noted. */
    static String mostCommon(Map<String, Integer> counts, String what, List<String> notes) {
        String best = null;
        int n = -1;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (e.getValue() > n) {
                best = e.getKey();
                n = e.getValue();
            }
        }
        if (counts.size() > 1) {
            notes.add(what + " differs between ports " + counts + ": the scenario applies '" + best
                    + "' to all ports");
        }
        return best;
    }

    /** Sorted integers as ranges, e.g. {@code 3, 24-31}. */
    static String ranges(List<Integer> sorted) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < sorted.size(); i++) {
            int j = i;
            while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) {
                j++;
            }
            b.append(b.length() == 0 ? "" : ", ").append(sorted.get(i));
            if (j > i) {
                b.append('-').append(sorted.get(j));
            }
            i = j;
        }
        return b.toString();
    }

    static Double cableLength(SonicDb db, Set<String> losslessPorts, List<String> notes) {
        Map<String, Integer> all = new LinkedHashMap<>();
        Map<String, Integer> ll = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, String>> e : db.table("CABLE_LENGTH").entrySet()) {
            for (Map.Entry<String, String> f : e.getValue().entrySet()) {
                double m = Units.forKey(db.where("CABLE_LENGTH", e.getKey(), f.getKey()), f.getValue(), Units::parseLengthMm) / 1000.0;
                String k = Double.toString(m);
                all.merge(k, 1, Integer::sum);
                if (losslessPorts.contains(f.getKey())) {
                    ll.merge(k, 1, Integer::sum);
                }
            }
        }
        if (all.isEmpty()) {
            return null;
        }
        Map<String, Integer> use = ll.isEmpty() ? all : ll;
        String best = null;
        int n = -1;
        for (Map.Entry<String, Integer> e : use.entrySet()) {
            if (e.getValue() > n) {
                best = e.getKey();
                n = e.getValue();
            }
        }
        StringBuilder d = new StringBuilder();
        for (Map.Entry<String, Integer> e : all.entrySet()) {
            d.append(d.length() == 0 ? "" : ", ").append(trim(e.getKey())).append("m x").append(e.getValue());
        }
        notes.add("CABLE_LENGTH: " + d + " ports; switch.pfc.cable_length = " + trim(best) + "m ("
                + (ll.isEmpty() ? "most common" : "most common among ports with lossless PGs") + ")");
        return Double.parseDouble(best);
    }

    static String trim(String d) {
        return d.endsWith(".0") ? d.substring(0, d.length() - 2) : d;
    }

    static WatchdogSettings watchdog(SonicDb db, List<String> notes, List<String> unmapped) {
        Map<String, Map<String, String>> t = db.table("PFC_WD");
        if (t.isEmpty()) {
            return null;
        }
        Long poll = null;
        Map<String, Integer> tuples = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, String>> e : t.entrySet()) {
            Map<String, String> f = e.getValue();
            if (e.getKey().equals("GLOBAL")) {
                for (Map.Entry<String, String> g : f.entrySet()) {
                    if (g.getKey().equals("POLL_INTERVAL")) {
                        poll = db.bytes("PFC_WD", "GLOBAL", "POLL_INTERVAL", g.getValue()) * 1_000_000_000L;
                    } else {
                        unmapped.add("PFC_WD|GLOBAL." + g.getKey() + " = " + g.getValue() + ": not modelled");
                    }
                }
                continue;
            }
            for (String k : f.keySet()) {
                if (!Set.of("detection_time", "restoration_time", "action").contains(k)) {
                    unmapped.add("PFC_WD|" + e.getKey() + "." + k + " = " + f.get(k) + ": not modelled");
                }
            }
            String tuple = f.getOrDefault("detection_time", "200") + "/" + f.getOrDefault("restoration_time", "")
                    + "/" + f.getOrDefault("action", "drop");
            tuples.merge(tuple, SonicDb.ports(e.getKey()).size(), Integer::sum);
        }
        String best = mostCommon(tuples, "PFC_WD settings", notes);
        Long det = null;
        Long rest = null;
        String action = null;
        if (best != null) {
            String[] p = best.split("/", -1);
            det = db.bytes("PFC_WD", "*", "detection_time", p[0]) * 1_000_000_000L;
            rest = p[1].isEmpty() ? 2 * det : db.bytes("PFC_WD", "*", "restoration_time", p[1]) * 1_000_000_000L;
            action = p[2];
            if (!WatchdogSettings.ACTIONS.contains(action)) {
                throw new IllegalArgumentException(db.where("PFC_WD", "*", "action") + ": '" + action
                        + "': expected drop, forward or alert");
            }
        }
        return new WatchdogSettings(true, det, rest, action, poll);
    }

        static EcnSettings ecn(SonicDb db, Set<Integer> losslessQueues, List<String> notes, List<String> unmapped) {
        Map<String, Integer> used = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, String>> e : db.table("QUEUE").entrySet()) {
            List<Integer> qs = db.indices("QUEUE", e.getKey());
            for (Map.Entry<String, String> f : e.getValue().entrySet()) {
                if (f.getKey().equals("wred_profile")) {
                    String w = SonicDb.profileName(f.getValue());
                    for (int q : qs) {
                        if (losslessQueues.isEmpty() || losslessQueues.contains(q)) {
                            used.merge(w, SonicDb.ports(e.getKey()).size(), Integer::sum);
                        }
                    }
                } else if (!f.getKey().equals("scheduler")) { // scheduler: SonicScheduling
                    unmapped.add("QUEUE|" + e.getKey() + "." + f.getKey() + " = " + f.getValue() + ": not modelled");
                }
            }
        }
        Map<String, Map<String, String>> wred = db.table("WRED_PROFILE");
        String name = mostCommon(used, "WRED profile of lossless queues", notes);
        if (name == null && wred.size() == 1) {
            name = wred.keySet().iterator().next();
            notes.add("WRED_PROFILE|" + name + " is not referenced by a lossless QUEUE; used as the only profile");
        }
        for (String w : wred.keySet()) {
            if (!w.equals(name)) {
                unmapped.add("WRED_PROFILE|" + w + ": not used by lossless queues");
            }
        }
        if (name == null) {
            return null;
        }
        Map<String, String> f = wred.get(name);
        if (f == null) {
            throw new IllegalArgumentException(db.source + ": QUEUE references WRED_PROFILE|" + name + ", not in the file");
        }
        String t = "WRED_PROFILE";
        String mode = f.getOrDefault("ecn", "ecn_none");
        boolean enabled = !mode.equals("ecn_none");
        if (enabled && !mode.equals("ecn_all") && !mode.contains("green")) {
            notes.add("warning: " + name + " ecn = " + mode + " does not mark green packets; the simulator colours "
                    + "every packet green, so ECN is imported as disabled");
            enabled = false;
        }
        Long kmin = f.containsKey("green_min_threshold") ? db.bytes(t, name, "green_min_threshold",
                f.get("green_min_threshold")) : null;
        Long kmax = f.containsKey("green_max_threshold") ? db.bytes(t, name, "green_max_threshold",
                f.get("green_max_threshold")) : null;
        Double pmax = f.containsKey("green_drop_probability") ? db.number(t, name, "green_drop_probability",
                f.get("green_drop_probability"), 0, 100) / 100 : null;
        for (Map.Entry<String, String> e : f.entrySet()) {
            String k = e.getKey();
            if (Set.of("ecn", "green_min_threshold", "green_max_threshold", "green_drop_probability").contains(k)) {
                continue;
            }
            if (k.startsWith("yellow_") || k.startsWith("red_")) {
                String green = f.get("green_" + k.substring(k.indexOf('_') + 1));
                unmapped.add(t + "|" + name + "." + k + " = " + e.getValue() + (e.getValue().equals(green)
                        ? ": same as green; packet colours are not modelled" : ": packet colours are not modelled"));
            } else if (k.startsWith("wred_") && k.endsWith("_enable")) {
                unmapped.add(t + "|" + name + "." + k + " = " + e.getValue()
                        + ": WRED drop of non-ECN packets is not modelled (only ECN marking)");
            } else {
                unmapped.add(t + "|" + name + "." + k + " = " + e.getValue() + ": not modelled");
            }
        }
        notes.add("ECN from WRED_PROFILE|" + name + " (ecn = " + mode + "): green thresholds and drop probability");
        return new EcnSettings(enabled, kmin, kmax, pmax, null);
    }


    static Integer cellSize(SonicDb db, List<String> notes, List<String> unmapped) {
        for (Map.Entry<String, Map<String, String>> e : db.table("ASIC_TABLE").entrySet()) {
            Integer cell = null;
            for (Map.Entry<String, String> f : e.getValue().entrySet()) {
                if (f.getKey().equals("cell_size")) {
                    cell = db.integer("ASIC_TABLE", e.getKey(), "cell_size", f.getValue(), 1, 65536);
                } else {
                    unmapped.add("ASIC_TABLE|" + e.getKey() + "." + f.getKey() + " = " + f.getValue()
                            + ": use lossless headroom options for headroom constants");
                }
            }
            if (cell != null) {
                return cell;
            }
        }
        notes.add("switch.cell_size not set: the cell size is in STATE_DB ASIC_TABLE, not CONFIG_DB "
                + "(Spectrum-1 96 B, Spectrum-2 144 B, Trident3 256 B)");
        return null;
    }

        static void lint(SwitchSettings s, List<PoolSettings> pools, List<String> notes) {
        PfcSettings pfc = s.pfc();
        if (pfc != null && pfc.priorities() != null) {
            QosMap map = MmuFactory.qosMap(s);
            List<Integer> dscps = new ArrayList<>();
            for (int d = 0; d < 64; d++) {
                if (map.pfcEnabled(map.trafficClassOfDscp(d))) {
                    dscps.add(d);
                }
            }
            boolean given = s.qosMap() != null && s.qosMap().dscpToTc() != null;
            notes.add(dscps.isEmpty() ? "warning: no DSCP maps to a PFC-enabled priority " + pfc.priorities()
                    + ": RoCE traffic would be lossy" : "DSCPs carried lossless" + (given ? "" : " (default map, DSCP d -> "
                    + "traffic class d/8)") + ": " + ranges(dscps));
            // the configuration-level QoS-mapping checks (the scenario's workloads are not known here)
            QosLint.Fabric fabric = new QosLint.Fabric(map, given, true,
                    SchedulingSettings.plan(s.scheduling(), SchedulingPlan.MIN_QUANTUM), true);
            for (String w : QosLint.check(fabric, List.of(), null)) {
                notes.add("warning: " + w);
            }
        }
        EcnSettings ecn = s.ecn();
        if (ecn == null || !Boolean.TRUE.equals(ecn.enabled()) || ecn.kmin() == null || pfc == null) {
            return;
        }
        Long limit = null;
        String how = null;
        if (pfc.staticTh() != null) {
            limit = pfc.staticTh();
            how = "static_th";
        } else if (pfc.dynamicTh() != null && pfc.pool() != null) {
            for (PoolSettings p : pools) {
                if (p.name().equals(pfc.pool())) {
                    limit = (long) Math.scalb((double) p.size(), pfc.dynamicTh());
                    how = "2^" + pfc.dynamicTh() + " x " + p.name() + " size (empty pool)";
                }
            }
        }
        if (limit != null) {
            notes.add((ecn.kmin() >= limit ? "warning: " : "") + "ECN kmin " + ecn.kmin() + " B vs PFC XOFF threshold "
                    + limit + " B (" + how + ")" + (ecn.kmin() >= limit ? ": PFC fires before ECN marks" : ""));
        }
    }
}
