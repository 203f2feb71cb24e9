package org.lossless.plots.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads the small per-run CSV files into rows; a column the file lacks reads as its "absent" value. */
final class RowReaders {
    private RowReaders() {
    }

    static List<FlowRow> flows(Path file) throws IOException {
        List<FlowRow> rows = new ArrayList<>();
        try (CsvReader r = CsvReader.open(file)) {
            r.require("a Lossless flows.csv", "flow_id", "size_bytes");
            int id = r.column("flow_id");
            int wl = r.column("workload");
            int src = r.column("src");
            int dst = r.column("dst");
            int prio = r.column("priority");
            int size = r.column("size_bytes");
            int start = r.column("start_ps");
            int fin = r.column("finish_ps");
            int fct = r.column("fct_ps");
            int ideal = r.column("ideal_fct_ps");
            int sd = r.column("slowdown");
            int cnps = r.column("cnps");
            int del = r.column("bytes_delivered");
            int kind = r.column("kind");
            while (r.next()) {
                rows.add(new FlowRow(r.longAt(id, rows.size()), r.text(wl), (int) r.longAt(src, -1),
                        (int) r.longAt(dst, -1), (int) r.longAt(prio, -1), r.longAt(size, 0), r.longAt(start, 0),
                        r.longAt(fin, -1), r.longAt(fct, -1), r.longAt(ideal, -1), r.doubleAt(sd, Double.NaN),
                        r.longAt(cnps, -1), r.longAt(del, -1), !"control".equals(r.text(kind))));
            }
        }
        return rows;
    }

    static List<FlowSummaryRow> flowSummary(Path file) throws IOException {
        List<FlowSummaryRow> rows = new ArrayList<>();
        try (CsvReader r = CsvReader.open(file)) {
            r.require("a Lossless flows_summary.csv", "workload", "messages");
            int[] c = columns(r, "workload", "operation", "kind", "src", "messages", "completed", "bytes", "cnps",
                    "fct_p50_ps", "fct_p99_ps", "fct_max_ps", "slowdown_p50", "slowdown_p99", "slowdown_max");
            while (r.next()) {
                rows.add(new FlowSummaryRow(r.text(c[0]), r.text(c[1]), !"control".equals(r.text(c[2])),
                        (int) r.longAt(c[3], -1), r.longAt(c[4], 0), r.longAt(c[5], -1), r.longAt(c[6], -1),
                        r.longAt(c[7], -1), r.longAt(c[8], -1), r.longAt(c[9], -1), r.longAt(c[10], -1),
                        r.doubleAt(c[11], Double.NaN), r.doubleAt(c[12], Double.NaN), r.doubleAt(c[13], Double.NaN)));
            }
        }
        return rows;
    }

    static List<PortRow> ports(Path file) throws IOException {
        List<PortRow> rows = new ArrayList<>();
        try (CsvReader r = CsvReader.open(file)) {
            r.require("a Lossless ports.csv", "node", "port");
            int[] c = columns(r, "node", "port", "peer", "priority", "rate_bps", "tx_bytes", "tx_packets", "drops",
                    "ecn_marked", "pause_tx", "pause_rx", "paused_ps", "max_queue_bytes");
            while (r.next()) {
                rows.add(new PortRow(r.text(c[0]), (int) r.longAt(c[1], -1), r.text(c[2]), (int) r.longAt(c[3], 0),
                        r.longAt(c[4], 0), r.longAt(c[5], 0), r.longAt(c[6], 0), r.longAt(c[7], 0),
                        r.longAt(c[8], 0), r.longAt(c[9], 0), r.longAt(c[10], 0), r.longAt(c[11], 0),
                        r.longAt(c[12], 0)));
            }
        }
        return rows;
    }

