package org.lossless.verbs.parse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code name: value} lists: {@code ethtool -S} (with or without the "NIC statistics:" header and
 * indentation), or RDMA {@code hw_counters} or DCQCN knobs written the same way. Which of the three is
 * decided by the names. Non-numeric values are skipped with a warning; a line that is not
 * {@code name: value} is an error, except a cut-off last line (a warning).
 */
final class CounterListParser {
    static final Pattern LINE = Pattern.compile("^\\s*([A-Za-z0-9_.\\[\\]/-]+)\\s*:\\s*(\\S*)\\s*$");
    private static final Pattern NUMBER = Pattern.compile("^\\d{1,19}$");

    private CounterListParser() {
    }

    /** True when every non-blank line is a header or {@code name: value} and one value is numeric. */
    static boolean looksLike(TextInput in) {
        int numeric = 0;
        int other = 0;
        for (String l : in.lines()) {
            if (l.isBlank() || l.strip().equals("NIC statistics:") || l.strip().startsWith("#")) {
                continue;
            }
            Matcher m = LINE.matcher(l);
            if (!m.matches()) {
                other++;
            } else if (NUMBER.matcher(m.group(2)).matches()) {
                numeric++;
            }
        }
        return numeric > 0 && other <= 1;
    }

    /** The counters of the file as one dump; {@code scope} names the interface or device when known. */
    static CounterDump read(TextInput in, String scope, List<String> warnings) {
        Map<String, Long> values = new LinkedHashMap<>();
        int last = in.lastNonBlank();
        for (int i = 1; i <= in.size(); i++) {
            String l = in.line(i);
            if (l.isBlank() || l.strip().equals("NIC statistics:") || l.strip().startsWith("#")) {
                continue; // '#' lines are comments (ethtool never prints them)
            }
            Matcher m = LINE.matcher(l);
            if (!m.matches()) {
                if (i == last) {
                    warnings.add(in.name() + ":" + i + ": truncated last line ignored: " + PerftestParser.abbreviate(l.strip()));
                    continue;
                }
                throw in.error(i, "expected 'name: value', found: " + PerftestParser.abbreviate(l.strip()));
            }
            String value = m.group(2);
            if (!NUMBER.matcher(value).matches()) {
                warnings.add(in.name() + ":" + i + ": " + m.group(1) + " has a non-numeric value '" + value + "', skipped");
                continue;
            }
            try {
                values.put(m.group(1), Long.parseLong(value));
            } catch (NumberFormatException e) {
                warnings.add(in.name() + ":" + i + ": " + m.group(1) + " does not fit 63 bits, skipped");
            }
        }
        return new CounterDump(kind(values.keySet()), scope, dcqcnNames(kind(values.keySet()), values));
    }

    private static CounterDump.Kind kind(java.util.Set<String> names) {
        int rdma = 0;
        int knobs = 0;
        int eth = 0;
        for (String n : names) {
            if (CounterCanon.RDMA_NAMES.contains(n)) {
                rdma++;
            } else if (CounterCanon.side(n) != null) {
                knobs++;
            } else if (n.startsWith("rx") || n.startsWith("tx")) {
                eth++;
            }
        }
        if (knobs > 0 && rdma == 0 && eth == 0) {
            return CounterDump.Kind.DCQCN;
        }
        return rdma > eth ? CounterDump.Kind.RDMA : CounterDump.Kind.ETHTOOL;
    }

    /** DCQCN knob lists get their side as prefix ("roce_rp/rpg_time_reset"), as a sysfs dump names them. */
    private static Map<String, Long> dcqcnNames(CounterDump.Kind kind, Map<String, Long> values) {
        if (kind != CounterDump.Kind.DCQCN) {
            return values;
        }
        Map<String, Long> named = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : values.entrySet()) {
            named.put(CounterCanon.side(e.getKey()) + "/" + e.getKey(), e.getValue());
        }
        return named;
    }
}
