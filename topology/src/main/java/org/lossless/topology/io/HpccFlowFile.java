package org.lossless.topology.io;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.lossless.topology.Topology;

/**
 * The HPCC flow file: {@code n_flows}, then {@code src dst pg dport size start_seconds} per flow
 * (HPCC's generator writes {@code %d %d 3 100 %d %.9f}). HPCC reads the first n_flows records lazily
 * in file order, so they must be sorted by start time.
 */
public final class HpccFlowFile {
    private static final BigDecimal PS_PER_S = BigDecimal.ONE.scaleByPowerOfTen(12);

    /** Flows read from a file and what was odd about it. */
    public record Read(List<HpccFlow> flows, List<String> warnings) {
        public Read {
            flows = List.copyOf(flows);
            warnings = List.copyOf(warnings);
        }
    }

    private HpccFlowFile() {
    }

    /** The most one flow carries: 1 TiB, the scenario's own limit for any listed flow (sim-core's {@code MessageSize}). */
    public static final long MAX_FLOW_BYTES = org.lossless.core.net.MessageSize.MAX_LISTED_BYTES;

    public static Read read(Path file, Topology topology) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString(), topology);
    }

    /**
     * Parses a flow file. Reads the declared number of records; warns (as {@code workloads.md} §4.2 asks)
     * on unsorted start times, on flow lines beyond the count, on fewer records than declared, and on a
     * stray token after the count (left by HPCC's generator rewriting the count in place). If
     * {@code topology} is not null, src and dst must be hosts of it. Each flow is one line of 6 fields.
     */
    public static Read parse(String content, String source, Topology topology) {
        Tokens in = new Tokens(source, content);
        in.requireFormat("an HPCC flow file", "the number of flows");
        List<String> warnings = new ArrayList<>();
        int declared = in.nextInt("n_flows (first number)", 0, Integer.MAX_VALUE);
        if (in.hasNext() && in.tokensOnLineOfNext() == 1 && declared > 0) {
            String stray = in.next("stray token");
            warnings.add(source + ": skipped stray token '" + stray + "' after the flow count (left over when HPCC's "
                    + "generator rewrites the count in place; the HPCC simulator would misread this file)");
        }
        List<HpccFlow> flows = new ArrayList<>();
        long lastStart = Long.MIN_VALUE;
        boolean unsortedWarned = false;
        for (int i = 0; i < declared; i++) {
            if (!in.hasNext()) {
                warnings.add(source + ": declares " + declared + " flows but holds " + i);
                break;
            }
            int flow = i + 1;   // labels for error messages are made only when one is thrown
            int fields = in.tokensOnLineOfNext();
            if (fields != 6) {
                throw in.error("flow " + flow + ": " + fields + " fields; a flow line holds 6: src dst priority_group "
                        + "dport size_bytes start_s");
            }
            int maxNode = topology == null ? Integer.MAX_VALUE : topology.nodes().size() - 1;
            int src = in.nextInt(() -> "flow " + flow + ": src", 0, maxNode);
            checkHost(in, topology, src, flow, "src");
            int dst = in.nextInt(() -> "flow " + flow + ": dst", 0, maxNode);
            checkHost(in, topology, dst, flow, "dst");
            int pg = in.nextInt(() -> "flow " + flow + ": priority group", 0, 7);
            int dport = in.nextInt(() -> "flow " + flow + ": dport", 0, 65_535);
            long size = in.nextLong(() -> "flow " + flow + ": size (bytes)", 1, MAX_FLOW_BYTES);
            if (!in.hasNext()) {
                in.next("flow " + flow + ": start time (s)");   // throws: end of file
            }
            String t = in.next("");
            long start = seconds(t);
            if (start < 0) {
                try {
                    start = new BigDecimal(t).multiply(PS_PER_S).setScale(0, RoundingMode.HALF_UP).longValueExact();
                } catch (NumberFormatException | ArithmeticException e) {
                    throw in.errorAtPrevious("flow " + flow + ": start time must be a number of seconds, got '" + org.lossless.core.text.Printable.of(t, 40) + "'");
                }
            }
            try {
                flows.add(new HpccFlow(src, dst, pg, dport, size, start));
            } catch (IllegalArgumentException e) {
                throw in.errorAtPrevious(e.getMessage());
            }
            if (start < lastStart && !unsortedWarned) {
                warnings.add(source + " line " + in.line() + ": flow " + (i + 1) + " starts before the previous one; "
                        + "HPCC reads flows in file order and needs them sorted by start time");
                unsortedWarned = true;
            }
            lastStart = Math.max(lastStart, start);
        }
        int extra = 0;
        while (in.remaining() >= 6 && in.nextIsNumber()) {
            for (int j = 0; j < 6; j++) {
                in.next("");
            }
            extra++;
        }
        if (extra > 0) {
            warnings.add(source + ": " + extra + " flow lines after the declared " + declared + " are ignored");
        }
        return new Read(flows, warnings);
    }

    /**
     * Seconds written as digits, a point and 1 to 12 decimals (or digits alone), at most 6 digits before the point,
     * as exact picoseconds; -1 for anything else (signs, exponents, more decimals), which the caller reads with
     * BigDecimal. The same value as BigDecimal: at most 12 decimals are whole picoseconds, nothing is rounded.
     */
    static long seconds(String t) {
        int n = t.length();
        int point = t.indexOf('.');
        int whole = point < 0 ? n : point;
        int decimals = point < 0 ? 0 : n - point - 1;
        if (whole < 1 || whole > 6 || (point >= 0 && (decimals < 1 || decimals > 12))) {
            return -1;
        }
        long ps = 0;
        for (int i = 0; i < n; i++) {
            if (i == point) {
                continue;
            }
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            ps = ps * 10 + (c - '0');
        }
        for (int d = decimals; d < 12; d++) {
            ps *= 10;
        }
        return ps;
    }

    private static void checkHost(Tokens in, Topology t, int node, int flow, String field) {
        if (t != null && t.node(node).kind() != org.lossless.topology.NodeKind.HOST) {
            throw in.errorAtPrevious("flow " + flow + ": " + field + " is node " + node + ", a switch; flows run between hosts");
        }
    }

    /**
     * The file text: flows sorted by start time (stable), start in seconds with 9 decimals (ns); adds a
     * warning to {@code warnings} if some start is not a whole ns.
     */
    public static String format(List<HpccFlow> flows, List<String> warnings) {
        List<HpccFlow> sorted = new ArrayList<>(flows);
        sorted.sort(Comparator.comparingLong(HpccFlow::startPs));
        StringBuilder s = new StringBuilder(16 + 48 * sorted.size());
        s.append(sorted.size()).append('\n');
        boolean warned = false;
        for (HpccFlow f : sorted) {
            if (f.startPs() % 1_000 != 0 && !warned) {
                warnings.add("flow start times are rounded to whole ns (%.9f seconds)");
                warned = true;
            }
            s.append(f.src()).append(' ').append(f.dst()).append(' ').append(f.priorityGroup()).append(' ')
                    .append(f.dport()).append(' ').append(f.sizeBytes()).append(' ')
                    .append(BigDecimal.valueOf(f.startPs(), 12).setScale(9, RoundingMode.HALF_UP).toPlainString())
                    .append('\n');
        }
        return s.toString();
    }

    /** Writes {@link #format(List, List)} to {@code file}; returns the warnings. */
    public static List<String> write(List<HpccFlow> flows, Path file) throws IOException {
        List<String> warnings = new ArrayList<>();
        Files.writeString(file, format(flows, warnings), StandardCharsets.UTF_8);
        return warnings;
    }
}
