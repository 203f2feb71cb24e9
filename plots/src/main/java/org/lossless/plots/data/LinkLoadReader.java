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
        Links links = new Links();
        try (CsvReader r = CsvReader.open(rs.file(ResultSet.LINKS))) {
            int t = r.column("time_ps");
            int node = r.column("node");
            int port = r.column("port");
            int tx = r.column("tx_bytes");
            while (r.next()) {
                long p = r.longAt(port, -1);
                Links.Link l = links.find(r, node, p);
                if (l == null) {
                    String k = r.text(node) + ":" + p;
                    double[] b = rate.containsKey(k) ? new double[columns] : null; // null: no rate, skipped
                    if (b != null) {
                        bytes.put(k, b);
                    }
                    l = links.add(r.text(node), p, b);
                }
                if (l.cols() != null) {
                    spread(l.cols(), r.longAt(t, 0), interval, r.doubleAt(tx, 0), width);
                }
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

    /**
     * The links seen so far, found from the current row's node field and port without making a string per row
     * (links.csv has a row per busy link and sample interval: millions on a big run). Open addressing.
     */
    private static final class Links {
        record Link(String node, long port, double[] cols) {
        }

        private Link[] table = new Link[1024];
        private int size;

        Link find(CsvReader r, int node, long port) {
            int mask = table.length - 1;
            for (int i = hash(r.fieldHash(node), port) & mask; ; i = (i + 1) & mask) {
                Link l = table[i];
                if (l == null) {
                    return null;
                }
                if (l.port == port && r.textEquals(node, l.node)) {
                    return l;
                }
            }
        }

        Link add(String node, long port, double[] cols) {
            if (2 * (size + 1) > table.length) {
                Link[] old = table;
                table = new Link[old.length * 2];
                for (Link l : old) {
                    if (l != null) {
                        put(l);
                    }
                }
            }
            Link l = new Link(node, port, cols);
            put(l);
            size++;
            return l;
        }

        private void put(Link l) {
            int mask = table.length - 1;
            int i = hash(l.node.hashCode(), l.port) & mask;
            while (table[i] != null) {
                i = (i + 1) & mask;
            }
            table[i] = l;
        }

        private static int hash(int nodeHash, long port) {
            int h = nodeHash * 31 + Long.hashCode(port);
            return h ^ (h >>> 16);
        }
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
