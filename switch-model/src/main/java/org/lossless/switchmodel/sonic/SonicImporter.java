package org.lossless.switchmodel.sonic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.lossless.switchmodel.settings.BufferProfileSettings;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.PoolSettings;
import org.lossless.switchmodel.settings.QosMapSettings;
import org.lossless.switchmodel.settings.SwitchSettings;

/**
 * SONiC CONFIG_DB → {@link SwitchSettings}. The scenario applies one profile to every port of a switch, so
 * where CONFIG_DB differs per port the most common value wins and the others are reported in the notes.
 * Nothing is dropped silently: every table, entry or field without an equivalent is listed in
 * {@link SonicImport#unmapped()}.
 */
public final class SonicImporter {
    static final Set<String> TABLES = Set.of("BUFFER_POOL", "BUFFER_PROFILE", "BUFFER_PG", "BUFFER_QUEUE", "CABLE_LENGTH",
            "WRED_PROFILE", "QUEUE", "PORT_QOS_MAP", "PFC_WD", "DSCP_TO_TC_MAP", "TC_TO_PRIORITY_GROUP_MAP",
            "TC_TO_QUEUE_MAP", "MAP_PFC_PRIORITY_TO_QUEUE", "DEFAULT_LOSSLESS_BUFFER_PARAMETER", "LOSSLESS_TRAFFIC_PATTERN", "ASIC_TABLE", "SCHEDULER");

    /** {@code dynamic_th}'s range, the scenario key's ({@link org.lossless.switchmodel.settings.PfcSchema#DYNAMIC_TH}). */
    private static final int DYN_MIN = (int) org.lossless.switchmodel.settings.PfcSchema.DYNAMIC_TH.min();
    private static final int DYN_MAX = (int) org.lossless.switchmodel.settings.PfcSchema.DYNAMIC_TH.max();

    private SonicImporter() {
    }

    /** Largest CONFIG_DB read: 64 MiB. */
    public static final long MAX_FILE_BYTES = 64L * 1024 * 1024;

    /** Imports a CONFIG_DB JSON file. Bad input: {@link IllegalArgumentException} naming the file and key. */
    public static SonicImport importFile(Path file) {
        String text = org.lossless.core.text.UserFiles.readText(file, file.toString(), MAX_FILE_BYTES);
        return importJson(text, file.toString());
    }

    /** Imports CONFIG_DB JSON text; {@code source} names it in messages. */
    public static SonicImport importJson(String json, String source) {
        SonicDb db;
        try {
            db = new SonicDb(source, new ObjectMapper().enable(com.fasterxml.jackson.core.JsonParser.Feature
                    .STRICT_DUPLICATE_DETECTION).readTree(json));
        } catch (JsonProcessingException e) {
            // a limit of the JSON reader (nesting deeper than 1000, a huge number) has no location
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            String why = String.valueOf(e.getOriginalMessage()).replaceAll(",? from `[^`]*`", "")
                    .replaceAll("\\s+", " ").replaceFirst("^Duplicate field '(.*)'$", "the key '$1' appears twice in one "
                    + "object (CONFIG_DB keys are unique; which one would apply?)");
            throw new IllegalArgumentException(source + ": not valid JSON" + where + ": "
                    + org.lossless.core.text.Printable.of(why, 160));
        }
        return new Run(db).run();
    }

    /** One import: the database, what was used, and the findings. */
    private static final class Run {
        final SonicDb db;
        final List<String> notes = new ArrayList<>();
        final List<String> unmapped = new ArrayList<>();
        final Set<String> usedProfiles = new HashSet<>();
        /** The pools imported (those with a size), set before any profile is read. */
        List<PoolSettings> imported = List.of();

        Run(SonicDb db) {
            this.db = db;
        }

