package org.lossless.verbs.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.measure.SwitchCounters;

/**
 * SONiC counter tables: {@code show pfc counters} (Rx and Tx tables of PFC0..PFC7), {@code show queue
 * counters} ({@code TxQ Counter/pkts Counter/bytes Drop/pkts Drop/bytes}), {@code show priority-group
 * watermark ...} ({@code PG0..}) and {@code show queue watermark ...} ({@code UC0..}, {@code MC0..}).
 * Several tables may follow each other; values may carry thousands separators; {@code N/A} is null.
 */
final class SonicCountersParser {
    private SonicCountersParser() {
    }

    static boolean looksLike(TextInput in) {
        for (int i = 1; i < in.size(); i++) {
            String t = in.line(i).strip();
            if (t.startsWith("Port") && in.line(i + 1).strip().matches("-+(\\s+-+)+")
                    && (t.contains("PFC0") || t.contains("TxQ") || t.matches(".*\\b(PG|UC|MC)0\\b.*"))) {
                return true;
            }
        }
        return false;
    }

    static void parse(TextInput in, String host, MeasurementBuilder b) {
        Map<String, SwitchCounters> pfc = new LinkedHashMap<>();
        List<SwitchCounters> others = new ArrayList<>();
        String title = "";
        int i = 1;
        while (i <= in.size()) {
            String t = in.line(i).strip();
            boolean header = t.startsWith("Port") && i < in.size() && in.line(i + 1).strip().matches("-+(\\s+-+)+");
            if (!header) {
                if (!t.isEmpty()) {
                    title = t;
                }
                i++;
                continue;
            }
            List<String> cols = columns(t);
            String direction = t.startsWith("Port Rx") ? "pause_rx" : t.startsWith("Port Tx") ? "pause_tx" : null;
            i += 2;
            while (i <= in.size() && !in.line(i).isBlank()) {
                String[] tok = in.line(i).strip().split("\\s+");
                if (tok.length != cols.size()) {
                    if (i == in.lastNonBlank() && tok.length < cols.size()) {
                        b.warnings.add(in.name() + ":" + i + ": truncated last row ignored");
                        i++;
                        continue;
                    }
                    throw in.error(i, "expected " + cols.size() + " columns (" + String.join(" ", cols) + "), found " + tok.length);
                }
                row(in, i, host, cols, tok, direction, title, pfc, others);
                i++;
            }
        }
        if (pfc.isEmpty() && others.isEmpty()) {
            throw in.error(0, "SONiC counter tables without rows");
        }
        b.switchCounters.addAll(pfc.values());
        b.switchCounters.addAll(others);
    }

    private static void row(TextInput in, int i, String host, List<String> cols, String[] tok, String direction, String title,
                            Map<String, SwitchCounters> pfc, List<SwitchCounters> others) {
        String port = tok[0];
        if (cols.contains("PFC0")) {
            if (direction == null) {
                throw in.error(i, "a PFC table whose header is neither 'Port Rx' nor 'Port Tx'");
            }
            for (int c = 1; c < cols.size(); c++) {
                String prio = cols.get(c).substring(3);
                SwitchCounters sc = pfc.computeIfAbsent(port + "/" + prio, k -> new SwitchCounters(host, port, "pfc", prio,
                        twoNulls()));
                Map<String, Long> v = new LinkedHashMap<>(sc.values());
                v.put(direction, value(in, i, tok[c]));
                pfc.put(port + "/" + prio, new SwitchCounters(host, port, "pfc", prio, v));
            }
        } else if (cols.contains("TxQ")) {
            Map<String, Long> v = new LinkedHashMap<>();
            for (int c = 2; c < cols.size(); c++) {
                v.put(queueName(cols.get(c)), value(in, i, tok[c]));
            }
            others.add(new SwitchCounters(host, port, "queue", tok[1], v));
        } else {
            String kind = cols.get(1).startsWith("PG") ? (title.toLowerCase().contains("headroom") ? "pg_headroom_watermark"
                    : "pg_watermark") : "queue_watermark";
            for (int c = 1; c < cols.size(); c++) {
                Map<String, Long> v = new LinkedHashMap<>();
                v.put("bytes", value(in, i, tok[c]));
                others.add(new SwitchCounters(host, port, kind, cols.get(c), v));
            }
        }
    }

    private static Map<String, Long> twoNulls() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("pause_rx", null);
        m.put("pause_tx", null);
        return m;
    }

    private static String queueName(String col) {
        return switch (col) {
            case "Counter/pkts" -> "tx_packets";
            case "Counter/bytes" -> "tx_bytes";
            case "Drop/pkts" -> "drop_packets";
            case "Drop/bytes" -> "drop_bytes";
            default -> col;
        };
    }

    /** Header words, "Port Rx"/"Port Tx" counted as one column. */
    private static List<String> columns(String header) {
        List<String> cols = new ArrayList<>(List.of(header.split("\\s+")));
        if (cols.size() > 1 && (cols.get(1).equals("Rx") || cols.get(1).equals("Tx"))) {
            cols.set(0, cols.get(0) + " " + cols.remove(1));
        }
        return cols;
    }

    private static Long value(TextInput in, int i, String s) {
        if (s.equals("N/A")) {
            return null;
        }
        String digits = s.replace(",", "");
        if (!digits.matches("\\d{1,18}")) {
            throw in.error(i, "'" + s + "' is not a counter value (a whole number or N/A)");
        }
        return Long.parseLong(digits);
    }
}
