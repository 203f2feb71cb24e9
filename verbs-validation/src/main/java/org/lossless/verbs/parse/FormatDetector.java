package org.lossless.verbs.parse;

import java.util.regex.Pattern;

/**
 * Picks a file's format from its content alone (names and extensions are not trusted). The checks go from
 * the most specific signature to the most generic ({@code name: value} lists last but one, a bare number
 * last). Content that matches none is a {@link ParseException} at its first non-blank line.
 */
public final class FormatDetector {
    private static final Pattern NUMBER = Pattern.compile("^\\s*[0-9]+(\\.[0-9]+)?\\s*$");

    private FormatDetector() {
    }

    public static Format detect(TextInput in) {
        int first = firstNonBlank(in);
        if (first == 0) {
            throw in.error(0, "empty file: no tool output to parse");
        }
        String head = in.line(first).strip();
        if (head.startsWith("{") || JsonText.firstBrace(in) > 0 && isFio(in)) {
            if (isFio(in)) {
                return Format.FIO_JSON;
            }
            if (PerftestJsonParser.looksLike(in)) {
                return Format.PERFTEST_JSON;
            }
            if (SonicConfigParser.looksLike(in)) {
                return Format.SONIC_CONFIG_DB;
            }
            throw in.error(first, "a JSON file that is none of fio --output-format=json (\"fio version\", \"jobs\"), a"
                    + " perftest --out_json report (test_info, results) or a SONiC CONFIG_DB (BUFFER_POOL, PORT_QOS_MAP, ...)");
        }
        if (ToolHelpParser.looksLike(in)) {
            return Format.TOOL_HELP;
        }
        for (String l : in.lines()) {
            if (NcclTestsParser.isNcclLine(l)) {
                return Format.NCCL_TESTS;
            }
        }
        for (String l : in.lines()) {
            if (isPerftestLine(l)) {
                return Format.PERFTEST;
            }
        }
        if (MlnxQosParser.looksLike(in)) {
            return Format.MLNX_QOS;
        }
        if (SonicCountersParser.looksLike(in)) {
            return Format.SONIC_COUNTERS;
        }
        if (PgProfileLookupParser.looksLike(in)) {
            return Format.PG_PROFILE_LOOKUP;
        }
        if (MlxconfigParser.looksLike(in)) {
            return Format.MLXCONFIG;
        }
        if (SysfsDumpParser.looksLike(in)) {
            return Format.SYSFS;
        }
        if (CounterListParser.looksLike(in)) {
            return Format.COUNTERS;
        }
        if (first == in.lastNonBlank() && NUMBER.matcher(head).matches()) {
            return Format.PERFTEST_VALUE;
        }
        throw in.error(first, "not a supported format (perftest, nccl-tests, fio JSON, ethtool -S, hw_counters or sysfs dump,"
                + " mlnx_qos, mlxconfig q, SONiC counters, CONFIG_DB or pg_profile_lookup.ini); it starts with: "
                + PerftestParser.abbreviate(head));
    }

    private static boolean isFio(TextInput in) {
        int start = JsonText.firstBrace(in);
        if (start == 0) {
            return false;
        }
        for (int i = start; i <= Math.min(in.size(), start + 5); i++) {
            if (in.line(i).contains("\"fio version\"")) {
                return true;
            }
        }
        return false;
    }

    private static boolean isPerftestLine(String l) {
        String t = l.strip();
        return PerftestColumns.isHeader(l) || t.matches(".* (BW|Latency)( [a-z]+)* Test") || t.contains("Did not detect devices")
                || t.contains("Unable to find the Infiniband/RoCE device") || t.contains("Waiting for client to connect")
                || t.startsWith("Failed: Unknown rate limit value") || t.contains("TOS only valid for rdma_cm based QP")
                || t.contains("BW peak won't be measured");
    }

    private static int firstNonBlank(TextInput in) {
        for (int i = 1; i <= in.size(); i++) {
            if (!in.line(i).isBlank()) {
                return i;
            }
        }
        return 0;
    }
}