        SonicImport run() {
            for (String t : db.tableNames()) {
                if (!TABLES.contains(t)) {
                    unmapped.add("table " + t + " (" + db.table(t).size() + " entries): not used by the switch model");
                }
            }
            List<PoolSettings> pools = pools();
            imported = pools;
            QosResult qos = qos();
            Set<Integer> lossless = qos.pfcPriorities;
            Set<Integer> losslessPgs = mapped(lossless, qos.maps.tcToPg());
            Set<Integer> losslessQueues = mapped(lossless, qos.maps.tcToQueue());
            PgResult pg = bufferPg(losslessPgs);
            PfcSettings pfc = pfc(lossless, pg, pools);
            BufferProfileSettings lossyPg = lossyPg(pg);
            BufferProfileSettings[] queues = bufferQueue(losslessQueues);
            EcnSettings ecn = SonicParts.ecn(db, losslessQueues, notes, unmapped);
            Integer cell = SonicParts.cellSize(db, notes, unmapped);
            for (Map.Entry<String, Map<String, String>> e : db.table("BUFFER_PROFILE").entrySet()) {
                if (!usedProfiles.contains(e.getKey())) {
                    unmapped.add("BUFFER_PROFILE|" + e.getKey() + ": defined but not referenced by BUFFER_PG/BUFFER_QUEUE");
                }
            }
            if (!pools.isEmpty()) {
                notes.add("switch.buffer_size not set: CONFIG_DB has no total buffer; with explicit pools it defaults to "
                        + "the pools plus the reserved and private headroom of the switch's ports");
            }
            SwitchSettings s = new SwitchSettings(null, null, cell, pools.isEmpty() ? null : pools, pfc, lossyPg,
                    queues[0], queues[1], ecn, qos.maps.dscpToTc() == null && qos.maps.tcToPg() == null
                    && qos.maps.tcToQueue() == null ? null : qos.maps, SonicScheduling.read(db, notes, unmapped));
            SonicParts.lint(s, pools, notes);
            return new SonicImport(db.source, s, notes, unmapped);
        }

        // ---------------------------------------------------------------- pools
        /**
         * The pools, when every one has a size. A pool without one (SONiC's dynamic buffer model sizes it at run
         * time) cannot be written, and a section with only some of the pools would name pools it does not define
         * or lack a pool of a type: then no pool is imported, the switch's implicit ingress and egress pools apply
         * (sized from switch.buffer_size) and the profiles name none.
         */
        List<PoolSettings> pools() {
            List<String> unsized = new ArrayList<>();
            for (Map.Entry<String, Map<String, String>> e : db.table("BUFFER_POOL").entrySet()) {
                if (!e.getValue().containsKey("size")) {
                    unsized.add(e.getKey());
                }
            }
            if (!unsized.isEmpty()) {
                unmapped.add("BUFFER_POOL: " + String.join(", ", unsized) + " without a size (computed by SONiC's "
                        + "dynamic buffer model at run time): no pool imported; the switch's implicit ingress and "
                        + "egress pools apply (set switch.buffer_size), and the buffer profiles name no pool");
                return List.of();
            }
            List<PoolSettings> out = new ArrayList<>();
            for (Map.Entry<String, Map<String, String>> e : db.table("BUFFER_POOL").entrySet()) {
                String name = e.getKey();
                Map<String, String> f = e.getValue();
                if (!name.matches("[A-Za-z0-9._-]+") || name.matches("\\.+")) {
                    throw new IllegalArgumentException(db.source + ": BUFFER_POOL|" + org.lossless.core.text.Printable.of(
                            name, 60) + ": not a pool name a scenario accepts (letters, digits, '.', '_' and '-'); "
                            + "rename the pool and its references");
                }
                String type = f.get("type");
                if (!"ingress".equals(type) && !"egress".equals(type)) {
                    throw new IllegalArgumentException(db.where("BUFFER_POOL", name, "type") + ": '" + type
                            + "': expected ingress or egress");
                }
                long size = db.bytes("BUFFER_POOL", name, "size", f.get("size"));
                Long xoff = f.containsKey("xoff") ? db.bytes("BUFFER_POOL", name, "xoff", f.get("xoff")) : null;
                if (xoff != null && "egress".equals(type)) {
                    unmapped.add("BUFFER_POOL|" + name + ".xoff: a shared headroom pool on an egress pool has no meaning");
                    xoff = null;
                }
                if (xoff != null && xoff == 0) {
                    xoff = null;
                }
                for (String k : f.keySet()) {
                    if (!Set.of("type", "mode", "size", "xoff").contains(k)) {
                        unmapped.add("BUFFER_POOL|" + name + "." + k + " = " + f.get(k) + ": not modelled");
                    }
                }
                out.add(new PoolSettings(name, type, f.get("mode"), size, xoff));
                if (xoff != null) {
                    notes.add("BUFFER_POOL|" + name + ".xoff = " + xoff + " B: shared headroom pool; lossless PGs draw "
                            + "headroom from it, each capped by its profile's xoff");
                }
            }
            return out;
        }

