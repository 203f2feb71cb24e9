package org.lossless.benchmarks.hpcc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Flow by flow, a Lossless run of an imported HPCC scenario against the HPCC simulator's own run of the same files:
 * each flow's completion time in Lossless's {@code flows.csv} (the sender's: {@code sender_done_ps - start_ps}, as the
 * HPCC simulator times a flow from its start to its last acknowledgement) over the HPCC simulator's in its FCT file
 * ({@code FCT_OUTPUT_FILE}: a line per finished flow, {@code sip dip sport dport size start_ns fct_ns standalone_ns},
 * addresses in hex). Prints the ratio's percentiles over all flows and per flow-size decile, and each simulator's
 * slowdown percentiles (its FCT over its own ideal).
 *
 * <p>Matching: a flow is its (source host, destination host, size); among flows with the same three, the k-th to
 * start in one file is the k-th in the other (both come from the one flow file, in its order of start times, which
 * the import keeps). A host's number from an HPCC address: {@code 0x0b000001 + (id / 256) * 0x10000 + (id % 256) *
 * 0x100}, the simulator's {@code node_id_to_ip}. Flows finished in only one run are counted, not compared.
 *
 * <p>Usage: {@code FctCompare HPCC_FCT_FILE FLOWS_CSV}
 */
public final class FctCompare {
    private FctCompare() {
    }

    /** A finished flow: its key (source, destination, size), start, completion time and ideal completion time, ns. */
    record Timed(long src, long dst, long size, double startNs, double fctNs, double idealNs) {
    }

    /** A matched flow: its size and both simulators' FCTs and ideals, ns. */
    record Pair(long size, double lossless, double hpcc, double losslessIdeal, double hpccIdeal) {
        double ratio() {
            return lossless / hpcc;
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: FctCompare HPCC_FCT_FILE FLOWS_CSV");
            System.exit(2);
        }
        List<Timed> hpcc = readHpcc(Files.readAllLines(Path.of(args[0])));
        List<Timed> ours = readLossless(Files.readAllLines(Path.of(args[1])));
        int[] unmatched = new int[2];
        List<Pair> pairs = match(ours, hpcc, unmatched);
        System.out.print(report(pairs, unmatched));
    }

    /** Host number of an HPCC address in hex ({@code 0b010c01} is host 268). */
    static long hostOf(String hexIp) {
        long ip = Long.parseLong(hexIp, 16);
        return ((ip >> 16) & 0xff) * 256 + ((ip >> 8) & 0xff);
    }

    static List<Timed> readHpcc(List<String> lines) {
        List<Timed> out = new ArrayList<>();
        for (String l : lines) {
            String[] c = l.trim().split("\\s+");
            if (c.length < 8) {
                continue;
            }
            out.add(new Timed(hostOf(c[0]), hostOf(c[1]), Long.parseLong(c[4]), Double.parseDouble(c[5]),
                    Double.parseDouble(c[6]), Double.parseDouble(c[7])));
        }
        return out;
    }

    static List<Timed> readLossless(List<String> lines) {
        List<String> head = Arrays.asList(lines.get(0).split(","));
        int src = head.indexOf("src");
        int dst = head.indexOf("dst");
        int size = head.indexOf("size_bytes");
        int start = head.indexOf("start_ps");
        int done = head.indexOf("sender_done_ps");
        int ideal = head.indexOf("sender_ideal_fct_ps");
        List<Timed> out = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            String[] c = l.split(",", -1);
            if (c[done].isEmpty()) {
                continue; // not finished
            }
            double s = Long.parseLong(c[start]) / 1e3;
            out.add(new Timed(Long.parseLong(c[src]), Long.parseLong(c[dst]), Long.parseLong(c[size]), s,
                    Long.parseLong(c[done]) / 1e3 - s, Long.parseLong(c[ideal]) / 1e3));
        }
        return out;
    }

    /** Pairs the flows (see the class); {@code unmatched} gets the counts left over in ours and in HPCC's. */
    static List<Pair> match(List<Timed> ours, List<Timed> hpcc, int[] unmatched) {
        Map<List<Long>, ArrayDeque<Timed>> byKey = new HashMap<>();
        hpcc.stream().sorted(Comparator.comparingDouble(Timed::startNs))
                .forEach(t -> byKey.computeIfAbsent(List.of(t.src(), t.dst(), t.size()), k -> new ArrayDeque<>()).add(t));
        List<Pair> pairs = new ArrayList<>();
        for (Timed t : ours.stream().sorted(Comparator.comparingDouble(Timed::startNs)).toList()) {
            ArrayDeque<Timed> q = byKey.get(List.of(t.src(), t.dst(), t.size()));
            Timed h = q == null ? null : q.poll();
            if (h == null) {
                unmatched[0]++;
            } else {
                pairs.add(new Pair(t.size(), t.fctNs(), h.fctNs(), t.idealNs(), h.idealNs()));
            }
        }
        unmatched[1] = byKey.values().stream().mapToInt(ArrayDeque::size).sum();
        return pairs;
    }

    static String report(List<Pair> pairs, int[] unmatched) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%d flows compared; finished in Lossless only: %d, in HPCC only: %d%n%n",
                pairs.size(), unmatched[0], unmatched[1]));
        if (pairs.isEmpty()) {
            return sb.toString();
        }
        List<Pair> bySize = new ArrayList<>(pairs);
        bySize.sort(Comparator.comparingLong(Pair::size));
        int n = bySize.size();
        sb.append("FCT, Lossless over HPCC, flow by flow:\n\n| flows | sizes (B) | count | p5 | p25 | p50 | p75 | p95 |\n");
        sb.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (int d = 0; d < 10; d++) {
            List<Pair> bin = bySize.subList(d * n / 10, (d + 1) * n / 10);
            if (!bin.isEmpty()) {
                sb.append(row("decile " + (d + 1), bin));
            }
        }
        sb.append(row("all", bySize)).append('\n');
        double[] ours = bySize.stream().mapToDouble(p -> p.lossless() / p.losslessIdeal()).sorted().toArray();
        double[] theirs = bySize.stream().mapToDouble(p -> p.hpcc() / p.hpccIdeal()).sorted().toArray();
        sb.append(String.format(Locale.ROOT, "slowdown p50 / p95 / p99 / max: Lossless %s, HPCC %s (each over its own ideal)%n",
                four(ours), four(theirs)));
        return sb.toString();
    }

    private static String row(String name, List<Pair> bin) {
        double[] r = bin.stream().mapToDouble(Pair::ratio).sorted().toArray();
        return String.format(Locale.ROOT, "| %s | %d-%d | %d | %.3f | %.3f | %.3f | %.3f | %.3f |%n", name,
                bin.get(0).size(), bin.get(bin.size() - 1).size(), bin.size(), DecileReport.nearestRank(r, 5),
                DecileReport.nearestRank(r, 25), DecileReport.nearestRank(r, 50), DecileReport.nearestRank(r, 75),
                DecileReport.nearestRank(r, 95));
    }

    private static String four(double[] sorted) {
        return String.format(Locale.ROOT, "%.3f / %.3f / %.3f / %.3f", DecileReport.nearestRank(sorted, 50),
                DecileReport.nearestRank(sorted, 95), DecileReport.nearestRank(sorted, 99), sorted[sorted.length - 1]);
    }
}
