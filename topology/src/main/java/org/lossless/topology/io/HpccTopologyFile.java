package org.lossless.topology.io;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.lossless.topology.Cable;
import org.lossless.topology.Node;
import org.lossless.topology.Topology;

/**
 * The HPCC ns-3 simulator's topology file (github alibaba-edu/High-Precision-Congestion-Control,
 * {@code simulation/mix/*.txt}, read by {@code scratch/third.cc}):
 * <pre>
 * n_nodes n_switches n_links
 * switch_id ...                          (n_switches ids; every other id is a host)
 * src dst rate delay error_rate          (n_links times; rate e.g. 100Gbps, delay e.g. 1000ns)
 * </pre>
 * Whitespace-separated; tokens after the last link are ignored (with a warning), as HPCC does.
 *
 * <p>Import keeps node ids: node i of the file is node i of the {@link Topology}, hosts are named
 * {@code h<id>} and switches {@code sw<id>}; cables are connected in file order, so port p of a node
 * is HPCC interface p+1 (HPCC's interface 0 is the loopback). Host numbers are the hosts in id order:
 * equal to the node ids when the file lists hosts as 0..H-1 (all files shipped with HPCC). Tiers
 * are inferred: 1 for switches with hosts, then 1 + hop distance from the nearest such switch.
 *
 * <p>This simulator needs each host to have exactly one link, to a switch, and the graph to be
 * connected; a file that breaks this is rejected with the line at fault.
 */
public final class HpccTopologyFile {
    public static final String TYPE = "hpcc-file";

    private HpccTopologyFile() {
    }