        // ---------------------------------------------------------------- QoS maps and PFC priorities
        record QosResult(Set<Integer> pfcPriorities, QosMapSettings maps) {
        }

        QosResult qos() {
            Map<String, Integer> pfcEnable = new LinkedHashMap<>();
            Map<String, Integer> dscpMap = new LinkedHashMap<>();
            Map<String, Integer> pgMap = new LinkedHashMap<>();
            Map<String, Integer> queueMap = new LinkedHashMap<>();
            Map<String, Integer> pfcQueueMap = new LinkedHashMap<>();
            for (Map.Entry<String, Map<String, String>> e : db.table("PORT_QOS_MAP").entrySet()) {
                int ports = SonicDb.ports(e.getKey()).size();
                for (Map.Entry<String, String> f : e.getValue().entrySet()) {
                    switch (f.getKey()) {
                        case "pfc_enable" -> pfcEnable.merge(f.getValue().trim(), ports, Integer::sum);
                        case "dscp_to_tc_map" -> dscpMap.merge(SonicDb.profileName(f.getValue()), ports, Integer::sum);
                        case "tc_to_pg_map" -> pgMap.merge(SonicDb.profileName(f.getValue()), ports, Integer::sum);
                        case "tc_to_queue_map" -> queueMap.merge(SonicDb.profileName(f.getValue()), ports, Integer::sum);
                        case "pfc_to_queue_map" -> pfcQueueMap.merge(SonicDb.profileName(f.getValue()), ports, Integer::sum);
                        default -> unmapped.add("PORT_QOS_MAP|" + e.getKey() + "." + f.getKey() + " = " + f.getValue()
                                + ": not modelled");
                    }
                }
            }
            Set<Integer> prios = new TreeSet<>();
            String chosen = mostCommon(pfcEnable, "PORT_QOS_MAP pfc_enable");
            if (chosen != null && !chosen.isEmpty()) {
                for (String p : chosen.split(",")) {
                    prios.add(db.integer("PORT_QOS_MAP", "*", "pfc_enable", p, 0, 7));
                }
            }
            Map<Integer, Integer> dscp = resolveMap("DSCP_TO_TC_MAP", mostCommon(dscpMap, "dscp_to_tc_map"), 63);
            Map<Integer, Integer> tcPg = resolveMap("TC_TO_PRIORITY_GROUP_MAP", mostCommon(pgMap, "tc_to_pg_map"), 7);
            Map<Integer, Integer> tcQ = resolveMap("TC_TO_QUEUE_MAP", mostCommon(queueMap, "tc_to_queue_map"), 7);
            pfcToQueue(mostCommon(pfcQueueMap, "pfc_to_queue_map"), prios);
            Map<String, Map<String, Integer>> bound = Map.of("DSCP_TO_TC_MAP", dscpMap, "TC_TO_PRIORITY_GROUP_MAP", pgMap,
                    "TC_TO_QUEUE_MAP", queueMap, "MAP_PFC_PRIORITY_TO_QUEUE", pfcQueueMap);
            for (String t : List.of("DSCP_TO_TC_MAP", "TC_TO_PRIORITY_GROUP_MAP", "TC_TO_QUEUE_MAP",
                    "MAP_PFC_PRIORITY_TO_QUEUE")) {
                for (String k : db.table(t).keySet()) {
                    if (!usedMaps.contains(t + "|" + k)) {
                        Integer ports = bound.get(t).get(k);
                        unmapped.add(t + "|" + k + (ports == null ? ": not referenced by PORT_QOS_MAP"
                                : ": bound to " + ports + " port(s) by PORT_QOS_MAP, but the scenario applies the map "
                                + "most ports use to all (see the notes)"));
                    }
                }
            }
            return new QosResult(prios, new QosMapSettings(dscp, tcPg, tcQ));
        }

