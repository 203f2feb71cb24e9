package org.lossless.topology.analysis;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.lossless.topology.Node;
import org.lossless.topology.Port;
import org.lossless.topology.Topology;
import org.lossless.topology.servers.LocalLink;
import org.lossless.topology.servers.ServerShape;

/**
 * The GPU servers of a fabric as {@code lossless check} prints them: how many, their shape, and per switch tier
 * how many servers, GPUs and NICs sit below one switch of that tier (reached going down the tiers only). A
 * server counts below a switch when at least one of its NICs does (a rail switch has one NIC of each server of
 * its unit); GPUs are those served by the NICs below it. When the switches of a tier differ, the range is given.
 *
 * @param shape   the servers' shape
 * @param servers number of servers
 * @param tiers   per switch tier, ascending
 */
public record ServerTiers(ServerShape shape, int servers, List<Below> tiers) {
    /**
     * What sits below the switches of one tier: the fewest and most over its switches.
     *
     * @param tier 1 = ToR/leaf/rail, 2 = aggregation/spine, 3 = core
     * @param role name prefix of its switches
     */
    public record Below(int tier, String role, int minServers, int maxServers, int minNics, int maxNics) {
    }

    public ServerTiers {
        tiers = List.copyOf(tiers);
    }

    /**
     * Counts by a walk down from every switch: O(switches x what lies below each), run by {@code check} only
     * (about 2 million steps for the cores of a k = 32 fat-tree).
     */
    public static ServerTiers of(Topology t, ServerShape shape) {
        int n = t.nodes().size();
        int servers = t.hostCount() / shape.nics();
        int[] seenNode = new int[n];
        int[] seenServer = new int[servers];
        int[] stack = new int[n];
        int stamp = 0;
        Map<Integer, int[]> byTier = new TreeMap<>(); // min servers, max servers, min nics, max nics
        for (Node sw : t.nodes()) {
            if (sw.isHost()) {
                continue;
            }
            stamp++;
            int nics = 0;
            int serverCount = 0;
            int top = 0;
            stack[top++] = sw.id();
            seenNode[sw.id()] = stamp;
            while (top > 0) {
                int v = stack[--top];
                int tier = t.node(v).tier();
                for (Port p : t.ports(v)) {
                    int u = p.peer();
                    Node peer = t.node(u);
                    if (peer.tier() >= tier || seenNode[u] == stamp) {
                        continue;
                    }
                    seenNode[u] = stamp;
                    if (peer.isHost()) {
                        nics++;
                        int s = shape.serverOfNic(t.hostNumber(u));
                        if (seenServer[s] != stamp) {
                            seenServer[s] = stamp;
                            serverCount++;
                        }
                    } else {
                        stack[top++] = u;
                    }
                }
            }
            int[] f = byTier.computeIfAbsent(sw.tier(), x -> new int[] {Integer.MAX_VALUE, 0, Integer.MAX_VALUE, 0});
            f[0] = Math.min(f[0], serverCount);
            f[1] = Math.max(f[1], serverCount);
            f[2] = Math.min(f[2], nics);
            f[3] = Math.max(f[3], nics);
        }
        Map<Integer, String> roles = TopologySummary.roles(t);
        List<Below> tiers = new ArrayList<>();
        byTier.forEach((tier, f) -> tiers.add(new Below(tier, roles.get(tier), f[0], f[1], f[2], f[3])));
        return new ServerTiers(shape, servers, tiers);
    }

    /** Multi-line form for the command line, after {@link TopologySummary#toText()}. */
    public String toText() {
        StringBuilder s = new StringBuilder();
        int g = shape.gpus();
        int k = shape.nics();
        s.append(String.format(Locale.ROOT, "servers: %d x (%s, %s; %s per NIC) = %s on %s%n", servers, count(g, "GPU"),
                count(k, "NIC"), count(shape.gpusPerNic(), "GPU"), count((long) servers * g, "GPU"),
                count((long) servers * k, "NIC")));
        s.append("  inside a server: NVLink ").append(link(shape.nvlink())).append("; PCIe ")
                .append(shape.pcie() == null ? "not modelled" : link(shape.pcie())).append('\n');
        for (Below b : tiers) {
            long perNic = shape.gpusPerNic();
            s.append(String.format(Locale.ROOT, "  below each tier %d %-6s %s, %s, %s%n", b.tier(), b.role() + ":",
                    count(b.minServers(), b.maxServers(), "server"),
                    count(b.minNics() * perNic, b.maxNics() * perNic, "GPU"), count(b.minNics(), b.maxNics(), "NIC")));
        }
        return s.toString();
    }

    private static String link(LocalLink l) {
        if (l == null) {
            return "none";
        }
        String rate = l.rateBps() >= 1_000_000_000_000L ? decimal(l.rateBps(), 12) + " Tb/s" : decimal(l.rateBps(), 9)
                + " Gb/s";
        return rate + ", " + decimal(l.latencyPs(), 6) + " us";
    }

    /** {@code v / 10^digits} without trailing zeros. */
    private static String decimal(long v, int digits) {
        return BigDecimal.valueOf(v, digits).stripTrailingZeros().toPlainString();
    }

    private static String count(long n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    private static String count(long min, long max, String what) {
        return min == max ? count(min, what) : min + "-" + max + " " + what + "s";
    }
}
