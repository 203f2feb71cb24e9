package org.lossless.verbs.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.verbs.measure.BwResult;
import org.lossless.verbs.measure.BwSample;
import org.lossless.verbs.measure.LatResult;
import org.lossless.verbs.measure.LatSample;
import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.parse.PerftestColumns.Col;

/**
 * perftest's text output, client or server side, every variant of the table (hardware.md §1.2 in the
 * project's notes; docs/verbs-validation.md): MB/sec, MiB/sec and Gb/sec units, six-decimal rows, tabs,
 * warning lines between header and rows, {@code -W} counter lines, repeated rows of
 * {@code --run_infinitely}, the QoS {@code #sl} column, {@code --cpu_util}, and the tool's error messages.
 * A row cut short at the end of the output is a warning (truncated output); a malformed row elsewhere is
 * an error naming the line.
 */
final class PerftestParser {
    private static final Pattern BANNER = Pattern.compile("^\\s*([A-Za-z_]+(?: [A-Za-z_]+)*) (?:BW|Latency)(?: [a-z]+)* Test\\s*$");
    private static final Pattern COUNTER = Pattern.compile("^\\s*([A-Za-z0-9_/.-]+)=(\\d+)\\s*$");
    private static final Pattern NUMBER_ROW = Pattern.compile("^\\s*\\d+\\s.*");
    private static final List<String> IGNORED = List.of("Conflicting CPU frequency", "CPU Frequency is not max",
            "WARNING: BW peak won't be measured", "Post List requested", "Requested mtu is higher", "Changing to active mtu",
            "Waiting for client", "local address:", "remote address:", "GID:", "Test with events");
    private static final List<String> ERRORS = List.of("Did not detect devices", "If device exists, check if driver is up",
            "Unable to find the Infiniband/RoCE device", "Failed: Unknown rate limit value", "TOS only valid",
            "Couldn't", "Unable to", "Failed to", "ERROR", "Error", "error:", "Conflicting parameters", "not supported",
            "Invalid", "invalid");

    private PerftestParser() {
    }

    static void parse(TextInput in, MeasurementBuilder b) {
        String test = null;
        String role = "client";
        boolean peakWarning = false;
        Map<String, String> header = new LinkedHashMap<>();
        PerftestColumns cols = null;
        List<double[]> rows = new ArrayList<>();
        List<Map<String, Long>> rowCounters = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        int last = in.lastNonBlank();
        for (int i = 1; i <= in.size(); i++) {
            String line = in.line(i);
            String t = line.strip();
            if (t.isEmpty() || t.matches("-{5,}") || t.matches("\\*+")) {
                continue;
            }
            if (t.contains("Waiting for client")) {
                role = "server";
            }
            if (t.contains("BW peak won't be measured")) {
                peakWarning = true;
            }
            Matcher banner = BANNER.matcher(line);
            if (banner.matches() && cols == null) {
                test = t;
                continue;
            }
            if (t.startsWith("#") && !PerftestColumns.isHeader(line)) {
                continue; // a comment: perftest prints no other '#' lines
            }
            if (PerftestColumns.isHeader(line)) {
                PerftestColumns next = PerftestColumns.parse(in, i);
                if (cols != null && next.bandwidth() != cols.bandwidth()) {
                    throw in.error(i, "a second result table of another kind in one output");
                }
                cols = next;
                continue;
            }
            if (containsAny(t, IGNORED)) {
                continue;
            }
            Matcher counter = COUNTER.matcher(line);
            if (counter.matches() && !rows.isEmpty()) {
                rowCounters.get(rowCounters.size() - 1).put(counter.group(1), Long.parseLong(counter.group(2)));
                continue;
            }
            if (cols != null && NUMBER_ROW.matcher(line).matches()) {
                double[] row = row(in, i, cols, i == last);
                if (row != null) {
                    rows.add(row);
                    rowCounters.add(new LinkedHashMap<>());
                } else {
                    b.warnings.add(in.name() + ":" + i + ": truncated last row ignored (output cut short?): " + abbreviate(t));
                }
                continue;
            }
            if (containsAny(t, ERRORS)) {
                errors.add(in.name() + ":" + i + ": " + t);
                continue;
            }
            if (cols == null && t.indexOf(':') > 0 && KeyValueLine.parse(line, header) > 0) {
                continue;
            }
            b.warnings.add(in.name() + ":" + i + ": ignored line: " + abbreviate(t));
        }
        b.errors.addAll(errors);
        if (cols == null) {
            if (errors.isEmpty()) {
                b.warnings.add(in.name() + ": perftest output without a result table (the run did not get that far)");
            }
            return;
        }
        if (rows.isEmpty() && role.equals("client") && errors.isEmpty()) {
            b.warnings.add(in.name() + ": no result row after the table header (output truncated?)");
        }
        String id = in.name();
        if (cols.bandwidth()) {
            b.flows.add(bandwidth(id, test, role, header, cols, rows, rowCounters, peakWarning));
        } else {
            b.latency.add(latency(id, test, role, header, cols, rows));
        }
    }

