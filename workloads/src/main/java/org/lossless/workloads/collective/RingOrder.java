package org.lossless.workloads.collective;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The order of ranks around a ring (and of GPUs in a server's tree chain) for one channel.
 *
 * <p>{@link #RAIL}: NCCL's rail-local rings. The ranks are grouped by server (servers in the order their
 * first rank appears in the job); channel {@code c} enters every server at its local GPU
 * {@link GpuServers#entryGpu(int) e(c)} ({@code c mod g} with one NIC per GPU) and visits the server's other
 * GPUs over NVLink in local order from there, so the server-to-server edge leaves from GPU {@code e(c)-1}
 * towards GPU {@code e(c)} of the next server; with PXN that hop goes over NVLink to the sending server's GPU
 * {@code e(c)} and from its NIC, so the ring stays on one rail. With one GPU per server it is the job's rank
 * order.
 *
 * <p>{@link #NAIVE}: the job's rank order for every channel (host order), whatever the rails.
 */
public enum RingOrder {
    RAIL,
    NAIVE;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The ring of {@code ranks} (GPU numbers, in job order) for channel {@code channel}. */
    public int[] ring(int[] ranks, int channel, GpuServers servers) {
        if (this == NAIVE || servers.gpusPerServer() == 1) {
            return ranks.clone();
        }
        int[] out = new int[ranks.length];
        int i = 0;
        for (List<Integer> group : byServer(ranks, servers).values()) {
            for (int host : chain(group, channel, servers)) {
                out[i++] = host;
            }
        }
        return out;
    }

    /** The ranks of each server, servers in order of first appearance, ranks in job order. */
    static Map<Integer, List<Integer>> byServer(int[] ranks, GpuServers servers) {
        Map<Integer, List<Integer>> out = new LinkedHashMap<>();
        for (int host : ranks) {
            out.computeIfAbsent(servers.serverOf(host), s -> new ArrayList<>()).add(host);
        }
        return out;
    }

    /** One server's GPUs for channel {@code channel}: its entry GPU first, then in local order (wrapping). */
    static List<Integer> chain(List<Integer> group, int channel, GpuServers servers) {
        int g = servers.gpusPerServer();
        int first = servers.entryGpu(channel);
        List<Integer> out = new ArrayList<>(group);
        out.sort(Comparator.comparingInt(h -> Math.floorMod(servers.localGpu(h) - first, g)));
        return out;
    }
}
