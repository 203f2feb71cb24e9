package org.lossless.experiments.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import org.lossless.topology.Cable;
import org.lossless.topology.Topology;
import org.lossless.topology.types.DumbbellSpec;
import org.lossless.topology.types.FatTreeSpec;
import org.lossless.topology.types.HpccFileSpec;
import org.lossless.topology.types.LeafSpineSpec;
import org.lossless.topology.types.ParkingLotSpec;
import org.lossless.topology.types.RailOptimizedSpec;
import org.lossless.topology.types.RingSpec;
import org.lossless.topology.types.StarSpec;
import org.lossless.topology.types.TopologySpec;
import org.lossless.topology.servers.ServerPlacement;
import org.lossless.topology.servers.ServerShape;
import org.lossless.workloads.collective.GpuServers;
import org.lossless.workloads.spec.WorkloadFabric;

/**
 * The {@code topology} section: one record per topology type, each with its own keys (docs/scenario.md).
 * {@link #spec()} maps it to the topology library's {@link TopologySpec}, which builds the graph; each
 * record validates itself by making that spec. To add a type, add a record here, a reader branch in
 * {@link TopologyReader} and a writer branch in {@link ResolvedYaml}.
 *
 * <p>The records keep {@link LinkConfig}s rather than the library's rate/delay pairs because a link
 * given by its cable length keeps that length (PFC headroom uses it).
 */
