package org.lossless.workloads.collective;

import java.util.Objects;

import org.lossless.topology.servers.GpuPlace;
import org.lossless.topology.servers.LocalLink;
import org.lossless.topology.servers.Route;
import org.lossless.topology.servers.ServerShape;

/**
 * How a job's ranks sit in servers: each rank is a GPU, numbered server by server (the topology's
 * {@link ServerShape}: GPU {@code g} is local GPU {@code g mod gpus} of server {@code g / gpus}, served by NIC
 * host {@code server x nics + local / (gpus / nics)}). With one NIC per GPU, GPU {@code g} is host {@code g} (the
 * {@code rail-optimized} numbering); with one GPU per host (every fabric without servers) every transfer crosses
 * the fabric.
 *
 * <p>This is the collective engine's view of the topology's API: {@link #place(int)} (rank to server, local GPU
 * and NIC) and {@link #route(int, int, boolean)} (the hops of a transfer between two GPUs: NVLink or PCIe inside a
 * server, the network from the GPU's NIC, or PXN). Inside a server, a GPU's transfers leave over one egress queue
 * at the NVLink rate (the PCIe rate without NVLink), {@link #gpuLink()}; with a PCIe model, network transfers
 * also cross their NIC's PCIe link ({@link #pcie()}).
 *
 * @param shape GPUs, NICs, NVLink and PCIe of every server
 */
public record GpuServers(ServerShape shape) {
    /** One GPU per host: every transfer crosses the fabric. */
    public static final GpuServers ONE_PER_HOST = new GpuServers(ServerShape.ONE_GPU_PER_HOST);

    public GpuServers {
        Objects.requireNonNull(shape, "shape");
    }

    /** {@code gpusPerServer} GPUs with one NIC each and NVLink between them (the rail-optimized servers). */
    public GpuServers(int gpusPerServer, long nvlinkRateBps, long nvlinkLatencyPs) {
        this(ServerShape.nvlinkOnly(gpusPerServer, new LocalLink(nvlinkRateBps, nvlinkLatencyPs)));
    }

    public int gpusPerServer() {
        return shape.gpus();
    }

    public int nicsPerServer() {
        return shape.nics();
    }

    /** What carries a transfer between two GPUs of one server: NVLink, or PCIe on a server without NVLink. */
    public LocalLink gpuLink() {
        LocalLink l = shape.gpuLink();
        return l != null ? l : new LocalLink(1, 0); // one GPU per server: never used
    }

    /** The PCIe link between a NIC and its GPUs, or null when not modelled. */
    public LocalLink pcie() {
        return shape.pcie();
    }

    /** Whether the servers have NVLink (without it, GPUs of a server talk over PCIe). */
    public boolean hasNvlink() {
        return shape.nvlink() != null;
    }

    public int serverOf(int gpu) {
        return shape.server(gpu);
    }

    /** Index of {@code gpu} inside its server. */
    public int localGpu(int gpu) {
        return shape.localGpu(gpu);
    }

    /** Host number of the NIC that serves {@code gpu}. */
    public int nicOf(int gpu) {
        return shape.nic(gpu);
    }

    public boolean sameServer(int a, int b) {
        return shape.sameServer(a, b);
    }

    /** Server, local index and NIC of {@code gpu} (a rank's place). */
    public GpuPlace place(int gpu) {
        return shape.place(gpu);
    }

    /** The hops of a transfer from GPU {@code src} to GPU {@code dst} ({@link ServerShape#route}). */
    public Route route(int src, int dst, boolean pxn) {
        return shape.route(src, dst, pxn);
    }

    /**
     * The local GPU a channel's ring enters every server at (and the head of its tree chain): channels go round
     * the NICs first ({@code channel mod nics}), then round the GPUs each NIC serves, so that with the default two
     * channels per NIC every NIC carries two. With one NIC per GPU it is GPU {@code channel mod gpus}.
     */
    public int entryGpu(int channel) {
        int perNic = shape.gpusPerNic();
        return (channel % shape.nics()) * perNic + (channel / shape.nics()) % perNic;
    }
}