    /** The numbers of a data row, or null for a truncated last row (warned about by the caller's builder). */
    private static double[] row(TextInput in, int i, PerftestColumns cols, boolean isLast) {
        String[] tok = in.line(i).strip().split("\\s+");
        if (tok.length != cols.cols.size()) {
            if (isLast && tok.length < cols.cols.size()) {
                return null;
            }
            throw in.error(i, "expected " + cols.cols.size() + " columns (" + String.join(", ", cols.names) + "), found "
                    + tok.length);
        }
        double[] v = new double[tok.length];
        for (int k = 0; k < tok.length; k++) {
            try {
                v[k] = Double.parseDouble(tok[k]);
            } catch (NumberFormatException e) {
                throw in.error(i, "column '" + cols.names.get(k) + "' is not a number: '" + tok[k] + "'");
            }
            if (!(v[k] >= 0) || Double.isInfinite(v[k])) {
                throw in.error(i, "column '" + cols.names.get(k) + "' must be a non-negative number: '" + tok[k] + "'");
            }
        }
        return v;
    }

    private static BwResult bandwidth(String id, String test, String role, Map<String, String> header, PerftestColumns c,
                                      List<double[]> rows, List<Map<String, Long>> counters, boolean peakWarning) {
        List<BwSample> samples = new ArrayList<>();
        boolean peakMeasured = !peakWarning;
        for (int k = 0; k < rows.size(); k++) {
            double[] r = rows.get(k);
            double peak = get(r, c, Col.BW_PEAK, 0) * c.bpsPerUnit;
            double avg = get(r, c, Col.BW_AVG, 0) * c.bpsPerUnit;
            if (peak == 0 && avg > 0) {
                peakMeasured = false; // duration, infinite and -N modes print 0.00
            }
            Integer sl = c.index(Col.SL) >= 0 ? (int) r[c.index(Col.SL)] : null;
            Double cpu = c.index(Col.CPU_UTIL) >= 0 ? r[c.index(Col.CPU_UTIL)] : null;
            samples.add(new BwSample((long) r[c.index(Col.BYTES)], (long) get(r, c, Col.ITERATIONS, 0),
                    peakMeasured ? peak : null, avg, get(r, c, Col.MSG_RATE, 0), sl, cpu, counters.get(k)));
        }
        if (!peakMeasured) {
            samples.replaceAll(s -> new BwSample(s.sizeBytes(), s.iterations(), null, s.averageBps(), s.msgRateMpps(),
                    s.sl(), s.cpuUtil(), s.counters()));
        }
        boolean bidir = test != null && test.contains("Bidirectional");
        return new BwResult(id, null, null, role, test, bidir, peakMeasured, header, c.unit, goodput(samples), samples);
    }

    /** Mean of the rows when they share one message size; else the last (largest) size; null without rows. */
    static Double goodput(List<BwSample> samples) {
        if (samples.isEmpty()) {
            return null;
        }
        long size = samples.get(0).sizeBytes();
        double sum = 0;
        for (BwSample s : samples) {
            if (s.sizeBytes() != size) {
                return samples.get(samples.size() - 1).averageBps();
            }
            sum += s.averageBps();
        }
        return sum / samples.size();
    }

    private static LatResult latency(String id, String test, String role, Map<String, String> header, PerftestColumns c,
                                     List<double[]> rows) {
        List<LatSample> samples = new ArrayList<>();
        for (double[] r : rows) {
            samples.add(new LatSample((long) r[c.index(Col.BYTES)], (long) get(r, c, Col.ITERATIONS, 0),
                    opt(r, c, Col.T_MIN), opt(r, c, Col.T_MAX), opt(r, c, Col.T_TYPICAL), opt(r, c, Col.T_AVG),
                    opt(r, c, Col.T_STDEV), opt(r, c, Col.P99), opt(r, c, Col.P999), opt(r, c, Col.TPS)));
        }
        return new LatResult(id, null, null, role, test, header, samples);
    }

    private static double get(double[] r, PerftestColumns c, Col col, double missing) {
        int i = c.index(col);
        return i < 0 ? missing : r[i];
    }

    private static Double opt(double[] r, PerftestColumns c, Col col) {
        int i = c.index(col);
        return i < 0 ? null : r[i];
    }

    private static boolean containsAny(String t, List<String> words) {
        for (String w : words) {
            if (t.contains(w)) {
                return true;
            }
        }
        return false;
    }

    static String abbreviate(String t) {
        return t.length() <= 80 ? t : t.substring(0, 77) + "...";
    }
}
