package org.lossless.experiments.scenario;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;
import org.lossless.workloads.yaml.Cursor;
import org.lossless.workloads.yaml.ScenarioException;
import org.lossless.workloads.yaml.ScenarioFiles;
import org.lossless.core.text.DidYouMean;

import org.lossless.core.units.Units;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import org.lossless.topology.io.HpccTopology;
import org.lossless.topology.io.HpccTopologyFile;
import org.lossless.topology.servers.ServerShape;
import org.lossless.topology.types.HpccFileSpec;

/**
 * Reads {@code topology}: dispatches on {@code type} to one reader per type. Each key is checked where
 * it is read, so a message names its key path ({@code topology.k: must be an even number >= 2, got 5});
 * what only the combination of keys can break (too many hosts) is reported by the topology library
 * and named at {@code topology}.
 */
final class TopologyReader {
    /** Upper bound on hosts, to catch typos before they allocate a huge fabric. */
    static final int MAX_HOSTS = TopologySchema.MAX_HOSTS;

    private TopologyReader() {
    }

    static TopologyConfig read(Cursor c) {
        if (!c.present()) {
            throw c.error("is required, e.g. {type: star, hosts: 9, host_link: {rate: 100Gbps, delay: 1us}}");
        }
        if (!c.key("type").present()) {
            c.object(TopologySchema.allKeys()); // a mapping? unknown keys (a misspelt "type") get a "did you mean"
        }
        Cursor typeKey = c.key("type");
        String type = typeKey.text("a topology type (" + String.join(", ", TopologyConfig.SUPPORTED) + ")");
        if (!org.lossless.topology.servers.ServerPlacement.TYPES.contains(type)) {
            ServerReader.refuse(c, type);
        }
        return switch (type) {
            case "star" -> star(c);
            case "dumbbell" -> dumbbell(c);
            case "parking-lot" -> parkingLot(c);
            case "ring" -> ring(c);
            case "leaf-spine" -> leafSpine(c);
            case "fat-tree" -> fatTree(c);
            case "rail-optimized" -> railOptimized(c);
            case "hpcc-file" -> hpccFile(c);
            default -> throw typeKey.error("unknown topology type '" + type + "'"
                    + DidYouMean.hint(type, TopologyConfig.SUPPORTED) + " (supported: "
                    + String.join(", ", TopologyConfig.SUPPORTED) + ")");
        };
    }

    private static TopologyConfig.Star star(Cursor c) {
        c.object(TopologySchema.STAR.names());
        Key hostsKey = TopologySchema.STAR.key("hosts");
        int hosts = (int) c.key("hosts").integer(hostsKey.min(), hostsKey.max());
        LinkConfig host = link(c.key("host_link"), Defaults.HOST_LINK);
        LinkConfig fabric = link(c.key("fabric_link"), host);
        ServerShape server = ServerReader.optional(c, hosts, "hosts");
        return make(c, () -> new TopologyConfig.Star(hosts, host, fabric, server));
    }

    private static TopologyConfig.Dumbbell dumbbell(Cursor c) {
        c.object(TopologySchema.DUMBBELL.names());
        int left = count(c, TopologySchema.DUMBBELL, "left_hosts");
        int right = count(c, TopologySchema.DUMBBELL, "right_hosts");
        LinkConfig host = link(c.key("host_link"), Defaults.HOST_LINK);
        LinkConfig fabric = link(c.key("fabric_link"), host);
        return make(c, () -> new TopologyConfig.Dumbbell(left, right, host, fabric));
    }

    private static TopologyConfig.ParkingLot parkingLot(Cursor c) {
        c.object(TopologySchema.PARKING_LOT.names());
        Cursor sendersKey = c.key("senders");
        Cursor switchesKey = c.key("switches");
        List<Integer> senders;
        if (sendersKey.present() && switchesKey.present()) {
            throw switchesKey.error("give either senders (a list: senders on each switch) or switches (one sender "
                    + "on each), not both");
        } else if (switchesKey.present()) {
            senders = Collections.nCopies(count(switchesKey, 1), 1);
        } else if (sendersKey.present()) {
            List<Cursor> items = sendersKey.list();
            if (items.isEmpty()) {
                throw sendersKey.error("needs one entry per switch, e.g. [3, 1]");
            }
            senders = new ArrayList<>(items.size());
            for (Cursor item : items) {
                senders.add((int) item.integer(0, MAX_HOSTS));
            }
            if (senders.stream().mapToLong(Integer::longValue).sum() == 0) {
                throw sendersKey.error("needs at least one sender in all, got " + senders);
            }
        } else {
            throw sendersKey.error("is required: the senders on each switch of the chain, e.g. [3, 1] (or "
                    + "switches: N for one sender on each)");
        }
        LinkConfig host = link(c.key("host_link"), Defaults.HOST_LINK);
        LinkConfig fabric = link(c.key("fabric_link"), host);
        return make(c, () -> new TopologyConfig.ParkingLot(senders, host, fabric));
    }