        final Set<String> usedMaps = new HashSet<>();

        /**
         * {@code pfc_to_queue_map} (MAP_PFC_PRIORITY_TO_QUEUE): which queue a received PAUSE for priority p stops.
         * The model stops queue p; an identity map on the PFC priorities is noted as modelled, anything else warned.
         */
        void pfcToQueue(String name, Set<Integer> prios) {
            if (name == null) {
                return;
            }
            Map<Integer, Integer> m = resolveMap("MAP_PFC_PRIORITY_TO_QUEUE", name, 7);
            if (m == null) {
                return; // resolveMap noted the missing map; the model's identity applies
            }
            List<String> differ = new ArrayList<>();
            for (int p : prios) {
                int q = m.getOrDefault(p, 0);
                if (q != p) {
                    differ.add(p + " -> " + q);
                }
            }
            notes.add(differ.isEmpty() ? "MAP_PFC_PRIORITY_TO_QUEUE|" + name + ": a PAUSE for priority p stops queue p on "
                    + "the PFC priorities " + prios + ", as modelled"
                    : "warning: MAP_PFC_PRIORITY_TO_QUEUE|" + name + " maps PFC priority " + String.join(", ", differ)
                    + ": not modelled (a PAUSE for priority p stops queue p here)");
        }

        Map<Integer, Integer> resolveMap(String table, String name, int maxKey) {
            if (name == null) {
                return null;
            }
            Map<String, String> m = db.table(table).get(name);
            if (m == null) {
                notes.add("warning: PORT_QOS_MAP references " + table + "|" + name + ", which is not in the file: "
                        + "that map is not imported (the simulator's default applies: " + defaultOf(table) + ")");
                return null;
            }
            usedMaps.add(table + "|" + name);
            Map<Integer, Integer> out = new TreeMap<>();
            for (Map.Entry<String, String> e : m.entrySet()) {
                out.put(db.integer(table, name, null, e.getKey(), 0, maxKey),
                        db.integer(table, name, e.getKey(), e.getValue(), 0, 7));
            }
            return out;
        }

        static String defaultOf(String table) {
            return switch (table) {
                case "DSCP_TO_TC_MAP" -> "DSCP d -> traffic class d/8";
                case "MAP_PFC_PRIORITY_TO_QUEUE" -> "a PAUSE for priority p stops queue p";
                default -> "identity";
            };
        }

        static Set<Integer> mapped(Set<Integer> tcs, Map<Integer, Integer> map) {
            Set<Integer> out = new TreeSet<>();
            for (int tc : tcs) {
                out.add(map == null ? tc : map.getOrDefault(tc, 0));
            }
            return out;
        }

        String mostCommon(Map<String, Integer> counts, String what) {
            return SonicParts.mostCommon(counts, what, notes);
        }

        // ---------------------------------------------------------------- BUFFER_PG
        record PgResult(String losslessProfile, String lossyProfile, boolean losslessNull, Set<String> losslessPorts) {
        }

