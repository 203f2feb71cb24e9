package org.lossless.plots.data;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Streams {@code timeseries/rates.csv} ({@code time_ps,flow_id,rate_bps[,cnps]}) for up to a number of
 * flows, downsampled while reading, with the CNP arrivals: where the optional cumulative {@code cnps}
 * column grows between two samples of a flow, a mark at the later sample (time and the rate after the
 * cut). Marks are reduced to one per flow and mark column (the first CNP sample in it), carrying how many
 * CNPs it stands for.
 */
public final class RateSeriesReader {
    private RateSeriesReader() {
    }

    /** A flow's rate (bit/s) and its CNP marks. */
    public record FlowRates(long flowId, Series rate, List<Mark> cnps) {
    }

    /** CNPs received in one pixel column: at {@code timePs}, rate then {@code rateBps}, {@code count} CNPs. */
    public record Mark(long timePs, double rateBps, long count) {
    }

    /**
     * @param flowIds flows wanted, in order; null for the first {@code limit} flows the file mentions
     * @param limit   most flows to track
     */
    public static List<FlowRates> read(ResultSet rs, List<Long> flowIds, int limit, int bins) {
        return read(rs, flowIds, limit, bins, bins);
    }

    /** As {@link #read(ResultSet, List, int, int)}, with CNP marks reduced to {@code markBins} columns. */
    public static List<FlowRates> read(ResultSet rs, List<Long> flowIds, int limit, int bins, int markBins) {
        return read(rs, flowIds, limit, bins, markBins, 0, Math.max(1, rs.simTimePs()));
    }

    /**
     * As {@link #read(ResultSet, List, int, int, int)} over the window [{@code fromPs}, {@code toPs}] only: samples
     * outside it are left out (a CNP count still grows across them, so the first mark inside counts only the CNPs
     * received inside).
     */
    public static List<FlowRates> read(ResultSet rs, List<Long> flowIds, int limit, int bins, int markBins,
                                       long fromPs, long toPs) {
        if (!rs.has(ResultSet.RATES)) {
            return List.of();
        }
        Map<Long, Track> tracks = new LinkedHashMap<>();
        if (flowIds != null) {
            flowIds.stream().limit(limit).forEach(id -> tracks.put(id, new Track(fromPs, toPs, bins, markBins)));
        }
        try (CsvReader r = CsvReader.open(rs.file(ResultSet.RATES))) {
            int t = r.column("time_ps");
            int id = r.column("flow_id");
            int rate = r.column("rate_bps");
            int cnps = r.column("cnps");
            while (r.next()) {
                long f = r.longAt(id, -1);
                Track tr = tracks.get(f);
                if (tr == null) {
                    if (flowIds != null || tracks.size() >= limit) {
                        continue;
                    }
                    tr = new Track(fromPs, toPs, bins, markBins);
                    tracks.put(f, tr);
                }
                tr.add(r.longAt(t, 0), r.doubleAt(rate, 0), r.longAt(cnps, -1));
            }
        } catch (IOException e) {
            throw new BadResultsException(rs.file(ResultSet.RATES) + ": cannot read it: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new BadResultsException(e.getMessage());
        }
        List<FlowRates> out = new ArrayList<>();
        tracks.forEach((f, tr) -> out.add(new FlowRates(f, new Series("flow " + f, tr.d.points(), tr.rows),
                tr.marks())));
        return out;
    }

    private static final class Track {
        final Downsampler d;
        final Downsampler markBinner;
        final long[] markT;
        final double[] markRate;
        final long[] markCount;
        long lastCnps = 0;
        long rows;

        final long from;
        final long to;

        Track(long from, long to, int bins, int markBins) {
            this.from = from;
            this.to = to;
            d = new Downsampler(from, to, bins);
            markBinner = new Downsampler(from, to, markBins);
            markT = new long[markBins];
            markRate = new double[markBins];
            markCount = new long[markBins];
        }

        void add(long t, double rate, long cnps) {
            if (t < from || t > to) {
                if (cnps >= 0) {
                    lastCnps = cnps;
                }
                return;
            }
            rows++;
            d.add(t, rate);
            if (cnps > lastCnps) {
                int b = markBinner.bin(t);
                if (markCount[b] == 0) {
                    markT[b] = t;
                    markRate[b] = rate;
                }
                markCount[b] += cnps - lastCnps;
            }
            if (cnps >= 0) {
                lastCnps = cnps;
            }
        }

        List<Mark> marks() {
            List<Mark> m = new ArrayList<>();
            for (int b = 0; b < markCount.length; b++) {
                if (markCount[b] > 0) {
                    m.add(new Mark(markT[b], markRate[b], markCount[b]));
                }
            }
            return m;
        }
    }
}
