package org.lossless.topology.types;

import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;

/**
 * {@code rail-optimized}: the layout of current GPU clusters (e.g. NVIDIA DGX SuperPOD). Servers have
 * {@code nicsPerServer} NICs (R, usually one per GPU). Servers are grouped into scalable units of
 * {@code serversPerUnit}; in each unit, NIC r of every server goes to rail switch r of that unit.
 * Every rail switch has {@code uplinksPerSpine} cables to every spine.
 *
 * <p>Each NIC is a host of the topology (one NIC port per host): host number = server x R + r, so the
 * NICs of server s are hosts sR..sR+R-1 ({@link #serverOf(int)}, {@link #railOf(int)}). Traffic between
 * two GPUs of one server goes over NVLink/PCIe, which this graph does not model. Switches:
 * {@code rail<u*R+r>} (tier 1), then {@code spine<j>} (tier 2).
 *
 * @param servers         GPU servers ({@code servers}, a multiple of servers_per_unit)
 * @param nicsPerServer   NICs (rails) per server ({@code nics_per_server}, &gt;= 1)
 * @param serversPerUnit  servers per scalable unit ({@code servers_per_unit}, &gt;= 1)
 * @param spines          spine switches ({@code spines}, &gt;= 1)
 * @param uplinksPerSpine cables from each rail switch to each spine ({@code uplinks_per_spine}, &gt;= 1)
 * @param hostLink        NIC-to-rail-switch links
 * @param fabricLink      rail-to-spine links
 */
public record RailOptimizedSpec(int servers, int nicsPerServer, int serversPerUnit, int spines, int uplinksPerSpine,
        LinkSpec hostLink, LinkSpec fabricLink) implements TopologySpec {
    public static final String TYPE = "rail-optimized";

    public RailOptimizedSpec {
        Checks.atLeast(TYPE, "servers", servers, 1);
        Checks.atLeast(TYPE, "nics_per_server", nicsPerServer, 1);
        Checks.atLeast(TYPE, "servers_per_unit", serversPerUnit, 1);
        Checks.atLeast(TYPE, "spines", spines, 1);
        Checks.atLeast(TYPE, "uplinks_per_spine", uplinksPerSpine, 1);
        if (servers % serversPerUnit != 0) {
            throw new IllegalArgumentException(TYPE + ": servers (" + servers + ") must be a multiple of "
                    + "servers_per_unit (" + serversPerUnit + ")");
        }
        Checks.hostLimit(TYPE, (long) servers * nicsPerServer);
        Checks.present(TYPE, "host_link", hostLink);
        Checks.present(TYPE, "fabric_link", fabricLink);
    }

    /** One uplink from each rail switch to each spine. */
    public RailOptimizedSpec(int servers, int nicsPerServer, int serversPerUnit, int spines, LinkSpec hostLink,
            LinkSpec fabricLink) {
        this(servers, nicsPerServer, serversPerUnit, spines, 1, hostLink, fabricLink);
    }

    @Override
    public String type() {
        return TYPE;
    }

    public int units() {
        return servers / serversPerUnit;
    }

    public int railSwitches() {
        return units() * nicsPerServer;
    }

    @Override
    public long hostCount() {
        return (long) servers * nicsPerServer;
    }

    /** Server of a host (NIC) number. */
    public int serverOf(int host) {
        return host / nicsPerServer;
    }

    /** Rail (NIC index within its server) of a host number. */
    public int railOf(int host) {
        return host % nicsPerServer;
    }

    /** Host number of NIC {@code rail} of server {@code server}. */
    public int host(int server, int rail) {
        return server * nicsPerServer + rail;
    }

    @Override
    public Topology build() {
        Topology.Builder b = Topology.builder(TYPE);
        int hosts = servers * nicsPerServer;
        for (int h = 0; h < hosts; h++) {
            b.addHost("h" + h);
        }
        int firstRail = b.nodeCount();
        for (int r = 0; r < railSwitches(); r++) {
            b.addSwitch("rail" + r, 1);
        }
        int firstSpine = b.nodeCount();
        for (int s = 0; s < spines; s++) {
            b.addSwitch("spine" + s, 2);
        }
        for (int h = 0; h < hosts; h++) {
            int unit = serverOf(h) / serversPerUnit;
            b.connect(h, firstRail + unit * nicsPerServer + railOf(h), hostLink);
        }
        for (int r = 0; r < railSwitches(); r++) {
            for (int s = 0; s < spines; s++) {
                for (int m = 0; m < uplinksPerSpine; m++) {
                    b.connect(firstRail + r, firstSpine + s, fabricLink);
                }
            }
        }
        return b.build();
    }
}