        PgResult bufferPg(Set<Integer> losslessPgs) {
            Map<String, Integer> lossless = new LinkedHashMap<>();
            Map<String, Integer> lossy = new LinkedHashMap<>();
            Set<String> ports = new TreeSet<>();
            for (Map.Entry<String, Map<String, String>> e : db.table("BUFFER_PG").entrySet()) {
                List<String> ps = SonicDb.ports(e.getKey());
                List<Integer> pgs = db.indices("BUFFER_PG", e.getKey());
                String ref = e.getValue().get("profile");
                if (ref == null) {
                    throw new IllegalArgumentException(db.where("BUFFER_PG", e.getKey(), "profile") + ": missing");
                }
                String name = SonicDb.profileName(ref);
                Map<String, String> prof = db.table("BUFFER_PROFILE").get(name);
                if (prof == null && !name.equals("NULL")) {
                    throw new IllegalArgumentException(db.where("BUFFER_PG", e.getKey(), "profile") + ": profile '" + name
                            + "' is not in BUFFER_PROFILE");
                }
                for (int pg : pgs) {
                    boolean isLossless = losslessPgs.isEmpty() ? prof == null || prof.containsKey("xoff")
                            : losslessPgs.contains(pg);
                    (isLossless ? lossless : lossy).merge(name, ps.size(), Integer::sum);
                    if (isLossless) {
                        ports.addAll(ps);
                    }
                }
                usedProfiles.add(name);
            }
            String ll = mostCommon(lossless, "lossless BUFFER_PG profile");
            String ly = mostCommon(lossy, "lossy BUFFER_PG profile");
            if (ly == null && db.table("BUFFER_PROFILE").containsKey("ingress_lossy_profile")) {
                ly = "ingress_lossy_profile";
                usedProfiles.add(ly);
                notes.add("lossy PGs: BUFFER_PG references no lossy profile; ingress_lossy_profile used by its name");
            }
            return new PgResult(ll, ly, "NULL".equals(ll), ports);
        }

