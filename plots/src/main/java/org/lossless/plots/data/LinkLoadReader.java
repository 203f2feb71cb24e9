package org.lossless.plots.data;

import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Streams {@code timeseries/links.csv} ({@code time_ps,node,port,tx_bytes}: frame bytes a port sent in the
 * sample interval ending at {@code time_ps}; idle intervals are not written) into utilisation per link and
 * time column: bytes x 8 / (line rate x column width). Each sample's bytes are spread evenly over its
 * interval and shared among the columns it overlaps, so columns that are not a whole number of intervals
 * wide show no aliasing bands; columns are never narrower than the sample interval. Line rates come from
 * ports.csv; a link without a rate there is skipped. Memory: links x columns numbers.
 */
public final class LinkLoadReader {
    private LinkLoadReader() {
    }

    /**
     * Utilisation per link.
     *
     * @param columns time columns across [0, simTime]
     * @param util    per link ({@code node:port}, in the order first seen) the utilisation (0..1) per column
     * @param columnPs width of one column, ps
     */
    public record LinkLoad(int columns, long columnPs, Map<String, double[]> util) {
    }

    public static LinkLoad read(ResultSet rs, int maxColumns) {
        long end = Math.max(1, rs.simTimePs());
        long interval = rs.sampleIntervalPs();
        int columns = (int) Math.max(1, interval > 0 ? Math.min(maxColumns, end / interval) : maxColumns);
        Map<String, Long> rate = new HashMap<>();
        for (PortRow p : rs.ports()) {
            rate.merge(p.portName(), p.rateBps(), Math::max);
        }
        Map<String, double[]> bytes = new LinkedHashMap<>();
        if (!rs.has(ResultSet.LINKS)) {
            return new LinkLoad(columns, end / columns, bytes);
        }
        double width = (double) end / columns;
        StringBuilder key = new StringBuilder(32);
        try (CsvReader r = CsvReader.open(rs.file(ResultSet.LINKS))) {
            int t = r.column("time_ps");
            int node = r.column("node");
            int port = r.column("port");
            int tx = r.column("tx_bytes");
            while (r.next()) {
                key.setLength(0);
                key.append(r.text(node)).append(':').append(r.longAt(port, -1));
                String k = key.toString();
                double[] b = bytes.get(k);
                if (b == null) {
                    if (!rate.containsKey(k)) {
                        continue;
                    }
                    b = new double[columns];
                    bytes.put(k, b);
                }
                spread(b, r.longAt(t, 0), interval, r.doubleAt(tx, 0), width);
            }
        } catch (IOException e) {
            throw new BadResultsException(rs.file(ResultSet.LINKS) + ": cannot read it: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new BadResultsException(e.getMessage());
        }
        double columnPs = (double) end / columns;
        for (Map.Entry<String, double[]> e : bytes.entrySet()) {
            double capacityBytes = rate.get(e.getKey()) / 8.0 * columnPs / 1e12;
            double[] b = e.getValue();
            for (int i = 0; i < b.length; i++) {
                b[i] = capacityBytes > 0 ? b[i] / capacityBytes : 0;
            }
        }
        return new LinkLoad(columns, end / columns, bytes);
    }

    /** Adds {@code bytes} sent over (t - interval, t] to the columns of width {@code width} it overlaps. */
    static void spread(double[] cols, long t, long interval, double bytes, double width) {
        double a = Math.max(0, t - interval);
        double b = Math.max(a + 1, t);
        int first = (int) Math.min(cols.length - 1, Math.floor(a / width));
        int last = (int) Math.min(cols.length - 1, Math.floor((b - 1e-9) / width));
        if (first == last || interval <= 0) {
            cols[first] += bytes;
            return;
        }
        for (int c = first; c <= last; c++) {
            double lo = Math.max(a, c * width);
            double hi = c == last ? b : Math.min(b, (c + 1) * width);
            cols[c] += bytes * (hi - lo) / (b - a);
        }
    }
}