public sealed interface TopologyConfig extends WorkloadFabric permits TopologyConfig.Star, TopologyConfig.Dumbbell,
        TopologyConfig.ParkingLot, TopologyConfig.Ring, TopologyConfig.LeafSpine, TopologyConfig.FatTree,
        TopologyConfig.RailOptimized, TopologyConfig.HpccFile {
    /** Types this version reads. */
    List<String> SUPPORTED = List.of("star", "dumbbell", "parking-lot", "ring", "leaf-spine", "fat-tree",
            "rail-optimized", "hpcc-file");
    /** Types named by the contract that are not implemented yet (none left). */
    List<String> PLANNED = List.of();

    /** The type name as in the scenario file. */
    String type();

    /** Hosts, numbered 0..hostCount()-1 in topology order. */
    int hostCount();

    /** Links between a host and its switch. */
    LinkConfig hostLink();

    /** Links between switches (unused by a single-switch star, kept for uniformity). */
    LinkConfig fabricLink();

    /** Rate of the host links, bps. */
    @Override
    default long hostLinkRateBps() {
        return hostLink().rateBps();
    }

    /**
     * The shape of the fabric's GPU servers when its hosts are their NICs ({@code gpus_per_server},
     * {@code nics_per_server}, {@code nvlink}, {@code pcie}; always on rail-optimized); null when every host is a
     * one-GPU server.
     */
    default ServerShape server() {
        return null;
    }

    /** The GPU servers ({@link #server()}) as the workloads see them, or null. */
    @Override
    default GpuServers gpuServers() {
        ServerShape s = server();
        return s == null ? null : new GpuServers(s);
    }

    /** The topology library's configuration of this fabric. */
    TopologySpec spec();

    /**
     * A new fabric graph on each call ({@code hpcc-file}: the file's own). A loaded scenario builds it once, in its
     * {@link Fabric} ({@link Scenario#fabric()}): use that one.
     */
    default Topology build() {
        return spec().build();
    }

    /** What was legal but worth telling the user (an {@code hpcc-file} import); empty for built-in types. */
    default List<String> warnings() {
        return List.of();
    }

    /**
     * {@code star}: {@code hosts} hosts on one switch {@code sw0}; host i is on switch port i.
     *
     * @param hosts      number of hosts, &gt;= 2
     * @param hostLink   host-switch links
     * @param fabricLink switch-switch links (none in a star; written out for uniformity)
     * @param server     GPU servers whose NICs the hosts are, or null
     */
    record Star(int hosts, LinkConfig hostLink, LinkConfig fabricLink, ServerShape server) implements TopologyConfig {
        public Star {
            if (hosts < 2) {
                throw new IllegalArgumentException("a star needs at least 2 hosts, got " + hosts);
            }
            Objects.requireNonNull(hostLink, "hostLink");
            Objects.requireNonNull(fabricLink, "fabricLink");
            checkServers(new StarSpec(hosts, hostLink.spec()), server);
        }

        /** One-GPU hosts. */
        public Star(int hosts, LinkConfig hostLink, LinkConfig fabricLink) {
            this(hosts, hostLink, fabricLink, null);
        }

        @Override
        public String type() {
            return StarSpec.TYPE;
        }

        @Override
        public int hostCount() {
            return hosts;
        }

        @Override
        public StarSpec spec() {
            return new StarSpec(hosts, hostLink.spec());
        }
    }

    /**
     * {@code dumbbell}: switches sw0 and sw1 joined by one {@code fabric_link}; {@code left_hosts} hosts on
     * sw0 (h0..), then {@code right_hosts} on sw1.
     */
    record Dumbbell(int leftHosts, int rightHosts, LinkConfig hostLink, LinkConfig fabricLink)
            implements TopologyConfig {
        public Dumbbell {
            links(hostLink, fabricLink);
            new DumbbellSpec(leftHosts, rightHosts, hostLink.spec(), fabricLink.spec());
        }

        @Override
        public String type() {
            return DumbbellSpec.TYPE;
        }

        @Override
        public int hostCount() {
            return leftHosts + rightHosts;
        }

        @Override
        public DumbbellSpec spec() {
            return new DumbbellSpec(leftHosts, rightHosts, hostLink.spec(), fabricLink.spec());
        }
    }

    /**
     * {@code parking-lot}: a chain of switches; switch i has {@code senders[i]} hosts, and one receiver (the
     * last host) hangs off the last switch.
     */
    record ParkingLot(List<Integer> senders, LinkConfig hostLink, LinkConfig fabricLink) implements TopologyConfig {
        public ParkingLot {
            links(hostLink, fabricLink);
            senders = List.copyOf(senders);
            new ParkingLotSpec(senders, hostLink.spec(), fabricLink.spec());
        }

        @Override
        public String type() {
            return ParkingLotSpec.TYPE;
        }

        @Override
        public int hostCount() {
            return (int) spec().hostCount();
        }

        @Override
        public ParkingLotSpec spec() {
            return new ParkingLotSpec(senders, hostLink.spec(), fabricLink.spec());
        }
    }

    /** {@code ring}: {@code switches} switches in a ring, {@code hosts_per_switch} hosts on each. */
    record Ring(int switches, int hostsPerSwitch, LinkConfig hostLink, LinkConfig fabricLink)
            implements TopologyConfig {
        public Ring {
            links(hostLink, fabricLink);
            new RingSpec(switches, hostsPerSwitch, hostLink.spec(), fabricLink.spec());
        }

        @Override
        public String type() {
            return RingSpec.TYPE;
        }

        @Override
        public int hostCount() {
            return switches * hostsPerSwitch;
        }

        @Override
        public RingSpec spec() {
            return new RingSpec(switches, hostsPerSwitch, hostLink.spec(), fabricLink.spec());
        }
    }

    /**
     * {@code leaf-spine}: every leaf has hosts_per_leaf hosts and parallel_links cables to every spine; the hosts are
     * the NICs of GPU servers ({@code server}) or one-GPU hosts (null).
     */
    record LeafSpine(int leaves, int spines, int hostsPerLeaf, int parallelLinks, LinkConfig hostLink,
            LinkConfig fabricLink, ServerShape server) implements TopologyConfig {
        public LeafSpine {
            links(hostLink, fabricLink);
            checkServers(new LeafSpineSpec(leaves, spines, hostsPerLeaf, parallelLinks, hostLink.spec(), fabricLink.spec()),
                    server);
        }

        /** One-GPU hosts. */
        public LeafSpine(int leaves, int spines, int hostsPerLeaf, int parallelLinks, LinkConfig hostLink,
                LinkConfig fabricLink) {
            this(leaves, spines, hostsPerLeaf, parallelLinks, hostLink, fabricLink, null);
        }

        @Override
        public String type() {
            return LeafSpineSpec.TYPE;
        }

        @Override
        public int hostCount() {
            return leaves * hostsPerLeaf;
        }

        @Override
        public LeafSpineSpec spec() {
            return new LeafSpineSpec(leaves, spines, hostsPerLeaf, parallelLinks, hostLink.spec(), fabricLink.spec());
        }
    }

    /**
     * {@code fat-tree}: the k-ary 3-tier fat-tree; oversubscription as downlinks per uplink
     * ({@link FatTreeSpec}); the hosts are the NICs of GPU servers ({@code server}) or one-GPU hosts (null).
     */
    record FatTree(int k, double torOversubscription, double aggOversubscription, LinkConfig hostLink,
            LinkConfig fabricLink, ServerShape server) implements TopologyConfig {
        public FatTree {
            links(hostLink, fabricLink);
            checkServers(new FatTreeSpec(k, hostLink.spec(), fabricLink.spec(), torOversubscription, aggOversubscription),
                    server);
        }

        /** One-GPU hosts. */
        public FatTree(int k, double torOversubscription, double aggOversubscription, LinkConfig hostLink,
                LinkConfig fabricLink) {
            this(k, torOversubscription, aggOversubscription, hostLink, fabricLink, null);
        }

        @Override
        public String type() {
            return FatTreeSpec.TYPE;
        }

        @Override
        public int hostCount() {
            return (int) spec().hostCount();
        }

        @Override
        public FatTreeSpec spec() {
            return new FatTreeSpec(k, hostLink.spec(), fabricLink.spec(), torOversubscription, aggOversubscription);
        }
    }

    /**
     * {@code rail-optimized}: GPU servers with one NIC (host) per rail ({@link RailOptimizedSpec}); the server's
     * shape ({@code gpus_per_server}, NVLink, PCIe) has {@code nicsPerServer} NICs. Collectives model what happens
     * inside a server themselves.
     */
    record RailOptimized(int servers, int nicsPerServer, int serversPerUnit, int spines, int uplinksPerSpine,
            LinkConfig hostLink, LinkConfig fabricLink, ServerShape server) implements TopologyConfig {
        /** One GPU per NIC with the default NVLink ({@link Defaults#NVLINK_RATE_BPS}, {@link Defaults#NVLINK_LATENCY_PS}). */
        public RailOptimized(int servers, int nicsPerServer, int serversPerUnit, int spines, int uplinksPerSpine,
                LinkConfig hostLink, LinkConfig fabricLink) {
            this(servers, nicsPerServer, serversPerUnit, spines, uplinksPerSpine, hostLink, fabricLink,
                    ServerShape.nvlinkOnly(nicsPerServer, Defaults.NVLINK));
        }

        public RailOptimized {
            links(hostLink, fabricLink);
            Objects.requireNonNull(server, "server");
            checkServers(new RailOptimizedSpec(servers, nicsPerServer, serversPerUnit, spines, uplinksPerSpine,
                    hostLink.spec(), fabricLink.spec()), server);
        }

        @Override
        public String type() {
            return RailOptimizedSpec.TYPE;
        }

        @Override
        public int hostCount() {
            return servers * nicsPerServer;
        }

        @Override
        public RailOptimizedSpec spec() {
            return new RailOptimizedSpec(servers, nicsPerServer, serversPerUnit, spines, uplinksPerSpine,
                    hostLink.spec(), fabricLink.spec());
        }
    }

    /**
     * {@code hpcc-file}: an HPCC ns-3 topology file, read when the scenario is loaded. Links come from the
     * file, so {@link #hostLink()} and {@link #fabricLink()} only describe it: the link of host 0, and the
     * first switch-to-switch link in file order (or the host link if there is none).
     *
     * <p>Equality is by {@code path} (absolute): the same file gives the same topology.
     *
     * @param path absolute, normalised path of the file
     * @param file what it holds
     */
    record HpccFile(Path path, HpccFileSpec file) implements TopologyConfig {
        public HpccFile {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(file, "file");
            if (!path.isAbsolute()) {
                throw new IllegalArgumentException("hpcc-file path must be absolute, got " + path);
            }
        }

        @Override
        public String type() {
            return HpccFileSpec.TYPE;
        }

        @Override
        public int hostCount() {
            return (int) file.hostCount();
        }

        @Override
        public LinkConfig hostLink() {
            Topology t = file.build();
            Cable c = t.ports(t.hostNode(0)).get(0).cable();
            return LinkConfig.of(c.rateBps(), c.delayPs());
        }

        @Override
        public LinkConfig fabricLink() {
            Topology t = file.build();
            for (Cable c : t.cables()) {
                if (!t.node(c.a()).isHost() && !t.node(c.b()).isHost()) {
                    return LinkConfig.of(c.rateBps(), c.delayPs());
                }
            }
            return hostLink();
        }

        @Override
        public HpccFileSpec spec() {
            return file;
        }

        /** The file's graph, read once with the file. */
        @Override
        public Topology build() {
            return file.build();
        }

        @Override
        public List<String> warnings() {
            List<String> w = new java.util.ArrayList<>(file.imported().warnings());
            if (file.imported().hasLossyLinks()) {
                w.add(path.getFileName() + ": links with error_rate > 0 run loss-free here (random packet loss is "
                        + "not modelled)");
            }
            return w;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof HpccFile h && h.path.equals(path);
        }

        @Override
        public int hashCode() {
            return path.hashCode();
        }

        @Override
        public String toString() {
            return "HpccFile[path=" + path + ", " + file.build() + "]";
        }
    }

    /** Checks that {@code server} (when given) fits {@code spec} ({@link ServerPlacement}). */
    private static void checkServers(TopologySpec spec, ServerShape server) {
        if (server != null) {
            ServerPlacement.check(spec, server);
        }
    }

    private static void links(LinkConfig hostLink, LinkConfig fabricLink) {
        Objects.requireNonNull(hostLink, "hostLink");
        Objects.requireNonNull(fabricLink, "fabricLink");
    }
}