        PfcSettings pfc(Set<Integer> prios, PgResult pg, List<PoolSettings> pools) {
            if (prios.isEmpty() && pg.losslessProfile == null) {
                if (!db.table("PFC_WD").isEmpty()) {
                    unmapped.add("PFC_WD: no PFC-enabled priority, watchdog not imported");
                }
                return new PfcSettings(false, null, null, null, null, null, null, null, null, null, null, null, null, null);
            }
            Integer dyn = null;
            Long stat = null;
            String headroom = null;
            Long xonOffset = null;
            Long xon = null;
            Long reserved = null;
            String pool = null;
            String name = pg.losslessProfile;
            if (name == null || pg.losslessNull) {
                headroom = "auto";
                notes.add("lossless PGs have no static profile (NULL or none): headroom computed from speed and cable "
                        + "(switch.pfc.headroom: auto)");
            } else {
                Map<String, String> f = db.table("BUFFER_PROFILE").get(name);
                String t = "BUFFER_PROFILE";
                for (Map.Entry<String, String> e : f.entrySet()) {
                    String k = e.getKey();
                    String v = e.getValue();
                    switch (k) {
                        case "pool" -> pool = SonicDb.profileName(v);
                        case "dynamic_th" -> dyn = db.integer(t, name, k, v, DYN_MIN, DYN_MAX);
                        case "static_th" -> stat = db.bytes(t, name, k, v);
                        case "xoff" -> headroom = Long.toString(db.bytes(t, name, k, v));
                        case "xon_offset" -> xonOffset = db.bytes(t, name, k, v);
                        case "xon" -> xon = db.bytes(t, name, k, v);
                        case "size" -> reserved = db.bytes(t, name, k, v);
                        default -> unmapped.add(t + "|" + name + "." + k + " = " + v + ": not modelled");
                    }
                }
                if (reserved != null && headroom != null && xon != null && xonOffset == null
                        && reserved == xon + Long.parseLong(headroom)) {
                    notes.add(name + ": size " + reserved + " = xon + xoff (Spectrum meaning: all headroom); reserved 0");
                    reserved = null;
                } else if (reserved != null) {
                    notes.add(name + ": size " + reserved + " B taken as the PG's reserved (min) buffer (Broadcom meaning)");
                }
                // SAI (saibuffer.h, XON_TH / XON_OFFSET_TH): XON when the PG's buffer usage <= max(xon, its limit -
                // xon_offset); xon is a floor ("non-hysteresis threshold"), not the model's absolute XON level
                if (xonOffset != null && xon != null) {
                    notes.add(name + ": xon_offset " + xonOffset + " B given, so XON is at T - xon_offset (Broadcom "
                            + "style); xon " + xon + " B is not used (in SAI a floor under that level, which matters "
                            + "only when T - xon_offset < xon)");
                    xon = null;
                } else if (xon != null) {
                    notes.add("warning: " + name + ": Mellanox xon " + xon + " B converted to xon_offset: 0. SAI sends XON"
                            + " when the PG's usage is at most max(xon, threshold - xon_offset) and SONiC sets no xon_offset"
                            + " (0): XON when the PG is back at its threshold T. Read as switch.pfc.xon (an absolute"
                            + " level) it would hold the pause until the PG drained to " + xon + " B, a hysteresis of T - "
                            + xon + " B (megabytes with a dynamic threshold). The xon floor (it matters only when T < xon)"
                            + " is not modelled");
                    xonOffset = 0L;
                    xon = null;
                }
                if (dyn == null && stat == null) {
                    dyn = defaultDynamicTh(name);
                }
            }
            defaultLosslessParameters(dyn, name);
            pool = importedPool(db.where("BUFFER_PROFILE", name, "pool"), pool);
            Double cable = SonicParts.cableLength(db, pg.losslessPorts, notes);
            return new PfcSettings(true, new ArrayList<>(prios), dyn, stat, headroom, xonOffset, xon, reserved, pool,
                    cable, null, null, null, SonicParts.watchdog(db, notes, unmapped));
        }

        /**
         * A profile's pool as the written section can name it: null when no pool is imported (the switch's implicit
         * pools apply, {@link #pools}); an error when it names a pool BUFFER_POOL does not define.
         */
        String importedPool(String where, String pool) {
            if (pool == null || imported.isEmpty()) {
                return null;
            }
            for (PoolSettings p : imported) {
                if (p.name().equals(pool)) {
                    return pool;
                }
            }
            throw new IllegalArgumentException(where + ": pool '" + pool + "' is not in BUFFER_POOL");
        }

        Integer defaultDynamicTh(String profile) {
            for (Map<String, String> f : db.table("DEFAULT_LOSSLESS_BUFFER_PARAMETER").values()) {
                String v = f.get("default_dynamic_th");
                if (v != null) {
                    notes.add(profile + " sets no threshold: DEFAULT_LOSSLESS_BUFFER_PARAMETER default_dynamic_th " + v + " used");
                    return db.integer("DEFAULT_LOSSLESS_BUFFER_PARAMETER", "*", "default_dynamic_th", v, DYN_MIN, DYN_MAX);
                }
            }
            return null;
        }