    public static HpccTopology read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    }

    /** Parses file content; {@code source} names the file in error messages. */
    public static HpccTopology parse(String content, String source) {
        Tokens in = new Tokens(source, content);
        in.requireFormat("an HPCC topology file", "NODES SWITCHES LINKS");
        List<String> warnings = new ArrayList<>();
        int nodes = in.nextInt("n_nodes (first header number)", 1, 10_000_000);
        int switches = in.nextInt("n_switches (second header number)", 0, nodes);
        int links = in.nextInt("n_links (third header number)", 0, 100_000_000);
        boolean[] isSwitch = new boolean[nodes];
        for (int i = 0; i < switches; i++) {
            int id = in.nextInt("switch id " + (i + 1) + " of " + switches, 0, nodes - 1);
            if (isSwitch[id]) {
                throw in.errorAtPrevious("switch id " + id + " is listed twice");
            }
            isSwitch[id] = true;
        }
        int[] src = new int[links];
        int[] dst = new int[links];
        long[] rate = new long[links];
        long[] delay = new long[links];
        double[] error = new double[links];
        int[] lineOf = new int[links];
        for (int l = 0; l < links; l++) {
            String what = "link " + (l + 1) + " of " + links;
            lineOf[l] = in.line();
            src[l] = in.nextInt(what + ": src node id", 0, nodes - 1);
            dst[l] = in.nextInt(what + ": dst node id", 0, nodes - 1);
            if (src[l] == dst[l]) {
                throw in.errorAtPrevious(what + " joins node " + src[l] + " to itself");
            }
            String r = in.next(what + ": rate");
            try {
                rate[l] = Ns3Units.parseRate(r);
            } catch (IllegalArgumentException e) {
                throw in.errorAtPrevious(what + ": " + e.getMessage());
            }
            if (rate[l] <= 0) {
                throw in.errorAtPrevious(what + ": rate must be > 0 bps, got '" + org.lossless.core.text.Printable.of(r, 40) + "'");
            }
            String d = in.next(what + ": delay");
            try {
                delay[l] = Ns3Units.parseTimePs(d);
            } catch (IllegalArgumentException | ArithmeticException e) {
                throw in.errorAtPrevious(what + ": " + e.getMessage());
            }
            String e = in.next(what + ": error_rate");
            try {
                error[l] = Double.parseDouble(e);
            } catch (NumberFormatException x) {
                throw in.errorAtPrevious(what + ": error_rate must be a number, got '" + org.lossless.core.text.Printable.of(e, 40) + "'");
            }
            if (!(error[l] >= 0 && error[l] <= 1)) {
                throw in.errorAtPrevious(what + ": error_rate must be a probability in [0, 1], got " + e);
            }
        }
        if (in.hasNext()) {
            warnings.add(in.where() + ": " + in.remaining() + " tokens after the last of " + links
                    + " links are ignored (as the HPCC simulator does)");
        }
        int[] tier = inferTiers(nodes, isSwitch, src, dst);
        Topology.Builder b = Topology.builder(TYPE);
        int hostIndex = 0;
        boolean renumbered = false;
        for (int v = 0; v < nodes; v++) {
            if (isSwitch[v]) {
                b.addSwitch("sw" + v, tier[v]);
            } else {
                renumbered |= hostIndex++ != v;
                b.addHost("h" + v);
            }
        }
        if (renumbered) {
            warnings.add(source + ": hosts are not node ids 0.." + (hostIndex - 1) + ", so host numbers (scenario "
                    + "src/dst) differ from HPCC node ids; host names h<id> keep the node ids");
        }
        int[] linksAt = new int[nodes];
        for (int l = 0; l < links; l++) {
            linksAt[src[l]]++;
            linksAt[dst[l]]++;
            for (int end : new int[] {src[l], dst[l]}) {
                if (!isSwitch[end] && linksAt[end] > 1) {
                    throw new IllegalArgumentException(source + " line " + lineOf[l] + ": host " + end
                            + " has a second link; this simulator models one NIC port per host");
                }
            }
            if (!isSwitch[src[l]] && !isSwitch[dst[l]]) {
                throw new IllegalArgumentException(source + " line " + lineOf[l] + ": link joins two hosts ("
                        + src[l] + ", " + dst[l] + "); hosts must attach to a switch");
            }
            b.connect(src[l], dst[l], rate[l], delay[l]);
        }
        warnParallel(source, src, dst, lineOf, warnings);
        try {
            return new HpccTopology(b.build(), error, warnings);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
    }

    private static void warnParallel(String source, int[] src, int[] dst, int[] lineOf, List<String> warnings) {
        Set<Long> seen = new HashSet<>();
        for (int l = 0; l < src.length; l++) {
            long key = ((long) Math.min(src[l], dst[l]) << 32) | Math.max(src[l], dst[l]);
            if (!seen.add(key)) {
                warnings.add(source + " line " + lineOf[l] + ": parallel link " + src[l] + "-" + dst[l]
                        + "; HPCC routes per neighbour and would use only the last of these links");
            }
        }
    }

    /** Tier per node: 0 hosts; 1 switches next to a host; others 1 + hops to the nearest tier-1 switch. */
    private static int[] inferTiers(int nodes, boolean[] isSwitch, int[] src, int[] dst) {
        List<List<Integer>> adj = new ArrayList<>(nodes);
        for (int v = 0; v < nodes; v++) {
            adj.add(new ArrayList<>(4));
        }
        for (int l = 0; l < src.length; l++) {
            adj.get(src[l]).add(dst[l]);
            adj.get(dst[l]).add(src[l]);
        }
        int[] tier = new int[nodes];
        Arrays.fill(tier, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int v = 0; v < nodes; v++) {
            if (!isSwitch[v]) {
                tier[v] = 0;
            } else if (adj.get(v).stream().anyMatch(u -> !isSwitch[u])) {
                tier[v] = 1;
                queue.add(v);
            }
        }
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int u : adj.get(v)) {
                if (tier[u] < 0) {
                    tier[u] = tier[v] + 1;
                    queue.add(u);
                }
            }
        }
        for (int v = 0; v < nodes; v++) {
            if (tier[v] < 0) {
                tier[v] = 1; // not connected to any host: Topology.build() reports it
            }
        }
        return tier;
    }

    /** The file text for {@code t} with no link errors. */
    public static String format(Topology t) {
        return format(t, new double[t.cables().size()], new ArrayList<>());
    }

    /** The file text for an imported topology, keeping its error rates. */
    public static String format(HpccTopology h) {
        return format(h.topology(), h.errorRates(), new ArrayList<>());
    }

    /**
     * The file text: node ids as in {@code t}, links in cable order (so HPCC numbers ports the same way),
     * rates as {@code <n>Gbps}/{@code Mbps}/{@code kbps}/{@code bps}, delays in whole ns. Adds to
     * {@code warnings} what HPCC cannot express exactly (sub-ns delays, parallel links).
     */
    public static String format(Topology t, double[] errorRates, List<String> warnings) {
        if (errorRates.length != t.cables().size()) {
            throw new IllegalArgumentException("need one error rate per cable: " + t.cables().size() + ", got "
                    + errorRates.length);
        }
        StringBuilder s = new StringBuilder(64 + 40 * t.cables().size());
        s.append(t.nodes().size()).append(' ').append(t.switchCount()).append(' ').append(t.cables().size())
                .append('\n');
        StringBuilder ids = new StringBuilder();
        for (Node n : t.nodes()) {
            if (!n.isHost()) {
                ids.append(ids.length() == 0 ? "" : " ").append(n.id());
            }
        }
        s.append(ids).append('\n');
        int[] src = new int[t.cables().size()];
        int[] dst = new int[src.length];
        int[] line = new int[src.length];
        for (int c = 0; c < src.length; c++) {
            Cable cable = t.cables().get(c);
            src[c] = cable.a();
            dst[c] = cable.b();
            line[c] = c + 3;
            if (cable.delayPs() % 1_000 != 0) {
                warnings.add("link " + t.node(cable.a()).name() + "-" + t.node(cable.b()).name() + ": delay "
                        + cable.delayPs() + " ps rounded to " + Ns3Units.formatTimeNs(cable.delayPs())
                        + " (HPCC's ns-3 runs at 1 ns resolution)");
            }
            s.append(cable.a()).append(' ').append(cable.b()).append(' ').append(Ns3Units.formatRate(cable.rateBps()))
                    .append(' ').append(Ns3Units.formatTimeNs(cable.delayPs())).append(' ')
                    .append(formatProbability(errorRates[c])).append('\n');
        }
        warnParallel("exported topology", src, dst, line, warnings);
        return s.toString();
    }

    /** Writes {@link #format(Topology, double[], List)} to {@code file}; returns the warnings. */
    public static List<String> write(Topology t, Path file) throws IOException {
        List<String> warnings = new ArrayList<>();
        Files.writeString(file, format(t, new double[t.cables().size()], warnings), StandardCharsets.UTF_8);
        return warnings;
    }

    private static String formatProbability(double p) {
        return p == 0 ? "0" : BigDecimal.valueOf(p).stripTrailingZeros().toPlainString();
    }
}
