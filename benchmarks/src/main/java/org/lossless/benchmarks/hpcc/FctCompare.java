package org.lossless.benchmarks.hpcc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.lossless.core.stats.Percentiles;
import org.lossless.topology.io.HpccFctFile;
import org.lossless.topology.io.HpccFctFile.Match;
import org.lossless.topology.io.HpccFctFile.Pairing;

/**
 * Flow by flow, a Lossless run of an imported HPCC scenario against the HPCC simulator's own run of the same files:
 * each flow's completion time in Lossless's {@code flows.csv} (the sender's: {@code sender_done_ps - start_ps}, as the
 * HPCC simulator times a flow from its start to its last acknowledgement) over the HPCC simulator's in its FCT file
 * ({@link HpccFctFile}, which also pairs the flows). Prints the ratio's percentiles over all flows and per flow-size
 * decile, and each simulator's slowdown percentiles (its FCT over its own ideal), also as the HPCC repository's
 * {@code analysis/fct_analysis.py} computes them (each slowdown at least 1, percentile p = element floor(n p) of the
 * sorted list) with Lossless's over HPCC's. Flows finished in only one run are counted, not compared.
 *
 * <p>Usage: {@code FctCompare HPCC_FCT_FILE FLOWS_CSV}
 */
public final class FctCompare {
    private FctCompare() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: FctCompare HPCC_FCT_FILE FLOWS_CSV");
            System.exit(2);
        }
        List<HpccFctFile.Flow> hpcc = HpccFctFile.read(Path.of(args[0]));
        List<HpccFctFile.Flow> ours = readLossless(Files.readAllLines(Path.of(args[1])));
        System.out.print(report(HpccFctFile.pair(ours, hpcc)));
    }

    /** The finished flows of a {@code flows.csv}, times in ns, the sender's completion and ideal. */
    static List<HpccFctFile.Flow> readLossless(List<String> lines) {
        int[] col = FlowsCsv.columns(lines.get(0), "src", "dst", "size_bytes", "start_ps", "sender_done_ps",
                "sender_ideal_fct_ps");
        int src = col[0];
        int dst = col[1];
        int size = col[2];
        int start = col[3];
        int done = col[4];
        int ideal = col[5];
        List<HpccFctFile.Flow> out = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            String[] c = l.split(",", -1);
            if (c[done].isEmpty()) {
                continue; // not finished
            }
            double s = Long.parseLong(c[start]) / 1e3;
            out.add(new HpccFctFile.Flow(Long.parseLong(c[src]), Long.parseLong(c[dst]), Long.parseLong(c[size]), s,
                    Long.parseLong(c[done]) / 1e3 - s, Long.parseLong(c[ideal]) / 1e3));
        }
        return out;
    }

    static String report(Pairing pairing) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%d flows compared; finished in Lossless only: %d, in HPCC only: %d%n%n",
                pairing.matches().size(), pairing.onlyOurs(), pairing.onlyTheirs()));
        if (pairing.matches().isEmpty()) {
            return sb.toString();
        }
        List<Match> bySize = new ArrayList<>(pairing.matches());
        bySize.sort(Comparator.comparingLong(m -> m.ours().sizeBytes()));
        int n = bySize.size();
        sb.append("FCT, Lossless over HPCC, flow by flow:\n\n| flows | sizes (B) | count | p5 | p25 | p50 | p75 | p95 |\n");
        sb.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (int d = 0; d < 10; d++) {
            List<Match> bin = bySize.subList(d * n / 10, (d + 1) * n / 10);
            if (!bin.isEmpty()) {
                sb.append(row("decile " + (d + 1), bin));
            }
        }
        sb.append(row("all", bySize)).append('\n');
        double[] ours = bySize.stream().mapToDouble(m -> m.ours().fctNs() / m.ours().idealNs()).sorted().toArray();
        double[] theirs = bySize.stream().mapToDouble(m -> m.theirs().fctNs() / m.theirs().idealNs()).sorted().toArray();
        sb.append(String.format(Locale.ROOT,
                "slowdown p50 / p95 / p99 / max: Lossless %s, HPCC %s (each over its own ideal)%n", four(ours),
                four(theirs)));
        double[] l = analysis(ours);
        double[] h = analysis(theirs);
        sb.append(String.format(Locale.ROOT, "slowdown as fct_analysis.py, p50 / p95 / p99: Lossless %.3f / %.3f / %.3f,"
                + " HPCC %.3f / %.3f / %.3f, Lossless over HPCC %.3f / %.3f / %.3f%n", l[0], l[1], l[2], h[0], h[1], h[2],
                l[0] / h[0], l[1] / h[1], l[2] / h[2]));
        return sb.toString();
    }

    /** p50, p95, p99 of sorted slowdowns as HPCC's fct_analysis.py: each at least 1, element floor(n p). */
    static double[] analysis(double[] sorted) {
        double[] out = new double[3];
        double[] ps = {0.5, 0.95, 0.99};
        for (int i = 0; i < 3; i++) {
            out[i] = Math.max(1, sorted[Math.min(sorted.length - 1, (int) (sorted.length * ps[i]))]);
        }
        return out;
    }

    private static String row(String name, List<Match> bin) {
        double[] r = bin.stream().mapToDouble(Match::ratio).sorted().toArray();
        return String.format(Locale.ROOT, "| %s | %d-%d | %d | %.3f | %.3f | %.3f | %.3f | %.3f |%n", name,
                bin.get(0).ours().sizeBytes(), bin.get(bin.size() - 1).ours().sizeBytes(), bin.size(),
                Percentiles.nearestRank(r, 5), Percentiles.nearestRank(r, 25), Percentiles.nearestRank(r, 50),
                Percentiles.nearestRank(r, 75), Percentiles.nearestRank(r, 95));
    }

    private static String four(double[] sorted) {
        return String.format(Locale.ROOT, "%.3f / %.3f / %.3f / %.3f", Percentiles.nearestRank(sorted, 50),
                Percentiles.nearestRank(sorted, 95), Percentiles.nearestRank(sorted, 99), sorted[sorted.length - 1]);
    }
}