        void defaultLosslessParameters(Integer usedDyn, String profile) {
            for (Map.Entry<String, Map<String, String>> e : db.table("DEFAULT_LOSSLESS_BUFFER_PARAMETER").entrySet()) {
                for (Map.Entry<String, String> f : e.getValue().entrySet()) {
                    String what = "DEFAULT_LOSSLESS_BUFFER_PARAMETER|" + e.getKey() + "." + f.getKey() + " = " + f.getValue();
                    if (f.getKey().equals("default_dynamic_th")) {
                        if (usedDyn == null || !usedDyn.toString().equals(f.getValue().trim())) {
                            unmapped.add(what + ": only used for profiles without a threshold; " + profile
                                    + " sets its own");
                        }
                    } else if (f.getKey().equals("over_subscribe_ratio")) {
                        unmapped.add(what + ": SONiC sizes the shared headroom pool from it at run time; the pool's "
                                + "xoff is imported instead");
                    } else {
                        unmapped.add(what + ": not modelled");
                    }
                }
            }
            for (Map.Entry<String, Map<String, String>> e : db.table("LOSSLESS_TRAFFIC_PATTERN").entrySet()) {
                unmapped.add("LOSSLESS_TRAFFIC_PATTERN|" + e.getKey() + " " + e.getValue()
                        + ": inputs of SONiC's headroom model; use lossless headroom --lossless-mtu/--small-packets");
            }
        }

        BufferProfileSettings lossyPg(PgResult pg) {
            if (pg.lossyProfile == null || pg.lossyProfile.equals("NULL")) {
                return null;
            }
            return egressLike(pg.lossyProfile);
        }

        /** A profile without headroom fields: pool, size → reserved, dynamic_th | static_th. */
        BufferProfileSettings egressLike(String name) {
            Map<String, String> f = db.table("BUFFER_PROFILE").get(name);
            String t = "BUFFER_PROFILE";
            String pool = null;
            Long reserved = null;
            Integer dyn = null;
            Long stat = null;
            for (Map.Entry<String, String> e : f.entrySet()) {
                String k = e.getKey();
                String v = e.getValue();
                switch (k) {
                    case "pool" -> pool = SonicDb.profileName(v);
                    case "size" -> reserved = db.bytes(t, name, k, v);
                    case "dynamic_th" -> dyn = db.integer(t, name, k, v, DYN_MIN, DYN_MAX);
                    case "static_th" -> stat = db.bytes(t, name, k, v);
                    default -> unmapped.add(t + "|" + name + "." + k + " = " + v + ": not modelled on this profile");
                }
            }
            if (pool != null && db.table("BUFFER_POOL").get(pool) == null) {
                throw new IllegalArgumentException(db.where(t, name, "pool") + ": pool '" + pool + "' is not in BUFFER_POOL");
            }
            pool = importedPool(db.where(t, name, "pool"), pool);
            return new BufferProfileSettings(pool, reserved, dyn, stat);
        }

        // ---------------------------------------------------------------- BUFFER_QUEUE
        BufferProfileSettings[] bufferQueue(Set<Integer> losslessQueues) {
            Map<String, Integer> lossless = new LinkedHashMap<>();
            Map<String, Integer> lossy = new LinkedHashMap<>();
            for (Map.Entry<String, Map<String, String>> e : db.table("BUFFER_QUEUE").entrySet()) {
                int ports = SonicDb.ports(e.getKey()).size();
                String ref = e.getValue().get("profile");
                if (ref == null) {
                    throw new IllegalArgumentException(db.where("BUFFER_QUEUE", e.getKey(), "profile") + ": missing");
                }
                String name = SonicDb.profileName(ref);
                if (!db.table("BUFFER_PROFILE").containsKey(name)) {
                    throw new IllegalArgumentException(db.where("BUFFER_QUEUE", e.getKey(), "profile") + ": profile '"
                            + name + "' is not in BUFFER_PROFILE");
                }
                usedProfiles.add(name);
                for (int q : db.indices("BUFFER_QUEUE", e.getKey())) {
                    (losslessQueues.contains(q) ? lossless : lossy).merge(name, ports, Integer::sum);
                }
            }
            String ll = mostCommon(lossless, "lossless BUFFER_QUEUE profile");
            String ly = mostCommon(lossy, "lossy BUFFER_QUEUE profile");
            return new BufferProfileSettings[] {ll == null ? null : egressLike(ll), ly == null ? null : egressLike(ly)};
        }

    }
}