    private static TopologyConfig.Ring ring(Cursor c) {
        c.object(TopologySchema.RING.names());
        int switches = count(c, TopologySchema.RING, "switches");
        int perSwitch = count(c, TopologySchema.RING, "hosts_per_switch");
        LinkConfig host = link(c.key("host_link"), Defaults.HOST_LINK);
        LinkConfig fabric = link(c.key("fabric_link"), host);
        return make(c, () -> new TopologyConfig.Ring(switches, perSwitch, host, fabric));
    }

    private static TopologyConfig.LeafSpine leafSpine(Cursor c) {
        c.object(TopologySchema.LEAF_SPINE.names());
        int leaves = count(c, TopologySchema.LEAF_SPINE, "leaves");
        int spines = count(c, TopologySchema.LEAF_SPINE, "spines");
        int perLeaf = count(c, TopologySchema.LEAF_SPINE, "hosts_per_leaf");
        int parallel = count(c, TopologySchema.LEAF_SPINE, "parallel_links");
        LinkConfig host = link(c.key("host_link"), Defaults.HOST_LINK);
        LinkConfig fabric = link(c.key("fabric_link"), host);
        ServerShape server = ServerReader.optional(c, perLeaf, "hosts_per_leaf");
        return make(c, () -> new TopologyConfig.LeafSpine(leaves, spines, perLeaf, parallel, host, fabric, server));
    }

    private static TopologyConfig.FatTree fatTree(Cursor c) {
        c.object(TopologySchema.FAT_TREE.names());
        Cursor kKey = c.key("k");
        if (!kKey.present()) {
            throw kKey.error("is required: the switch radix, an even number >= 2 (k pods, k^3/4 hosts), e.g. 4");
        }
        long k;
        try {
            k = kKey.integer(Integer.MIN_VALUE, Integer.MAX_VALUE);
        } catch (ScenarioException e) {
            throw kKey.error("must be an even number >= 2, e.g. 4");
        }
        if (k < 2 || k % 2 != 0) {
            throw kKey.error("must be an even number >= 2, got " + k);
        }
        if (k > 1_000) {
            throw kKey.error(k + " is too large: k^3/4 hosts would be more than " + MAX_HOSTS);
        }
        int half = (int) k / 2;
        Cursor torKey = c.key("tor_oversubscription");
        double tor = ratio(torKey);
        double hostsPerTor = tor * half;
        if (!whole(hostsPerTor)) {
            throw torKey.error(number(tor) + " gives " + number(hostsPerTor) + " hosts per ToR (tor_oversubscription "
                    + "x k/2 = " + number(tor) + " x " + half + "); that must be a whole number >= 1");
        }
        Cursor aggKey = c.key("agg_oversubscription");
        double agg = ratio(aggKey);
        double coreLinks = half / agg;
        if (!whole(coreLinks)) {
            throw aggKey.error(number(agg) + " gives " + number(coreLinks) + " core links per aggregation switch "
                    + "(k/2 / agg_oversubscription = " + half + " / " + number(agg) + "); that must be a whole number "
                    + ">= 1");
        }
        LinkConfig host = link(c.key("host_link"), Defaults.HOST_LINK);
        LinkConfig fabric = link(c.key("fabric_link"), host);
        ServerShape server = ServerReader.optional(c, Math.round(hostsPerTor), "the hosts per ToR (tor_oversubscription "
                + "x k/2)");
        return make(c, () -> new TopologyConfig.FatTree((int) k, tor, agg, host, fabric, server));
    }

    private static TopologyConfig.RailOptimized railOptimized(Cursor c) {
        c.object(TopologySchema.RAIL_OPTIMIZED.names());
        int servers = count(c, TopologySchema.RAIL_OPTIMIZED, "servers");
        int nics = count(c, TopologySchema.RAIL_OPTIMIZED, "nics_per_server");
        Cursor unitKey = c.key("servers_per_unit");
        int perUnit = unitKey.present() ? count(c, TopologySchema.RAIL_OPTIMIZED, "servers_per_unit") : servers;
        if (servers % perUnit != 0) {
            throw unitKey.error("must divide servers (" + servers + ") into whole scalable units, got " + perUnit);
        }
        int spines = count(c, TopologySchema.RAIL_OPTIMIZED, "spines");
        int uplinks = count(c, TopologySchema.RAIL_OPTIMIZED, "uplinks_per_spine");
        LinkConfig host = link(c.key("host_link"), Defaults.HOST_LINK);
        LinkConfig fabric = link(c.key("fabric_link"), host);
        ServerShape server = ServerReader.rail(c, nics);
        return make(c, () -> new TopologyConfig.RailOptimized(servers, nics, perUnit, spines, uplinks, host, fabric,
                server));
    }

