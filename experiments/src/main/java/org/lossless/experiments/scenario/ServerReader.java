package org.lossless.experiments.scenario;

import java.util.List;

import org.lossless.topology.servers.LocalLink;
import org.lossless.topology.servers.ServerPlacement;
import org.lossless.topology.servers.ServerShape;
import org.lossless.workloads.yaml.Cursor;

/**
 * Reads the GPU-server keys of a topology ({@code gpus_per_server}, {@code nics_per_server}, {@code nvlink},
 * {@code pcie}; docs/scenario.md "GPU servers") into a {@link ServerShape}, each problem named at its key with what
 * is allowed.
 */
final class ServerReader {
    /** The keys, allowed on the types of {@link ServerPlacement#TYPES}. */
    static final String[] KEYS = TopologySchema.SERVER.names();
    private static final String NONE = "none";

    private ServerReader() {
    }

    /** On a type without GPU servers: any of the keys is an error naming the types that have them. */
    static void refuse(Cursor c, String type) {
        for (String k : KEYS) {
            if (c.key(k).present()) {
                throw c.key(k).error("GPU servers are supported on " + String.join(", ", ServerPlacement.TYPES)
                        + " topologies, not on " + type);
            }
        }
    }

    /**
     * The servers of a star, leaf-spine or fat-tree, or null when none of the keys is given (one-GPU hosts).
     * {@code hostsPerSwitch}: hosts on one edge switch, which must hold whole servers ({@code what} names it).
     */
    static ServerShape optional(Cursor c, long hostsPerSwitch, String what) {
        boolean any = false;
        for (String k : KEYS) {
            any |= c.key(k).present();
        }
        if (!any) {
            return null;
        }
        Cursor nicsKey = c.key("nics_per_server");
        Cursor gpusKey = c.key("gpus_per_server");
        int nics = nicsKey.present() ? count(nicsKey) : gpusKey.present() ? count(gpusKey) : 1;
        ServerShape s = shape(c, nics, "nics_per_server");
        if (hostsPerSwitch % nics != 0) {
            Cursor at = nicsKey.present() ? nicsKey : gpusKey;
            throw at.error(what + " (" + hostsPerSwitch + ") is not a multiple of nics_per_server (" + nics + "): the "
                    + "NICs of a server sit on one edge switch; give a number of NICs that divides " + hostsPerSwitch
                    + (nicsKey.present() ? "" : " (nics_per_server defaults to gpus_per_server)"));
        }
        return s;
    }

    /** The servers of a rail-optimized fabric: {@code nics} NICs (its nics_per_server), one GPU each by default. */
    static ServerShape rail(Cursor c, int nics) {
        return shape(c, nics, "nics_per_server");
    }

    private static ServerShape shape(Cursor c, int nics, String nicsKey) {
        Cursor gpusKey = c.key("gpus_per_server");
        int gpus = gpusKey.present() ? count(gpusKey) : nics;
        if (nics > gpus) {
            throw gpusKey.error("is " + gpus + ", fewer than " + nicsKey + " (" + nics + "): every NIC serves at "
                    + "least one GPU; give at least " + nics);
        }
        if (gpus % nics != 0) {
            throw gpusKey.error("must be a multiple of " + nicsKey + " (" + nics + "), got " + gpus + ": every NIC "
                    + "serves the same number of GPUs (e.g. " + nics + ", " + 2 * nics + " or " + 4 * nics + ")");
        }
        LocalLink nvlink = nvlink(c.key("nvlink"));
        LocalLink pcie = pcie(c.key("pcie"));
        if (gpus > 1 && nvlink == null && pcie == null) {
            throw c.key("nvlink").error("is none, so the " + gpus + " GPUs of a server talk over PCIe: give pcie: "
                    + "{rate, latency}, e.g. {rate: 256Gbps, latency: 1us}");
        }
        return new ServerShape(gpus, nics, nvlink, pcie);
    }

    /** {@code {rate, latency}} with the defaults, or {@code none} (null). */
    private static LocalLink nvlink(Cursor c) {
        if (c.present() && c.isScalar()) {
            c.oneOf(NONE, List.of(NONE));
            return null;
        }
        Cursor nv = c.object("rate", "latency");
        long rate = nv.key("rate").rateBps(Defaults.NVLINK_RATE_BPS);
        if (rate <= 0) {
            throw nv.key("rate").error("the NVLink rate must be > 0, e.g. 2.4Tbps");
        }
        return new LocalLink(rate, nv.key("latency").timePs(Defaults.NVLINK_LATENCY_PS));
    }

    /** {@code {rate, latency}} (both required), or absent / {@code none} (null: not modelled). */
    private static LocalLink pcie(Cursor c) {
        if (!c.present()) {
            return null;
        }
        if (c.isScalar()) {
            c.oneOf(NONE, List.of(NONE));
            return null;
        }
        Cursor p = c.object("rate", "latency");
        for (String k : new String[] {"rate", "latency"}) {
            if (!p.key(k).present()) {
                throw p.key(k).error("is required: pcie is {rate, latency}, e.g. {rate: 256Gbps, latency: 1us} (one "
                        + "direction of a PCIe Gen4 x16 link; Gen5 x16: 512Gbps)");
            }
        }
        long rate = p.key("rate").rateBps(0);
        if (rate <= 0) {
            throw p.key("rate").error("the PCIe rate must be > 0, e.g. 256Gbps");
        }
        return new LocalLink(rate, p.key("latency").timePs(0));
    }

    private static int count(Cursor c) {
        return (int) c.integer(1, TopologySchema.MAX_HOSTS);
    }
}
