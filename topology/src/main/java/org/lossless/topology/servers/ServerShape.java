package org.lossless.topology.servers;

/**
 * The shape of every server of a fabric: {@code gpus} GPUs and {@code nics} NICs (hosts of the topology), each
 * NIC serving {@code gpus / nics} consecutive GPUs over PCIe, the GPUs joined by NVLink (or, without NVLink, by
 * PCIe). Numbering (package doc): GPU {@code g} is local GPU {@code g mod gpus} of server {@code g / gpus}; its
 * NIC is host {@code server x nics + local GPU / (gpus / nics)}. With one GPU and one NIC per server, GPU
 * {@code g} is host {@code g}.
 *
 * @param gpus   GPUs per server, &gt;= 1, a multiple of {@code nics}
 * @param nics   NICs per server, 1..{@code gpus}
 * @param nvlink NVLink of one GPU (its egress rate to the other GPUs of its server and latency), or null for a
 *               server without NVLink, whose GPUs talk over {@code pcie}
 * @param pcie   PCIe link of one NIC to its GPUs (and of one GPU to the others without NVLink), or null when it
 *               is not modelled (no delay and no rate limit between a GPU and its NIC)
 */
public record ServerShape(int gpus, int nics, LocalLink nvlink, LocalLink pcie) {
    /** One GPU with its own NIC per host: every transfer between two GPUs crosses the fabric. */
    public static final ServerShape ONE_GPU_PER_HOST = new ServerShape(1, 1, null, null);

    public ServerShape {
        if (gpus < 1) {
            throw new IllegalArgumentException("a server needs at least 1 GPU, got " + gpus);
        }
        if (nics < 1 || nics > gpus) {
            throw new IllegalArgumentException("NICs per server must be 1.." + gpus + " (at most one per GPU), got "
                    + nics);
        }
        if (gpus % nics != 0) {
            throw new IllegalArgumentException("GPUs per server (" + gpus + ") must be a multiple of NICs per server ("
                    + nics + "): every NIC serves the same number of GPUs");
        }
        if (gpus > 1 && nvlink == null && pcie == null) {
            throw new IllegalArgumentException("the " + gpus + " GPUs of a server need NVLink or PCIe between them");
        }
    }

    /** One NIC per GPU with NVLink between the GPUs and no PCIe model (the {@code rail-optimized} servers). */
    public static ServerShape nvlinkOnly(int gpus, LocalLink nvlink) {
        return new ServerShape(gpus, gpus, nvlink, null);
    }

    /** GPUs each NIC serves. */
    public int gpusPerNic() {
        return gpus / nics;
    }

    /** What joins two GPUs of one server: NVLink, else PCIe; null with one GPU per server and neither. */
    public LocalLink gpuLink() {
        return nvlink != null ? nvlink : pcie;
    }

    /** The hop kind between two GPUs of one server. */
    public HopKind localHop() {
        return nvlink != null ? HopKind.NVLINK : HopKind.PCIE;
    }

    /** GPUs on a fabric of {@code hosts} NICs. */
    public long gpuCount(long hosts) {
        return hosts / nics * gpus;
    }

    public int server(int gpu) {
        return gpu / gpus;
    }

    public int localGpu(int gpu) {
        return gpu % gpus;
    }

    /** Index inside its server of the NIC that serves {@code gpu} (its rail on rail-optimized). */
    public int localNic(int gpu) {
        return localGpu(gpu) / gpusPerNic();
    }

    /** Host number of the NIC that serves {@code gpu}. */
    public int nic(int gpu) {
        return server(gpu) * nics + localNic(gpu);
    }

    /** GPU number of local GPU {@code localGpu} of {@code server}. */
    public int gpu(int server, int localGpu) {
        return server * gpus + localGpu;
    }

    /** Server of NIC (host) {@code host}. */
    public int serverOfNic(int host) {
        return host / nics;
    }

    /** The first GPU served by NIC (host) {@code host}; it serves {@link #gpusPerNic()} from there. */
    public int firstGpuOfNic(int host) {
        return gpu(serverOfNic(host), host % nics * gpusPerNic());
    }

    public boolean sameServer(int a, int b) {
        return server(a) == server(b);
    }

    /** Server, local index and NIC of {@code gpu}. */
    public GpuPlace place(int gpu) {
        if (gpu < 0) {
            throw new IllegalArgumentException("GPU numbers are >= 0, got " + gpu);
        }
        return new GpuPlace(gpu, server(gpu), localGpu(gpu), nic(gpu), localNic(gpu));
    }

    /**
     * The hops of a transfer from GPU {@code src} to GPU {@code dst}: inside one server over NVLink (or PCIe
     * without NVLink); between servers from the source's NIC, or, with {@code pxn} on a server with NVLink and
     * the two GPUs on different rails (NICs of different local index), over NVLink to the sending server's GPU
     * with {@code dst}'s local index and from its NIC (NCCL's PXN), so the transfer stays on one rail.
     */
    public Route route(int src, int dst, boolean pxn) {
        if (src == dst || src < 0 || dst < 0) {
            throw new IllegalArgumentException("a transfer joins two different GPUs >= 0, got " + src + " -> " + dst);
        }
        if (sameServer(src, dst)) {
            return Route.local(localHop());
        }
        if (pxn && nvlink != null && localNic(src) != localNic(dst)) {
            int proxy = gpu(server(src), localGpu(dst));
            return new Route(HopKind.PXN, nic(proxy), nic(dst), proxy);
        }
        return new Route(HopKind.NET, nic(src), nic(dst), -1);
    }
}
