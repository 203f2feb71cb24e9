package org.lossless.verbs.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.verbs.measure.CollTiming;
import org.lossless.verbs.measure.CollectiveResult;
import org.lossless.verbs.measure.CollectiveRow;
import org.lossless.verbs.measure.MeasurementBuilder;

/**
 * nccl-tests output ({@code all_reduce_perf}, {@code all_gather_perf}, ...). Columns are read by name
 * from the {@code #  size  count ...} header, so older versions ({@code error} instead of {@code #wrong},
 * no {@code root}), derived tools (no type/redop/root, in-place printed first, one half filled),
 * per-iteration statistics and RCCL's trailing {@code algo proto nchannels} all work. Which half is
 * out-of-place comes from the "out-of-place ... in-place" line above the header. MPI rank prefixes
 * ({@code [1,0]<stdout>:}) are removed.
 */
final class NcclTestsParser {
    private static final Pattern RANK_PREFIX = Pattern.compile("^\\[(\\d+),(\\d+)\\]<std(?:out|err)>:\\s?");
    private static final Pattern RANK_LINE = Pattern.compile("^#\\s*Rank\\s+(\\d+)\\s+Group");
    private static final Pattern SETTING = Pattern.compile(
            "(nThread|nGpus|minBytes|maxBytes|step:|warmup iters:|agg iters:|iters:|validation:|graph:)\\s*(\\S+)");
    private static final Set<String> HALF_MEMBERS = Set.of("time", "algbw", "busbw", "#wrong", "wrong", "error", "#error",
            "cputime", "i_min", "i_max", "i_p99", "i_cv%");

    private NcclTestsParser() {
    }

    /** True when the line (rank prefix removed) is nccl-tests specific. */
    static boolean isNcclLine(String line) {
        String t = RANK_PREFIX.matcher(line).replaceFirst("").strip();
        return t.startsWith("# nThread") || t.matches("#\\s+size\\s+count.*") || t.matches("#\\s+size\\s+time.*")
                || t.startsWith("# Avg bus bandwidth") || (t.startsWith("#") && t.contains("out-of-place"))
                || t.startsWith("# Collective test concluded");
    }

    static void parse(TextInput in, MeasurementBuilder b) {
        Map<String, String> settings = new LinkedHashMap<>();
        Set<Integer> ranks = new TreeSet<>();
        int mpiRanks = 0;
        List<String> halfOrder = null;
        List<String> header = null;
        List<CollectiveRow> rows = new ArrayList<>();
        String test = null;
        String oob = null;
        Double avg = null;
        int last = in.lastNonBlank();
        for (int i = 1; i <= in.size(); i++) {
            String line = in.line(i);
            Matcher p = RANK_PREFIX.matcher(line);
            if (p.find()) {
                mpiRanks = Math.max(mpiRanks, Integer.parseInt(p.group(2)) + 1);
                line = line.substring(p.end());
            }
            String t = line.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (t.startsWith("#")) {
                String body = t.substring(1).strip();
                Matcher rank = RANK_LINE.matcher(t);
                if (rank.find()) {
                    ranks.add(Integer.parseInt(rank.group(1)));
                } else if (body.startsWith("nThread")) {
                    Matcher s = SETTING.matcher(body);
                    while (s.find()) {
                        settings.put(s.group(1).replace(":", "").strip(), s.group(2));
                    }
                } else if (body.contains("out-of-place") || body.contains("in-place")) {
                    halfOrder = halfOrder(body);
                } else if (body.matches("size\\s+.*")) {
                    header = Arrays.asList(body.split("\\s+"));
                    if (!header.contains("time")) {
                        throw in.error(i, "nccl-tests header without a time column: " + body);
                    }
                } else if (body.startsWith("Out of bounds values")) {
                    oob = body.substring(body.indexOf(':') + 1).strip();
                } else if (body.startsWith("Avg bus bandwidth")) {
                    avg = number(in, i, body.substring(body.indexOf(':') + 1).strip(), "Avg bus bandwidth");
                } else if (body.startsWith("Collective test concluded")) {
                    test = body.substring(body.indexOf(':') + 1).strip();
                }
                continue;
            }
            if (!t.matches("\\d+\\s.*")) {
                continue; // NCCL INFO/WARN lines and other chatter between rows
            }
            if (header == null) {
                throw in.error(i, "a data row before the nccl-tests column header (#  size  count ...)");
            }
            CollectiveRow row = row(in, i, header, halfOrder == null ? List.of("out-of-place", "in-place") : halfOrder,
                    i == last);
            if (row == null) {
                b.warnings.add(in.name() + ":" + i + ": truncated last row ignored (output cut short?)");
            } else {
                rows.add(row);
            }
        }
        if (header == null) {
            throw in.error(0, "nccl-tests output without the column header (#  size  count ...)");
        }
        if (halfOrder == null) {
            b.warnings.add(in.name() + ": no 'out-of-place / in-place' line above the header; halves taken in the default order");
        }
        if (avg == null && !rows.isEmpty()) {
            b.warnings.add(in.name() + ": no '# Avg bus bandwidth' line (derived tool or truncated output)");
        }
        Integer rankCount = !ranks.isEmpty() ? Integer.valueOf(ranks.size()) : mpiRanks > 0 ? Integer.valueOf(mpiRanks) : null;
        b.collectives.add(new CollectiveResult(in.name(), null, test, rankCount, settings, rows, factor(rows), avg, oob));
    }

