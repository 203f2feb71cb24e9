package org.lossless.experiments.scenario;

import org.lossless.core.settings.Key;
import org.lossless.core.settings.Section;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The schema of {@code topology}: one {@link Section} per topology type with every key that type allows, in the
 * order the unknown-key messages list them, plus a link ({@code host_link}, {@code fabric_link}) and the GPU
 * server keys. A type's section path is {@code topology.TYPE} with '-' written '_' (e.g.
 * {@code topology.leaf_spine}): the last name is the type, not a key; it only names the docs' table.
 * {@link TopologyReader} takes each type's allowed keys and the counts' ranges and defaults from here; keys whose
 * checks depend on other keys (a fat-tree's {@code k} and ratios, {@code senders} or {@code switches}, the
 * servers) are {@link Key#custom} rows it reads itself.
 */
final class TopologySchema {
    /** Upper bound on hosts, to catch typos before they allocate a huge fabric. */
    static final int MAX_HOSTS = 1_000_000;

    private static final Key HOST_LINK = Key.custom("host_link", "link (`topology.link` below)",
            "`{rate: 100Gbps, delay: 1us}`", "every host-to-switch link");
    private static final Key FABRIC_LINK = Key.custom("fabric_link", "link", "same as `host_link`",
            "every switch-to-switch link");
    private static final Key GPUS = Key.custom("gpus_per_server", "integer ≥ 1, a multiple of `nics_per_server`",
            "`nics_per_server`", "GPUs per server, G (GPU servers, below)");
    private static final Key NICS = Key.custom("nics_per_server", "integer 1..G", "`gpus_per_server`",
            "NICs per server, N (GPU servers, below)");
    private static final Key NVLINK = Key.custom("nvlink", "`{rate, latency}` or `none`",
            "`{rate: 2.4Tbps, latency: 1us}`", "one GPU's NVLink (GPU servers, below)");
    private static final Key PCIE = Key.custom("pcie", "`{rate, latency}` (both required) or `none`",
            "`none` (not modelled)", "a NIC's PCIe link to its GPUs (GPU servers, below)");

    static final Section STAR = Section.of("topology.star", type("star"),
            Key.integer("hosts", 2, MAX_HOSTS, null, "number of hosts").defaultDoc("**required**"),
            HOST_LINK, Key.custom("fabric_link", "link", "same as `host_link`",
                    "unused: a star has no switch-to-switch link"), GPUS, NICS, NVLINK, PCIE);

    static final Section DUMBBELL = Section.of("topology.dumbbell", type("dumbbell"),
            count("left_hosts", "hosts on sw0"), count("right_hosts", "hosts on sw1"), HOST_LINK, FABRIC_LINK);

    static final Section PARKING_LOT = Section.of("topology.parking_lot", type("parking-lot"),
            Key.custom("senders", "list of integers ≥ 0, one per switch, ≥ 1 sender in all",
                    "**required** (or `switches`)", "senders on each switch"),
            Key.custom("switches", "integer ≥ 1", "–", "instead of `senders`: this many switches with one sender each "
                    + "(written out as `senders`)"),
            HOST_LINK, FABRIC_LINK);

    static final Section RING = Section.of("topology.ring", type("ring"),
            Key.integer("switches", 3, MAX_HOSTS, null, "switches in the ring").defaultDoc("**required**"),
            Key.integer("hosts_per_switch", 1, MAX_HOSTS, 1, "hosts on each switch"), HOST_LINK, FABRIC_LINK);

    static final Section LEAF_SPINE = Section.of("topology.leaf_spine", type("leaf-spine"),
            count("leaves", "leaf switches (`leaf0`..)"), count("spines", "spine switches (`spine0`..)"),
            count("hosts_per_leaf", "hosts on each leaf"),
            Key.integer("parallel_links", 1, MAX_HOSTS, 1, "cables between each leaf and each spine"),
            HOST_LINK, FABRIC_LINK, GPUS, NICS, NVLINK, PCIE);

    static final Section FAT_TREE = Section.of("topology.fat_tree", type("fat-tree"),
            Key.custom("k", "even integer 2..1000", "**required**", "switch radix"),
            Key.custom("tor_oversubscription", "number > 0 or `N:1`", "`1`", "hosts per ToR uplink: each ToR has "
                    + "`tor_oversubscription` × k/2 hosts (a whole number) and k/2 uplinks"),
            Key.custom("agg_oversubscription", "number > 0 or `N:1`", "`1`", "ToR links per core link at an "
                    + "aggregation switch: k/2 ÷ `agg_oversubscription` core links each (a whole number), so "
                    + "k²/(4 × `agg_oversubscription`) cores"),
            HOST_LINK, FABRIC_LINK, GPUS, NICS, NVLINK, PCIE);

    static final Section RAIL_OPTIMIZED = Section.of("topology.rail_optimized", type("rail-optimized"),
            count("servers", "GPU servers; a multiple of `servers_per_unit`"),
            count("nics_per_server", "NICs (rails) per server, R"),
            Key.integer("servers_per_unit", 1, MAX_HOSTS, null, "servers per scalable unit")
                    .defaultDoc("`servers` (one unit)"),
            count("spines", "spine switches"),
            Key.integer("uplinks_per_spine", 1, MAX_HOSTS, 1, "cables from each rail switch to each spine"),
            HOST_LINK, FABRIC_LINK, GPUS, NVLINK, PCIE);

    static final Section HPCC_FILE = Section.of("topology.hpcc_file", type("hpcc-file"),
            Key.custom("path", "file path", "**required**", "the topology file, relative to the scenario's folder "
                    + "(written out absolute in the resolved scenario)"));

    /** The GPU server keys of every type in {@code ServerPlacement.TYPES}, with their full doc lines. */
    static final Section SERVER = Section.of("topology.servers",
            Key.custom(GPUS.name(), GPUS.noun(), GPUS.defaultDoc(), "GPUs per server, G"),
            Key.custom(NICS.name(), NICS.noun(), "`gpus_per_server` (star, leaf-spine, fat-tree; required on "
                    + "rail-optimized)", "NICs per server, N; a NIC serves G/N GPUs (8 GPUs with 1 NIC: a PCIe-only "
                    + "or shared-NIC server). On star, leaf-spine and fat-tree it must divide the hosts of one edge "
                    + "switch (`hosts`, `hosts_per_leaf`, `tor_oversubscription` × k/2)"),
            Key.custom(NVLINK.name(), NVLINK.noun(), NVLINK.defaultDoc(), "one GPU's NVLink: its egress rate to the "
                    + "other GPUs of its server, per direction (A100 NVLink 3: 12 links × 25 GB/s), and the time from "
                    + "a transfer's last byte leaving to it landing in the other GPU. `none`: a server without "
                    + "NVLink, whose GPUs talk over `pcie` (which is then required when G > 1)"),
            Key.custom(PCIE.name(), PCIE.noun(), PCIE.defaultDoc(), "the PCIe link between a NIC and the GPUs it "
                    + "serves, one direction, shared by those GPUs (and each GPU's link to the others without "
                    + "NVLink), e.g. `{rate: 256Gbps, latency: 1us}` for Gen4 x16, 512Gbps for Gen5 x16. `none`: no "
                    + "delay and no rate limit between a GPU and its NIC"));

    /** {@code host_link} and {@code fabric_link}. */
    static final Section LINK = Section.of("topology.link",
            Key.custom("rate", "rate > 0", "see above", "line rate of both directions"),
            Key.custom("delay", "time", "see above", "one-way propagation delay"),
            Key.custom("length", "length", "none", "cable length; gives the delay at 5 ns/m when `delay` is not "
                    + "given. When both are given, `delay` wins"));

    /** Every type's section, in {@link TopologyConfig#SUPPORTED} order. */
    static final List<Section> TYPES = List.of(STAR, DUMBBELL, PARKING_LOT, RING, LEAF_SPINE, FAT_TREE,
            RAIL_OPTIMIZED, HPCC_FILE);

    private TopologySchema() {
    }

    /** The {@code type} row of type {@code t}. */
    private static Key type(String t) {
        return Key.custom("type", "`" + t + "`", "**required**", "the topology type (one of `"
                + String.join("`, `", TopologyConfig.SUPPORTED) + "`)");
    }

    /** A required count &gt;= 1. */
    private static Key count(String name, String doc) {
        return Key.integer(name, 1, MAX_HOSTS, null, doc).defaultDoc("**required**");
    }

    /** The section of type {@code type} (one of {@link TopologyConfig#SUPPORTED}). */
    static Section of(String type) {
        return TYPES.get(TopologyConfig.SUPPORTED.indexOf(type));
    }

    /** Every key of every type, first appearance first (what a topology without a type may hold). */
    static String[] allKeys() {
        Set<String> all = new LinkedHashSet<>();
        for (Section s : TYPES) {
            all.addAll(List.of(s.names()));
        }
        return new ArrayList<>(all).toArray(String[]::new);
    }
}
