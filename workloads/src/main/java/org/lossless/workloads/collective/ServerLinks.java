package org.lossless.workloads.collective;

import java.util.HashMap;
import java.util.Map;
import java.util.function.IntToLongFunction;

import org.lossless.core.net.WireFormat;
import org.lossless.topology.servers.LocalLink;

/**
 * The links inside servers that a job's transfers cross, timed at message level (never per packet), each a
 * first-come-first-served queue per direction:
 *
 * <ul>
 *   <li><b>GPU to GPU</b> ({@link #local}): one egress queue per GPU at the NVLink rate (PCIe rate without
 *       NVLink); a transfer arrives the link's latency after its last byte left;</li>
 *   <li><b>GPU to NIC</b> ({@link #toNic}, only with a PCIe model): the NIC's PCIe link towards the NIC, shared
 *       by every GPU the NIC serves. The NIC reads the data as it sends (GPUDirect RDMA), so the message is
 *       handed to the NIC when its first bytes have crossed (the PCIe latency after the link is free) and no
 *       earlier than lets its last byte leave the NIC at line rate after the last byte crossed PCIe: with PCIe
 *       faster than the NIC nothing is added but the latency and the queueing behind other transfers of the same
 *       NIC; with PCIe slower the NIC's send rate over many messages is PCIe's (in line-rate bursts of one message);</li>
 *   <li><b>NIC to GPU</b> ({@link #fromNic}): the NIC's PCIe link towards its GPUs; a message lands in GPU memory
 *       the PCIe latency after the later of its last byte's arrival at the NIC and its last byte's turn on the
 *       link (writes start as its first byte arrives, one line-rate serialization before the last).</li>
 * </ul>
 * Simplified: a GPU's own PCIe link is charged only for GPU-to-GPU traffic on servers without NVLink, a NIC's for
 * its network traffic; clear-to-sends (host memory) do not cross PCIe; no contention inside an NVSwitch, a PCIe
 * switch or the root complex; one direction never slows the other.
 */
final class ServerLinks {
    private final LocalLink gpuLink;
    private final long[] gpuFree;
    private final LocalLink pcie;
    private final int[] laneUp;
    private final int[] laneDown;
    private final long[] nicRate;
    private final long[] upFree;
    private final long[] downFree;

    /**
     * @param positions ranks of the job (GPU egress queues are per rank position)
     * @param rate      line rate of a host's NIC, bps
     */
    ServerLinks(GpuServers servers, PlanView plan, int positions, IntToLongFunction rate) {
        gpuLink = servers.gpuLink();
        gpuFree = new long[positions];
        pcie = servers.pcie();
        if (pcie == null) {
            laneUp = laneDown = null;
            nicRate = upFree = downFree = null;
            return;
        }
        Map<Integer, Integer> index = new HashMap<>();
        laneUp = new int[plan.lanes()];
        laneDown = new int[plan.lanes()];
        for (int l = 0; l < plan.lanes(); l++) {
            laneUp[l] = plan.local(l) ? -1 : index.computeIfAbsent(plan.laneNic(l), k -> index.size());
            laneDown[l] = plan.local(l) ? -1 : index.computeIfAbsent(plan.laneDstNic(l), k -> index.size());
        }
        nicRate = new long[index.size()];
        index.forEach((host, i) -> nicRate[i] = rate.applyAsLong(host));
        upFree = new long[nicRate.length];
        downFree = new long[nicRate.length];
    }

    /** Whether network transfers cross a PCIe link between GPU and NIC. */
    boolean pcie() {
        return pcie != null;
    }

    /** Latency of a GPU-to-GPU transfer (and of a slot grant) inside a server, ps. */
    long localLatencyPs() {
        return gpuLink.latencyPs();
    }

    /** Arrival time of {@code wire} bytes that GPU (rank position) {@code position} sends to a GPU of its server at {@code now}. */
    long local(int position, long wire, long now) {
        long begin = Math.max(now, gpuFree[position]);
        gpuFree[position] = begin + WireFormat.serializationPs(wire, gpuLink.rateBps());
        return gpuFree[position] + gpuLink.latencyPs();
    }

    /** When lane {@code lane}'s NIC may start sending {@code wire} bytes a GPU hands it at {@code now} (PCIe only). */
    long toNic(int lane, long wire, long now) {
        int i = laneUp[lane];
        long overPcie = WireFormat.serializationPs(wire, pcie.rateBps());
        long begin = Math.max(now, upFree[i]);
        upFree[i] = begin + overPcie;
        return begin + pcie.latencyPs() + Math.max(0, overPcie - WireFormat.serializationPs(wire, nicRate[i]));
    }

    /** When {@code wire} bytes whose last byte reached lane {@code lane}'s receiving NIC at {@code at} are in GPU memory. */
    long fromNic(int lane, long wire, long at) {
        int j = laneDown[lane];
        long begin = Math.max(at - WireFormat.serializationPs(wire, nicRate[j]), downFree[j]);
        downFree[j] = begin + WireFormat.serializationPs(wire, pcie.rateBps());
        return Math.max(at, downFree[j]) + pcie.latencyPs();
    }
}
