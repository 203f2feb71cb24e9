package org.lossless.verbs.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sysfs (or debugfs) dump with one {@code path:value} per line, as {@code grep -r -H . DIR} prints it
 * (the executor's snapshot command). Paths are grouped into dumps:
 * {@code /sys/class/infiniband/DEV/ports/N/(hw_counters|counters)/NAME} (RDMA, scope {@code DEV/N}),
 * {@code /sys/class/net/IF/ecn/roce_(rp|np)/...} (DCQCN, scope IF),
 * {@code /sys/kernel/debug/mlx5/PCI/cc_params/NAME} (DCQCN from debugfs, scope PCI), and any other
 * numeric file (kept as raw counters). Non-numeric values are skipped with a warning.
 */
final class SysfsDumpParser {
    static final Pattern LINE = Pattern.compile("^(/[^:\\s]+):(.*)$");
    private static final Pattern RDMA = Pattern.compile("^/sys/class/infiniband/([^/]+)/ports/(\\d+)/(?:hw_counters|counters)/([^/]+)$");
    private static final Pattern ECN = Pattern.compile("^/sys/class/net/([^/]+)/ecn/(roce_(?:rp|np)/.+)$");
    private static final Pattern DEBUGFS = Pattern.compile("^/sys/kernel/debug/mlx5/([^/]+)/cc_params/([^/]+)$");

    private SysfsDumpParser() {
    }

    static boolean looksLike(TextInput in) {
        int paths = 0;
        for (String l : in.lines()) {
            if (l.isBlank() || l.strip().startsWith("#")) {
                continue;
            }
            if (!LINE.matcher(l.strip()).matches()) {
                return false;
            }
            paths++;
        }
        return paths > 0;
    }

    static List<CounterDump> read(TextInput in, List<String> warnings) {
        Map<String, CounterDump> dumps = new LinkedHashMap<>();
        int last = in.lastNonBlank();
        for (int i = 1; i <= in.size(); i++) {
            String l = in.line(i).strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            Matcher m = LINE.matcher(l);
            if (!m.matches()) {
                if (i == last) {
                    warnings.add(in.name() + ":" + i + ": truncated last line ignored");
                    continue;
                }
                throw in.error(i, "expected 'path:value' (grep -H output), found: " + PerftestParser.abbreviate(l));
            }
            String path = m.group(1);
            String raw = m.group(2).strip();
            if (!raw.matches("\\d{1,18}")) {
                warnings.add(in.name() + ":" + i + ": " + path + " has a non-numeric value '" + PerftestParser.abbreviate(raw)
                        + "', skipped");
                continue;
            }
            long value = Long.parseLong(raw);
            Matcher r = RDMA.matcher(path);
            Matcher e = ECN.matcher(path);
            Matcher d = DEBUGFS.matcher(path);
            if (r.matches()) {
                put(dumps, CounterDump.Kind.RDMA, r.group(1) + "/" + r.group(2), r.group(3), value);
            } else if (e.matches()) {
                put(dumps, CounterDump.Kind.DCQCN, e.group(1), e.group(2), value);
            } else if (d.matches()) {
                put(dumps, CounterDump.Kind.DCQCN_DEBUGFS, d.group(1), d.group(2), value);
            } else {
                int slash = path.lastIndexOf('/');
                put(dumps, CounterDump.Kind.OTHER, path.substring(0, slash), path.substring(slash + 1), value);
            }
        }
        return new ArrayList<>(dumps.values());
    }

    private static void put(Map<String, CounterDump> dumps, CounterDump.Kind kind, String scope, String name, long value) {
        CounterDump d = dumps.computeIfAbsent(kind + " " + scope, k -> new CounterDump(kind, scope, new LinkedHashMap<>()));
        d.values().put(name, value);
    }
}
