package org.lossless.topology.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.lossless.topology.Cable;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * The headline figures of a topology.
 *
 * <p><b>Oversubscription per tier</b> (capacity, not port count): for the switches of a tier, the sum
 * of the rates of their cables to lower tiers ("down") over the sum of the rates of their cables to
 * the same or higher tiers ("up"). Same-tier cables (a ring, a dumbbell's bottleneck) count as up at
 * both ends. A tier with nothing up (the top) has no figure. 1.0 = non-blocking.
 *
 * <p><b>Bisection bandwidth</b>: the maximum flow, one direction, from the first ⌊H/2⌋ hosts (host
 * numbers 0..⌊H/2⌋-1) to the others, every cable carrying its rate each way: by max-flow/min-cut, the
 * capacity of the narrowest cut between those two halves. Hosts are numbered in topology order, so for
 * the built-in types this split cuts the fabric in its middle: half the pods (fat-tree), half the
 * leaves (leaf-spine), half the units (rail-optimized, 2+ units), half the ring. It is the bandwidth
 * across that split; the worst split over all bisections can only be lower (an exact minimum over all
 * bisections is NP-hard in general). {@link #bisectionRatio()} divides it by the host capacity of the
 * smaller half: 1.0 = full bisection bandwidth.
 *
 * @param type            topology type
 * @param hosts           number of hosts
 * @param switches        number of switches
 * @param tiers           per switch tier, ascending
 * @param links           per pair of tiers, ascending
 * @param bisectionBps    bisection bandwidth as above, bit/s
 * @param bisectionRatio  bisectionBps / host capacity of the smaller half
 */
public record TopologySummary(String type, int hosts, int switches, List<Tier> tiers, List<LinkGroup> links,
        long bisectionBps, double bisectionRatio) {

    /**
     * The switches of one tier.
     *
     * @param tier     1 = ToR/leaf/rail, 2 = aggregation/spine, 3 = core
     * @param role     name prefix of its switches ({@code tor}, {@code spine}, ...)
     * @param switches how many
     * @param downBps  total rate of their cables to lower tiers
     * @param upBps    total rate of their cables to the same or higher tiers
     */
    public record Tier(int tier, String role, int switches, long downBps, long upBps) {
        /** downBps / upBps, or NaN for a top tier (nothing up). */
        public double oversubscription() {
            return upBps == 0 ? Double.NaN : (double) downBps / upBps;
        }
    }

    /**
     * The cables between two tiers.
     *
     * @param lowerTier   tier of the lower end (0 = hosts)
     * @param upperTier   tier of the upper end
     * @param name        roles joined, {@code host-tor}, {@code tor-agg}, {@code sw-sw}
     * @param cables      number of cables
     * @param capacityBps sum of their rates (one direction)
     */
    public record LinkGroup(int lowerTier, int upperTier, String name, int cables, long capacityBps) {
    }

    public TopologySummary {
        tiers = List.copyOf(tiers);
        links = List.copyOf(links);
    }

    public static TopologySummary of(Topology t) {
        Map<Integer, String> roles = roles(t);
        Map<Integer, long[]> tierFigures = new TreeMap<>(); // switches, down, up
        for (Node n : t.nodes()) {
            if (!n.isHost()) {
                tierFigures.computeIfAbsent(n.tier(), x -> new long[3])[0]++;
            }
        }
        Map<Long, long[]> groups = new TreeMap<>(); // key lower<<32|upper -> cables, capacity
        for (Cable c : t.cables()) {
            int ta = t.node(c.a()).tier();
            int tb = t.node(c.b()).tier();
            int lo = Math.min(ta, tb);
            int hi = Math.max(ta, tb);
            long[] g = groups.computeIfAbsent(((long) lo << 32) | hi, x -> new long[2]);
            g[0]++;
            g[1] += c.rateBps();
            if (lo == hi) {
                tierFigures.get(lo)[2] += 2 * c.rateBps();
            } else {
                tierFigures.get(hi)[1] += c.rateBps();
                if (lo > 0) {
                    tierFigures.get(lo)[2] += c.rateBps();
                }
            }
        }
        List<Tier> tiers = new ArrayList<>();
        tierFigures.forEach((tier, f) -> tiers.add(new Tier(tier, roles.get(tier), (int) f[0], f[1], f[2])));
        List<LinkGroup> links = new ArrayList<>();
        groups.forEach((key, g) -> {
            int lo = (int) (key >>> 32);
            int hi = (int) (long) key;
            links.add(new LinkGroup(lo, hi, roles.get(lo) + "-" + roles.get(hi), (int) g[0], g[1]));
        });
        long[] bisection = bisection(t);
        double ratio = bisection[1] == 0 ? Double.NaN : (double) bisection[0] / bisection[1];
        return new TopologySummary(t.type(), t.hostCount(), t.switchCount(), tiers, links, bisection[0], ratio);
    }

    /** {max flow from the first half of hosts to the second, host capacity of the smaller half}. */
    static long[] bisection(Topology t) {
        int n = t.nodes().size();
        int h = t.hostCount();
        if (h < 2) {
            return new long[] {0, 0};
        }
        int source = n;
        int sink = n + 1;
        MaxFlow flow = new MaxFlow(n + 2, t.cables().size() + h);
        for (Cable c : t.cables()) {
            flow.addUndirected(c.a(), c.b(), c.rateBps());
        }
        long capA = 0;
        long capB = 0;
        for (int i = 0; i < h; i++) {
            int node = t.hostNode(i);
            long rate = t.ports(node).get(0).cable().rateBps();
            if (i < h / 2) {
                flow.addDirected(source, node, MaxFlow.INFINITE);
                capA += rate;
            } else {
                flow.addDirected(node, sink, MaxFlow.INFINITE);
                capB += rate;
            }
        }
        return new long[] {flow.solve(source, sink), Math.min(capA, capB)};
    }

    /** Role of each tier: the common alphabetic prefix of its node names, or {@code tier<n>}. */
    static Map<Integer, String> roles(Topology t) {
        Map<Integer, String> roles = new TreeMap<>();
        for (Node n : t.nodes()) {
            String prefix = n.isHost() ? "host" : n.name().replaceAll("[0-9]+$", "");
            roles.merge(n.tier(), prefix, (a, b) -> a.equals(b) ? a : "tier" + n.tier());
        }
        return roles;
    }

    /** Multi-line human-readable form for the command line. */
    public String toText() {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%s: %d hosts, %d switches, %d links%n", type, hosts, switches,
                links.stream().mapToInt(LinkGroup::cables).sum()));
        for (Tier t : tiers) {
            s.append(String.format(Locale.ROOT, "  tier %d %-6s %6d switches  down %s  up %s  oversubscription %s%n",
                    t.tier(), t.role(), t.switches(), gbps(t.downBps()), gbps(t.upBps()),
                    Double.isNaN(t.oversubscription()) ? "-" : String.format(Locale.ROOT, "%.2f:1",
                            t.oversubscription())));
        }
        for (LinkGroup g : links) {
            s.append(String.format(Locale.ROOT, "  links %-10s %6d cables  %s%n", g.name(), g.cables(),
                    gbps(g.capacityBps())));
        }
        s.append(String.format(Locale.ROOT, "  bisection %s (%.2f of the smaller half's host capacity; hosts "
                + "0..%d vs the rest)%n", gbps(bisectionBps), bisectionRatio, hosts / 2 - 1));
        return s.toString();
    }

    /** {@code 400 Gb/s}, {@code 25.6 Tb/s}: Gb/s below 10 Tb/s, Tb/s above. */
    private static String gbps(long bps) {
        return bps >= 10_000_000_000_000L ? String.format(Locale.ROOT, "%.1f Tb/s", bps / 1e12)
                : String.format(Locale.ROOT, "%.0f Gb/s", bps / 1e9);
    }
}
