package org.lossless.verbs.parse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lossless.verbs.measure.BwResult;
import org.lossless.verbs.measure.BwSample;
import org.lossless.verbs.measure.LatResult;
import org.lossless.verbs.measure.LatSample;
import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.measure.SingleValue;

/**
 * perftest's {@code --out_json} file. Versions before 24.01.0-0.38 (Debian 12's among them) write keys and
 * values without quotes and with trailing commas ({@code test_info: {}, {@code MsgSize: 65536,}), and the
 * QoS variant leaves {@code sl} unquoted even later, so this is a line reader of {@code key: value} and
 * {@code key: {} lines, not a JSON parser. The file holds one report (perftest truncates it for every
 * size of {@code -a}). It does not say whether BW is in Gb/s or MiB/s: the unit is the one that agrees
 * with MsgRate x MsgSize (default MiB/s when the message rate is 0).
 */
final class PerftestJsonParser {
    private PerftestJsonParser() {
    }

    static boolean looksLike(TextInput in) {
        boolean brace = false;
        for (String l : in.lines()) {
            String t = l.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (!brace) {
                if (!t.equals("{")) {
                    return false;
                }
                brace = true;
                continue;
            }
            return t.matches("\"?test_info\"?\\s*:\\s*\\{") || t.matches("\"?results\"?\\s*:\\s*\\{");
        }
        return false;
    }

    static void parse(TextInput in, MeasurementBuilder b) {
        Map<String, String> info = new LinkedHashMap<>();
        Map<String, String> results = new LinkedHashMap<>();
        Map<String, String> section = null;
        int depth = 0;
        for (int i = 1; i <= in.size(); i++) {
            String t = in.line(i).strip();
            if (t.isEmpty()) {
                continue;
            }
            if (t.equals("{")) {
                depth++;
                continue;
            }
            if (t.equals("}") || t.equals("},")) {
                depth--;
                section = null;
                continue;
            }
            int colon = t.indexOf(':');
            if (colon <= 0 || depth < 1) {
                throw in.error(i, "expected 'key: value' inside the perftest JSON report, found: " + PerftestParser.abbreviate(t));
            }
            String key = unquote(t.substring(0, colon).strip());
            String value = t.substring(colon + 1).strip();
            if (value.equals("{")) {
                depth++;
                section = key.equals("results") ? results : info;
                continue;
            }
            if (value.endsWith(",")) {
                value = value.substring(0, value.length() - 1).strip();
            }
            (section == null ? info : section).put(key, unquote(value));
        }
        if (results.isEmpty()) {
            throw in.error(in.size(), "perftest JSON report without a results section (file cut short?)");
        }
        String test = info.getOrDefault("test", null);
        String id = in.name();
        if (results.containsKey("BW_average")) {
            b.flows.add(bandwidth(in, b, id, test, info, results));
        } else if (results.containsKey("t_typical") || results.containsKey("t_avg")) {
            LatSample s = new LatSample(lng(in, results, "MsgSize"), lng(in, results, "n_iterations"),
                    dbl(in, results, "t_min"), dbl(in, results, "t_max"), dbl(in, results, "t_typical"),
                    dbl(in, results, "t_avg"), dbl(in, results, "t_stdev"), dbl(in, results, "percentile_99"),
                    dbl(in, results, "percentile_99.9"), dbl(in, results, "tps_average"));
            b.latency.add(new LatResult(id, null, null, null, test, info, List.of(s)));
        } else {
            int found = 0;
            for (String k : List.of("bw_avg", "msgRate_avg", "avg_lat")) {
                Double v = dbl(in, results, k);
                if (v != null) {
                    found++;
                    b.values.add(new SingleValue(id + "#" + k, null, null, v, switch (k) {
                        case "bw_avg" -> "bandwidth (unit as printed: MiB/s, or Gb/s with --report_gbits)";
                        case "msgRate_avg" -> "message rate, Mpps";
                        default -> "average latency, usec";
                    }));
                }
            }
            if (found == 0) {
                throw in.error(0, "perftest JSON results hold none of BW_average, t_typical, t_avg, bw_avg, msgRate_avg, avg_lat");
            }
        }
    }

    private static BwResult bandwidth(TextInput in, MeasurementBuilder b, String id, String test, Map<String, String> info,
                                      Map<String, String> r) {
        long size = lng(in, r, "MsgSize");
        double avg = dbl(in, r, "BW_average");
        Double peak = dbl(in, r, "BW_peak");
        double rate = dbl(in, r, "MsgRate") == null ? 0 : dbl(in, r, "MsgRate");
        double byRate = rate * 1e6 * size * 8;
        String unit;
        double perUnit;
        if (byRate <= 0 || avg <= 0) {
            unit = "MiB/sec";
            perUnit = 8.0 * (1 << 20);
            b.warnings.add(in.name() + ": BW unit not decidable from MsgRate x MsgSize; taken as MiB/sec (perftest's default)");
        } else {
            double gb = Math.abs(Math.log(avg * 1e9 / byRate));
            double mib = Math.abs(Math.log(avg * 8.0 * (1 << 20) / byRate));
            unit = gb < mib ? "Gb/sec" : "MiB/sec";
            perUnit = gb < mib ? 1e9 : 8.0 * (1 << 20);
        }
        Integer sl = r.containsKey("sl") ? (int) lng(in, r, "sl") : null;
        Double cpu = dbl(in, r, "CPU_util");
        boolean peakMeasured = peak != null && peak > 0;
        BwSample s = new BwSample(size, lng(in, r, "n_iterations"), peakMeasured ? peak * perUnit : null, avg * perUnit,
                rate, sl, cpu, Map.of());
        boolean bidir = test != null && test.contains("Bidirectional");
        return new BwResult(id, null, null, null, test, bidir, peakMeasured, info, unit, s.averageBps(), List.of(s));
    }

    private static String unquote(String s) {
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1) : s;
    }

    private static Double dbl(TextInput in, Map<String, String> m, String key) {
        String v = m.get(key);
        if (v == null) {
            return null;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw in.error(lineOf(in, key), "'" + key + "' is not a number: '" + v + "'");
        }
    }

    private static long lng(TextInput in, Map<String, String> m, String key) {
        Double d = dbl(in, m, key);
        if (d == null) {
            throw in.error(0, "perftest JSON results without '" + key + "'");
        }
        return Math.round(d);
    }

    private static int lineOf(TextInput in, String key) {
        for (int i = 1; i <= in.size(); i++) {
            String t = in.line(i).strip();
            if (t.startsWith(key + ":") || t.startsWith("\"" + key + "\"")) {
                return i;
            }
        }
        return 0;
    }
}
