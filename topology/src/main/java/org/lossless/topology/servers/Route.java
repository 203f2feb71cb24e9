package org.lossless.topology.servers;

import java.util.Objects;

/**
 * The hops of one transfer between two GPUs ({@link ServerShape#route}).
 *
 * @param kind     how it travels
 * @param srcNic   host number of the NIC that sends it over the fabric (the source GPU's NIC, or the PXN proxy's);
 *                 -1 inside a server
 * @param dstNic   host number of the receiving GPU's NIC; -1 inside a server
 * @param proxyGpu the GPU whose NIC sends a {@link HopKind#PXN} transfer, reached over NVLink; -1 otherwise
 */
public record Route(HopKind kind, int srcNic, int dstNic, int proxyGpu) {
    public Route {
        Objects.requireNonNull(kind, "kind");
        if (kind.network() != (srcNic >= 0 && dstNic >= 0)) {
            throw new IllegalArgumentException(kind + ": NICs are given exactly for network hops");
        }
        if ((kind == HopKind.PXN) != (proxyGpu >= 0)) {
            throw new IllegalArgumentException(kind + ": a proxy GPU is given exactly for PXN");
        }
    }

    static Route local(HopKind kind) {
        return new Route(kind, -1, -1, -1);
    }
}
