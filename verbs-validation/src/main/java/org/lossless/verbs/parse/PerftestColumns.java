package org.lossless.verbs.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The column header of a perftest result table, read by name so that any order, extra columns
 * ({@code CPU_Util[%]}, per-port columns) and the QoS {@code #sl} column are handled. Column names
 * contain spaces ("BW peak[Gb/sec]", "99% percentile[usec]"), so the header is matched against the
 * known names first and the rest split on whitespace.
 */
final class PerftestColumns {
    /** A column's meaning. */
    enum Col { BYTES, ITERATIONS, SL, BW_PEAK, BW_AVG, MSG_RATE, T_MIN, T_MAX, T_TYPICAL, T_AVG, T_STDEV, P99, P999, TPS,
        CPU_UTIL, OTHER }

    private static final Pattern NAMES = Pattern.compile(
            "#bytes|#iterations|#sl|BW peak\\[[^\\]]*\\]|BW average\\[[^\\]]*\\]|BW Port\\d\\[[^\\]]*\\]"
            + "|MsgRate(?: Port\\d)?\\[[^\\]]*\\]|t_[a-z]+\\[[^\\]]*\\]|\\d+(?:\\.\\d+)?%\\s*percentile\\[[^\\]]*\\]"
            + "|tps average|CPU_Util\\[%\\]");

    final List<Col> cols = new ArrayList<>();
    final List<String> names = new ArrayList<>();
    /** Bits per second per printed BW unit; 0 when the table has no BW column. */
    final double bpsPerUnit;
    final String unit;

    private PerftestColumns(double bpsPerUnit, String unit) {
        this.bpsPerUnit = bpsPerUnit;
        this.unit = unit;
    }

    /** True for a line that looks like a result table header. */
    static boolean isHeader(String line) {
        String t = line.strip();
        return t.startsWith("#bytes");
    }

    static PerftestColumns parse(TextInput in, int lineNo) {
        String line = in.line(lineNo);
        List<String> found = new ArrayList<>();
        Matcher m = NAMES.matcher(line);
        int pos = 0;
        while (m.find()) {
            addWords(found, line.substring(pos, m.start()));
            found.add(m.group());
            pos = m.end();
        }
        addWords(found, line.substring(pos));
        String unit = null;
        for (String n : found) {
            if (n.startsWith("BW peak[") || n.startsWith("BW average[")) {
                String u = n.substring(n.indexOf('[') + 1, n.length() - 1);
                if (unit != null && !unit.equals(u)) {
                    throw in.error(lineNo, "BW columns in two units, " + unit + " and " + u);
                }
                unit = u;
            } else if (n.startsWith("t_") && !n.endsWith("[usec]")) {
                throw in.error(lineNo, "latency column '" + n + "' is not in microseconds (perftest -C reports CPU"
                        + " cycles): run without -C");
            }
        }
        double per = 0;
        if (unit != null) {
            per = switch (unit) {
                case "MB/sec", "MiB/sec" -> 8.0 * (1 << 20);
                case "Gb/sec" -> 1e9;
                default -> throw in.error(lineNo, "unknown BW unit '" + unit + "' (expected MB/sec, MiB/sec or Gb/sec)");
            };
        }
        PerftestColumns c = new PerftestColumns(per, unit);
        for (String n : found) {
            c.names.add(n);
            c.cols.add(meaning(n));
        }
        if (!c.cols.contains(Col.BYTES)) {
            throw in.error(lineNo, "result header without a #bytes column");
        }
        boolean bw = c.cols.contains(Col.BW_AVG);
        boolean lat = c.cols.contains(Col.T_AVG) || c.cols.contains(Col.T_TYPICAL);
        if (bw == lat) {
            throw in.error(lineNo, "result header is neither a bandwidth nor a latency table: " + line.strip());
        }
        return c;
    }

    boolean bandwidth() {
        return cols.contains(Col.BW_AVG);
    }

    int index(Col col) {
        return cols.indexOf(col);
    }

    private static void addWords(List<String> out, String text) {
        for (String w : text.strip().split("\\s+")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
    }

    private static Col meaning(String n) {
        String l = n.toLowerCase(Locale.ROOT);
        if (l.equals("#bytes")) {
            return Col.BYTES;
        } else if (l.equals("#iterations")) {
            return Col.ITERATIONS;
        } else if (l.equals("#sl")) {
            return Col.SL;
        } else if (l.startsWith("bw peak[")) {
            return Col.BW_PEAK;
        } else if (l.startsWith("bw average[")) {
            return Col.BW_AVG;
        } else if (l.startsWith("msgrate[")) {
            return Col.MSG_RATE;
        } else if (l.startsWith("t_min[")) {
            return Col.T_MIN;
        } else if (l.startsWith("t_max[")) {
            return Col.T_MAX;
        } else if (l.startsWith("t_typical[")) {
            return Col.T_TYPICAL;
        } else if (l.startsWith("t_avg[")) {
            return Col.T_AVG;
        } else if (l.startsWith("t_stdev[")) {
            return Col.T_STDEV;
        } else if (l.matches("99(\\.0+)?%\\s*percentile.*")) {
            return Col.P99;
        } else if (l.matches("99\\.9%\\s*percentile.*")) {
            return Col.P999;
        } else if (l.equals("tps average")) {
            return Col.TPS;
        } else if (l.startsWith("cpu_util")) {
            return Col.CPU_UTIL;
        }
        return Col.OTHER;
    }
}
