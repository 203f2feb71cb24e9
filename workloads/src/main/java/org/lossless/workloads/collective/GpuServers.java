package org.lossless.workloads.collective;

/**
 * How ranks sit in servers. Each rank is a GPU with its own NIC, i.e. a host of the topology; the
 * {@code gpusPerServer} consecutive host numbers {@code s*g .. s*g+g-1} are the GPUs of server {@code s}
 * (the numbering of the {@code rail-optimized} topology: GPU {@code r} of a server is on rail {@code r}).
 * GPUs of one server exchange data over NVLink, modelled as one egress port per GPU with a fixed rate
 * and latency (not part of the fabric). With one GPU per server (every other topology) NVLink is unused.
 *
 * @param gpusPerServer   GPUs (and NICs, rails) per server, &gt;= 1
 * @param nvlinkRateBps   NVLink egress rate of one GPU, bps (&gt; 0)
 * @param nvlinkLatencyPs one NVLink transfer's latency after its last byte left the GPU, ps (&gt;= 0)
 */
public record GpuServers(int gpusPerServer, long nvlinkRateBps, long nvlinkLatencyPs) {
    /** One GPU per host: every transfer crosses the fabric. */
    public static final GpuServers ONE_PER_HOST = new GpuServers(1, 1, 0);

    public GpuServers {
        if (gpusPerServer < 1) {
            throw new IllegalArgumentException("gpus per server must be >= 1, got " + gpusPerServer);
        }
        if (nvlinkRateBps <= 0 || nvlinkLatencyPs < 0) {
            throw new IllegalArgumentException("NVLink rate must be > 0 and latency >= 0");
        }
    }

    public int serverOf(int host) {
        return host / gpusPerServer;
    }

    public int railOf(int host) {
        return host % gpusPerServer;
    }

    public int host(int server, int rail) {
        return server * gpusPerServer + rail;
    }

    public boolean sameServer(int a, int b) {
        return serverOf(a) == serverOf(b);
    }
}
