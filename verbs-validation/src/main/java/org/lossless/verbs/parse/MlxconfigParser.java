package org.lossless.verbs.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.lossless.verbs.measure.DcqcnKnobs;
import org.lossless.verbs.measure.MeasurementBuilder;

/**
 * {@code mlxconfig -d DEV q}: firmware (persistent) settings, one {@code NAME[_P<port>]  VALUE} per line;
 * values such as {@code True(1)}, {@code ECN(0)} or {@code _8_TCs(0)} give the number in parentheses.
 * Settings are grouped per port ({@code P1}, {@code P2}; device-wide ones under scope null). The device
 * header lines ("Device #1:", "Configurations: ...") are skipped.
 */
final class MlxconfigParser {
    private static final Pattern SETTING = Pattern.compile("^\\s+([A-Z][A-Z0-9_]*?)(?:_(P\\d))?\\s+(\\S+)\\s*$");
    private static final Pattern PAREN = Pattern.compile("^.*\\((\\d+)\\)$");

    private MlxconfigParser() {
    }

    static boolean looksLike(TextInput in) {
        int settings = 0;
        for (String l : in.lines()) {
            Matcher m = SETTING.matcher(l);
            if (m.matches() && m.group(2) != null) {
                settings++;
            }
        }
        return settings >= 3;
    }

    static void parse(TextInput in, String host, MeasurementBuilder b) {
        Map<String, Map<String, Long>> byPort = new LinkedHashMap<>();
        for (int i = 1; i <= in.size(); i++) {
            String l = in.line(i);
            String t = l.strip();
            if (t.isEmpty() || t.startsWith("#") || t.contains(":") || t.matches("-+")) {
                continue;
            }
            Matcher m = SETTING.matcher(l);
            if (!m.matches()) {
                throw in.error(i, "expected 'NAME  VALUE' (mlxconfig q), found: " + PerftestParser.abbreviate(t));
            }
            String value = m.group(3);
            Long v = null;
            Matcher p = PAREN.matcher(value);
            if (p.matches()) {
                v = Long.parseLong(p.group(1));
            } else if (value.matches("\\d{1,18}")) {
                v = Long.parseLong(value);
            }
            if (v == null) {
                b.warnings.add(in.name() + ":" + i + ": " + m.group(1) + " = '" + value + "' is not numeric, skipped");
                continue;
            }
            byPort.computeIfAbsent(m.group(2) == null ? "" : m.group(2), k -> new LinkedHashMap<>()).put(m.group(1), v);
        }
        if (byPort.isEmpty()) {
            throw in.error(0, "no mlxconfig settings found");
        }
        for (Map.Entry<String, Map<String, Long>> e : byPort.entrySet()) {
            b.dcqcn.add(new DcqcnKnobs(host, "mlxconfig", e.getKey().isEmpty() ? null : e.getKey(), e.getValue(),
                    new ArrayList<>(), List.of()));
        }
    }
}