    private static TopologyConfig.HpccFile hpccFile(Cursor c) {
        c.object(TopologySchema.HPCC_FILE.names());
        Cursor pathKey = c.key("path");
        if (!pathKey.present()) {
            throw pathKey.error("is required: the HPCC topology file, relative to the scenario's folder, e.g. "
                    + "topology.txt");
        }
        String given = pathKey.text("a file path");
        Path file = pathKey.file();
        String text = ScenarioFiles.readText(pathKey, file, "an HPCC topology file");
        HpccTopology imported;
        try {
            imported = HpccTopologyFile.parse(text, given);
        } catch (IllegalArgumentException e) {
            throw pathKey.error(e.getMessage());
        }
        int hosts = imported.topology().hostCount();
        if (hosts < 2) {
            throw pathKey.error(given + " has " + hosts + " hosts; a scenario needs at least 2");
        }
        return new TopologyConfig.HpccFile(file, new HpccFileSpec(file, imported));
    }

    /** A required count &gt;= {@code min}. */
    private static int count(Cursor c, int min) {
        if (!c.present()) {
            throw c.error("is required (an integer >= " + min + ")");
        }
        return (int) c.integer(min, MAX_HOSTS);
    }

    /**
     * Count {@code name} of {@code s} under {@code c}: in the key's range, its default when absent, "is required"
     * when it has none.
     */
    private static int count(Cursor c, Section s, String name) {
        Key k = s.key(name);
        Cursor kc = c.key(name);
        if (!kc.present() && k.dflt() != null) {
            return (Integer) k.dflt();
        }
        if (!kc.present()) {
            throw kc.error("is required (an integer >= " + k.min() + ")");
        }
        return (int) kc.integer(k.min(), k.max());
    }

    /** An oversubscription ratio: a number &gt; 0 ({@code 3}, {@code 1.5}) or {@code "3:1"}; default 1. */
    private static double ratio(Cursor c) {
        if (!c.present()) {
            return 1;
        }
        String t = c.text("a ratio such as 1, 1.5 or 3:1");
        String s = t.strip();
        if (s.endsWith(":1")) {
            s = s.substring(0, s.length() - 2).strip();
        }
        double v;
        try {
            v = Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw c.error("'" + t + "' is not a ratio: expected a number > 0 such as 1, 1.5 or 3:1 (downlinks per "
                    + "uplink)");
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw c.error("must be a number > 0 (downlinks per uplink; 1 = non-blocking), got " + t);
        }
        return v;
    }

    private static boolean whole(double x) {
        return x >= 1 - 1e-9 && Math.abs(x - Math.rint(x)) <= 1e-9 * x;
    }

    /** {@code 3} for whole numbers, {@code 1.5} otherwise. */
    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
    }

    /** Makes a record; what the topology library still rejects (the combination of keys) is named at topology. */
    private static <T extends TopologyConfig> T make(Cursor c, Supplier<T> maker) {
        try {
            return maker.get();
        } catch (IllegalArgumentException e) {
            throw c.error(e.getMessage());
        }
    }

    /** {@code {rate, delay}} or {@code {rate, length}}; missing keys come from {@code dflt}. */
    static LinkConfig link(Cursor c, LinkConfig dflt) {
        c.object(TopologySchema.LINK.names());
        Cursor rateKey = c.key("rate");
        long rate = rateKey.rateBps(dflt.rateBps());
        if (rate <= 0) {
            throw rateKey.error("a link rate must be > 0, e.g. 100Gbps");
        }
        Cursor delayKey = c.key("delay");
        Cursor lengthKey = c.key("length");
        long length = lengthKey.present() ? lengthKey.lengthMm() : -1;
        long delay;
        if (delayKey.present()) {
            delay = delayKey.timePs();
        } else if (length >= 0) {
            try {
                delay = Units.propagationPs(length);
            } catch (ArithmeticException e) {
                throw lengthKey.error("the cable is too long");
            }
        } else {
            delay = dflt.delayPs();
            length = dflt.lengthMm();
        }
        return new LinkConfig(rate, delay, length);
    }
}
