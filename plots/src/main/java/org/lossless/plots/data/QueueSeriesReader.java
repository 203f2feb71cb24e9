package org.lossless.plots.data;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Streams {@code timeseries/queues.csv} ({@code time_ps,node,port,priority,bytes}) for chosen queues,
 * downsampled while reading. The file omits a queue while it stays empty (the first zero after a busy
 * spell is written): before a row that follows a gap of more than one sample interval, a zero at one
 * interval before it is added, so the drawn line does not slope across the empty spell.
 */
public final class QueueSeriesReader {
    private QueueSeriesReader() {
    }

    /**
     * @param keys queues as {@code node:port/priority}, in the order to return them
     * @param bins pixel columns across [0, simTime]
     * @return one series per key (empty points when the file never mentions it); values in bytes
     */
    public static List<Series> read(ResultSet rs, List<String> keys, int bins) {
        return read(rs, keys, bins, 0, Math.max(1, rs.simTimePs()));
    }

    /** As {@link #read(ResultSet, List, int)} over [{@code fromPs}, {@code toPs}] only (rows outside left out). */
    public static List<Series> read(ResultSet rs, List<String> keys, int bins, long fromPs, long toPs) {
        if (!rs.has(ResultSet.QUEUES) || keys.isEmpty()) {
            return List.of();
        }
        long interval = rs.sampleIntervalPs();
        Map<String, Track> tracks = new LinkedHashMap<>();
        for (String k : keys) {
            tracks.put(k, new Track(new Downsampler(fromPs, toPs, bins)));
        }
        scan(rs, keys, (k, r, c) -> {
            Track tr = tracks.get(k);
            long time = r.longAt(c.time(), 0);
            if (tr != null && time >= fromPs && time <= toPs) {
                tr.add(time, r.doubleAt(c.bytes(), 0), interval);
            }
        });
        List<Series> out = new ArrayList<>();
        tracks.forEach((k, tr) -> out.add(new Series(k, tr.d.points(), tr.rows)));
        return out;
    }

    /**
     * One queue's samples while it held bytes, for a distribution.
     *
     * @param key     {@code node:port/priority}
     * @param bytes   the non-zero samples, ascending
     * @param samples rows of the file for the queue (its zeros included: the first zero after a busy spell)
     */
    public record Busy(String key, long[] bytes, long samples) {
    }

    /**
     * The non-zero samples of each chosen queue (the file omits a queue while it stays empty, so these are the
     * samples of its busy time), in the order of {@code keys}. Memory: 8 bytes per kept sample.
     */
    public static List<Busy> busy(ResultSet rs, List<String> keys) {
        if (!rs.has(ResultSet.QUEUES) || keys.isEmpty()) {
            return List.of();
        }
        Map<String, long[][]> values = new LinkedHashMap<>(); // key -> {{values...}, {size, rows}}
        for (String k : keys) {
            values.put(k, new long[][] {new long[64], new long[2]});
        }
        scan(rs, keys, (k, r, c) -> {
            long[][] v = values.get(k);
            if (v == null) {
                return;
            }
            v[1][1]++;
            long b = r.longAt(c.bytes(), 0);
            if (b > 0) {
                if (v[1][0] == v[0].length) {
                    v[0] = java.util.Arrays.copyOf(v[0], v[0].length * 2);
                }
                v[0][(int) v[1][0]++] = b;
            }
        });
        List<Busy> out = new ArrayList<>();
        values.forEach((k, v) -> {
            long[] b = java.util.Arrays.copyOf(v[0], (int) v[1][0]);
            java.util.Arrays.sort(b);
            out.add(new Busy(k, b, v[1][1]));
        });
        return out;
    }

    /** The columns of queues.csv a visitor reads. */
    private record Columns(int time, int bytes) {
    }

    /** Called for each row of a chosen queue's node, with its key {@code node:port/priority}. */
    private interface RowVisitor {
        void row(String key, CsvReader r, Columns c);
    }

    /**
     * Reads queues.csv once and hands the rows whose node holds one of {@code keys} to {@code visitor} (it
     * ignores keys it did not ask for). Damaged files end in a {@link BadResultsException} naming the file.
     */
    private static void scan(ResultSet rs, List<String> keys, RowVisitor visitor) {
        Set<String> nodes = new java.util.HashSet<>();
        for (String k : keys) {
            // node:port/priority, read from the end: a node name may hold ':' or '/' (a result file says what it says)
            int colon = k.lastIndexOf(':', k.lastIndexOf('/'));
            nodes.add(colon < 0 ? k : k.substring(0, colon));
        }
        StringBuilder key = new StringBuilder(32);
        try (CsvReader r = CsvReader.open(rs.file(ResultSet.QUEUES))) {
            int time = r.column("time_ps");
            int node = r.column("node");
            int port = r.column("port");
            int prio = r.column("priority");
            Columns c = new Columns(time, r.column("bytes"));
            while (r.next()) {
                String n = r.text(node);
                if (!nodes.contains(n)) {
                    continue;
                }
                key.setLength(0);
                key.append(n).append(':').append(r.longAt(port, -1)).append('/').append(r.longAt(prio, 0));
                visitor.row(key.toString(), r, c);
            }
        } catch (IOException e) {
            throw new BadResultsException(rs.file(ResultSet.QUEUES) + ": cannot read it: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new BadResultsException(e.getMessage());
        }
    }

    private static final class Track {
        final Downsampler d;
        long lastT = Long.MIN_VALUE;
        long rows;

        Track(Downsampler d) {
            this.d = d;
        }

        void add(long t, double v, long interval) {
            rows++;
            if (interval > 0 && (lastT == Long.MIN_VALUE ? t >= d.start() + interval : t - lastT > interval)) {
                d.add(t - interval, 0); // the queue was empty (not written) until one sample before
            }
            d.add(t, v);
            lastT = t;
        }
    }
}