    private static List<String> halfOrder(String body) {
        int out = body.indexOf("out-of-place");
        int inPlace = body.replace("out-of-place", "            ").indexOf("in-place");
        if (out < 0) {
            return List.of("in-place", "out-of-place");
        }
        return inPlace >= 0 && inPlace < out ? List.of("in-place", "out-of-place") : List.of("out-of-place", "in-place");
    }

    private static CollectiveRow row(TextInput in, int i, List<String> header, List<String> halfOrder, boolean isLast) {
        String[] tok = in.line(i).replaceFirst(RANK_PREFIX.pattern(), "").strip().split("\\s+");
        int firstTime = header.indexOf("time");
        List<int[]> halves = new ArrayList<>(); // [start, end) of each half in the header
        int k = firstTime;
        while (k < header.size() && header.get(k).equals("time")) {
            int end = k + 1;
            while (end < header.size() && HALF_MEMBERS.contains(header.get(end)) && !header.get(end).equals("time")) {
                end++;
            }
            halves.add(new int[] {k, end});
            k = end;
        }
        int trailingStart = k;
        int oneHalf = firstTime + (halves.get(0)[1] - halves.get(0)[0]);
        boolean full = tok.length == header.size();
        boolean half = !full && tok.length == oneHalf;
        if (!full && !half) {
            if (isLast && tok.length < header.size()) {
                return null;
            }
            throw in.error(i, "expected " + header.size() + " columns (" + String.join(" ", header) + "), found " + tok.length);
        }
        Map<String, String> common = new LinkedHashMap<>();
        for (int c = 0; c < firstTime; c++) {
            common.put(header.get(c), tok[c]);
        }
        long size = (long) number(in, i, common.get("size"), "size");
        CollTiming[] timing = new CollTiming[2];
        for (int h = 0; h < halves.size() && h < 2; h++) {
            if (half && h > 0) {
                break;
            }
            timing[h] = timing(in, i, header, tok, halves.get(h));
        }
        Map<String, String> extra = new LinkedHashMap<>();
        if (full) {
            for (int c = trailingStart; c < header.size(); c++) {
                extra.put(header.get(c), tok[c]);
            }
        }
        CollTiming out = halfOrder.get(0).equals("out-of-place") ? timing[0] : timing[1];
        CollTiming inPlace = halfOrder.get(0).equals("out-of-place") ? timing[1] : timing[0];
        return new CollectiveRow(size, common.containsKey("count") ? (long) number(in, i, common.get("count"), "count") : null,
                common.get("type"), common.get("redop"),
                common.containsKey("root") ? (int) number(in, i, common.get("root"), "root") : null, out, inPlace, extra);
    }

    private static CollTiming timing(TextInput in, int i, List<String> header, String[] tok, int[] range) {
        Double time = null;
        Double alg = null;
        Double bus = null;
        Long wrong = null;
        Map<String, String> extra = new LinkedHashMap<>();
        for (int c = range[0]; c < range[1]; c++) {
            String name = header.get(c);
            String v = tok[c];
            switch (name) {
                case "time" -> time = number(in, i, v, "time");
                case "algbw" -> alg = number(in, i, v, "algbw");
                case "busbw" -> bus = number(in, i, v, "busbw");
                case "#wrong", "wrong" -> wrong = v.equals("N/A") ? null : (long) number(in, i, v, name);
                default -> extra.put(name, v);
            }
        }
        if (time == null || alg == null || bus == null) {
            throw in.error(i, "an nccl-tests half without time, algbw and busbw columns");
        }
        return new CollTiming(time, alg, bus, wrong, extra);
    }

    private static double number(TextInput in, int i, String v, String what) {
        try {
            double d = Double.parseDouble(v);
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException(v);
            }
            return d;
        } catch (NumberFormatException | NullPointerException e) {
            throw in.error(i, "'" + what + "' is not a number: '" + v + "'");
        }
    }

    /** Median of busbw/algbw over the rows (the half that is present); null without usable rows. */
    private static Double factor(List<CollectiveRow> rows) {
        List<Double> f = new ArrayList<>();
        for (CollectiveRow r : rows) {
            CollTiming t = r.outOfPlace() != null ? r.outOfPlace() : r.inPlace();
            if (t != null && t.algbwGBps() > 0) {
                f.add(t.busbwGBps() / t.algbwGBps());
            }
        }
        if (f.isEmpty()) {
            return null;
        }
        f.sort(Double::compare);
        int n = f.size();
        return n % 2 == 1 ? f.get(n / 2) : (f.get(n / 2 - 1) + f.get(n / 2)) / 2;
    }
}
