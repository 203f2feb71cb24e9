package org.lossless.plots.data;

import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Streams {@code timeseries/links.csv} ({@code time_ps,node,port,tx_bytes}: frame bytes a port sent in the
 * sample interval ending at {@code time_ps}; idle intervals are not written) into utilisation per link and
 * time column: bytes x 8 / (line rate x column width). Line rates come from ports.csv; a link without a
 * rate there is skipped. Memory: links x columns numbers.
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

    public static LinkLoad read(ResultSet rs, int columns) {
        long end = Math.max(1, rs.simTimePs());
        Map<String, Long> rate = new HashMap<>();
        for (PortRow p : rs.ports()) {
            rate.merge(p.portName(), p.rateBps(), Math::max);
        }
        Map<String, double[]> bytes = new LinkedHashMap<>();
        if (!rs.has(ResultSet.LINKS)) {
            return new LinkLoad(columns, end / columns, bytes);
        }
        long half = rs.sampleIntervalPs() / 2;
        Downsampler binner = new Downsampler(0, end, columns);
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
                b[binner.bin(r.longAt(t, 0) - half)] += r.doubleAt(tx, 0);
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
}
