package org.lossless.topology.servers;

import java.util.List;

import org.lossless.topology.types.FatTreeSpec;
import org.lossless.topology.types.LeafSpineSpec;
import org.lossless.topology.types.RailOptimizedSpec;
import org.lossless.topology.types.StarSpec;
import org.lossless.topology.types.TopologySpec;

/**
 * Whether a {@link ServerShape} fits a topology: its hosts are the NICs of whole servers, numbered server by
 * server, and a server's NICs sit on one edge switch (star, leaf-spine, fat-tree), or one per rail switch of
 * its scalable unit ({@code rail-optimized}, whose {@code nics_per_server} is the shape's NIC count). Messages
 * name the scenario keys.
 */
public final class ServerPlacement {
    /** Topology types whose hosts can be the NICs of GPU servers. */
    public static final List<String> TYPES = List.of(StarSpec.TYPE, LeafSpineSpec.TYPE, FatTreeSpec.TYPE,
            RailOptimizedSpec.TYPE);

    private ServerPlacement() {
    }

    /** Fails with a message naming the key that breaks the fit; returns the number of servers. */
    public static int check(TopologySpec spec, ServerShape shape) {
        int nics = shape.nics();
        if (spec instanceof StarSpec s) {
            divides(s.hosts(), nics, "hosts", "the star's hosts are whole servers");
        } else if (spec instanceof LeafSpineSpec l) {
            divides(l.hostsPerLeaf(), nics, "hosts_per_leaf", "the NICs of a server sit on one leaf");
        } else if (spec instanceof FatTreeSpec f) {
            divides(f.hostsPerTor(), nics, "the hosts per ToR (tor_oversubscription x k/2)",
                    "the NICs of a server sit on one ToR");
        } else if (spec instanceof RailOptimizedSpec r) {
            if (r.nicsPerServer() != nics) {
                throw new IllegalArgumentException("a rail-optimized server has nics_per_server = " + r.nicsPerServer()
                        + " NICs (one per rail), not " + nics);
            }
        } else {
            throw new IllegalArgumentException("GPU servers are not supported on " + spec.type()
                    + " topologies (supported: " + String.join(", ", TYPES) + ")");
        }
        long servers = spec.hostCount() / nics;
        long gpus = servers * shape.gpus();
        if (gpus > TopologySpec.MAX_HOSTS) {
            throw new IllegalArgumentException(servers + " servers x " + shape.gpus() + " GPUs = " + gpus
                    + " GPUs is more than the supported " + TopologySpec.MAX_HOSTS);
        }
        return (int) servers;
    }

    private static void divides(long hosts, int nics, String key, String why) {
        if (hosts % nics != 0) {
            throw new IllegalArgumentException(key + " (" + hosts + ") must be a multiple of nics_per_server (" + nics
                    + "): " + why);
        }
    }
}
