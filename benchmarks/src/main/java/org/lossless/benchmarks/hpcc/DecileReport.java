package org.lossless.benchmarks.hpcc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.lossless.core.stats.Percentiles;

/**
 * FCT slowdown of a run's {@code flows.csv} per flow-size decile, on both completions: the receiver's
 * ({@code finish_ps}, ideal {@code receiver_ideal_fct_ps}) and the sender's ({@code sender_done_ps}, ideal
 * {@code sender_ideal_fct_ps}), with the overall p50/p95/p99 and, for the V-09 targets, the relative difference of
 * the sender's from HPCC's figures. Deciles: the flows sorted by size (then id) cut into ten equal-count bins, as
 * the simulator's analysis script cuts its (twenty) bins. Percentiles: nearest rank; the simulator's script takes
 * element {@code int(n·p)} of the sorted slowdowns and clips slowdowns below 1 to 1, given too ("hpcc-style").
 *
 * <p>Usage: {@code DecileReport FLOWS_CSV [p50 p95 p99 targets, default HPCC's 1.00 3.01 6.00]}
 */
public final class DecileReport {
    private DecileReport() {
    }

    record Row(long id, long size, double receiver, double sender) {
    }

    public static void main(String[] args) throws IOException {
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        double[] target = args.length >= 4 ? new double[] {Double.parseDouble(args[1]), Double.parseDouble(args[2]),
            Double.parseDouble(args[3])} : new double[] {1.00, 3.01, 6.00};
        int[] col = FlowsCsv.columns(lines.get(0), "flow_id", "size_bytes", "start_ps", "finish_ps", "sender_done_ps",
                "receiver_ideal_fct_ps", "sender_ideal_fct_ps");
        int id = col[0];
        int size = col[1];
        int start = col[2];
        int fin = col[3];
        int done = col[4];
        int rIdeal = col[5];
        int sIdeal = col[6];
        List<Row> rows = new ArrayList<>();
        int unfinished = 0;
        for (String l : lines.subList(1, lines.size())) {
            String[] c = l.split(",", -1);
            if (c[fin].isEmpty() || c[done].isEmpty()) {
                unfinished++;
                continue;
            }
            long s = Long.parseLong(c[start]);
            rows.add(new Row(Long.parseLong(c[id]), Long.parseLong(c[size]),
                    (double) (Long.parseLong(c[fin]) - s) / Long.parseLong(c[rIdeal]),
                    (double) (Long.parseLong(c[done]) - s) / Long.parseLong(c[sIdeal])));
        }
        rows.sort(Comparator.comparingLong(Row::size).thenComparingLong(Row::id));
        int n = rows.size();
        System.out.printf(Locale.ROOT, "%d flows finished, %d not%n%n", n, unfinished);
        System.out.println("| decile | sizes (B) | flows | receiver p50 / p95 / p99 | sender p50 / p95 / p99 |");
        System.out.println("|---|---|---:|---|---|");
        for (int d = 0; d < 10; d++) {
            List<Row> bin = rows.subList(d * n / 10, (d + 1) * n / 10);
            if (bin.isEmpty()) {
                continue;
            }
            double[] r = bin.stream().mapToDouble(Row::receiver).sorted().toArray();
            double[] s = bin.stream().mapToDouble(Row::sender).sorted().toArray();
            System.out.printf(Locale.ROOT, "| %d | %d-%d | %d | %s | %s |%n", d + 1, bin.get(0).size(),
                    bin.get(bin.size() - 1).size(), bin.size(), three(r), three(s));
        }
        double[] r = rows.stream().mapToDouble(Row::receiver).sorted().toArray();
        double[] s = rows.stream().mapToDouble(Row::sender).sorted().toArray();
        System.out.printf(Locale.ROOT, "| all | %d-%d | %d | %s | %s |%n%n", rows.get(0).size(), rows.get(n - 1).size(),
                n, three(r), three(s));
        double[] ps = {50, 95, 99};
        double[] tol = {0.15, 0.25, 0.25};
        for (int i = 0; i < 3; i++) {
            double ours = Percentiles.nearestRank(s, ps[i]);
            double hpccStyle = Math.max(1, s[(int) (s.length * ps[i] / 100)]);
            double diff = ours / target[i] - 1;
            System.out.printf(Locale.ROOT, "sender p%.0f: %.3f (hpcc-style %.3f) vs %.2f: %+.1f %% (tolerance %.0f %%) %s%n",
                    ps[i], ours, hpccStyle, target[i], diff * 100, tol[i] * 100, Math.abs(diff) <= tol[i] ? "met"
                            : "NOT met");
        }
    }

    private static String three(double[] sorted) {
        return String.format(Locale.ROOT, "%.2f / %.2f / %.2f", Percentiles.nearestRank(sorted, 50),
                Percentiles.nearestRank(sorted, 95), Percentiles.nearestRank(sorted, 99));
    }
}