    static List<JobRow> jobs(Path file) throws IOException {
        List<JobRow> rows = new ArrayList<>();
        try (CsvReader r = CsvReader.open(file)) {
            r.require("a Lossless jobs.csv", "job");
            int[] c = columns(r, "job", "iteration", "type", "hosts", "size_bytes", "start_ps", "finish_ps",
                    "duration_ps", "algbw_GBps", "busbw_GBps", "ideal_duration_ps", "ideal_busbw_GBps");
            while (r.next()) {
                long start = r.longAt(c[5], -1);
                long finish = r.longAt(c[6], -1);
                long duration = r.longAt(c[7], start >= 0 && finish >= 0 ? finish - start : -1);
                rows.add(new JobRow(r.text(c[0]), (int) r.longAt(c[1], 0), r.text(c[2]), hosts(r.text(c[3])),
                        r.longAt(c[4], 0), start, finish, duration, r.doubleAt(c[8], Double.NaN),
                        r.doubleAt(c[9], Double.NaN), r.longAt(c[10], -1), r.doubleAt(c[11], Double.NaN)));
            }
        }
        return rows;
    }

    /** A host count, or a list of hosts ({@code 0;1;2} or {@code 0 1 2}) counted. */
    static int hosts(String text) {
        String t = text.trim();
        if (t.isEmpty()) {
            return 0;
        }
        if (t.matches("\\d+")) {
            return Integer.parseInt(t);
        }
        return t.replaceAll("[\\[\\]]", "").trim().split("[;\\s|]+").length;
    }

    static List<PauseRow> pauses(Path file) throws IOException {
        List<PauseRow> rows = new ArrayList<>();
        try (CsvReader r = CsvReader.open(file)) {
            r.require("a Lossless pause_graph.csv", "time_ps", "node");
            int[] c = columns(r, "id", "time_ps", "end_ps", "node", "port", "priority", "peer", "cause", "cause_port",
                    "caused_by", "depth");
            while (r.next()) {
                rows.add(new PauseRow((int) r.longAt(c[0], rows.size()), r.longAt(c[1], 0), r.longAt(c[2], -1),
                        r.text(c[3]), (int) r.longAt(c[4], -1), (int) r.longAt(c[5], 0), r.text(c[6]), r.text(c[7]),
                        (int) r.longAt(c[8], -1), (int) r.longAt(c[9], -1), (int) r.longAt(c[10], 1)));
            }
        }
        return rows;
    }

    static List<ThresholdRow> thresholds(Path file) throws IOException {
        List<ThresholdRow> rows = new ArrayList<>();
        try (CsvReader r = CsvReader.open(file)) {
            r.require("a Lossless thresholds.csv", "node", "port", "priority");
            int[] c = columns(r, "node", "port", "priority", "rate_bps", "ecn_kmin_bytes", "ecn_kmax_bytes",
                    "xoff_bytes");
            while (r.next()) {
                rows.add(new ThresholdRow(r.text(c[0]), (int) r.longAt(c[1], -1), (int) r.longAt(c[2], 0),
                        r.longAt(c[3], 0), r.longAt(c[4], -1), r.longAt(c[5], -1), r.longAt(c[6], -1)));
            }
        }
        return rows;
    }

    static List<StormRow> storms(Path file) throws IOException {
        List<StormRow> rows = new ArrayList<>();
        try (CsvReader r = CsvReader.open(file)) {
            r.require("a Lossless pfcwd.csv", "node", "port");
            int[] c = columns(r, "node", "port", "priority", "start_ps", "end_ps", "action", "dropped_packets");
            while (r.next()) {
                rows.add(new StormRow(r.text(c[0]), (int) r.longAt(c[1], -1), (int) r.longAt(c[2], 0),
                        r.longAt(c[3], 0), r.longAt(c[4], -1), r.text(c[5]), r.longAt(c[6], 0)));
            }
        }
        return rows;
    }

    private static int[] columns(CsvReader r, String... names) {
        int[] c = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            c[i] = r.column(names[i]);
        }
        return c;
    }
}
