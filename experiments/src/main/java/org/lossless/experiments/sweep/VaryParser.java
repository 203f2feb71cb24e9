package org.lossless.experiments.sweep;

import org.lossless.workloads.yaml.ScenarioException;

import java.util.ArrayList;
import java.util.List;

/**
 * The grammar of {@code --vary} (docs/sweeps.md):
 * <pre>
 *   --vary KEY=V1,V2,...                    one key, a list of values
 *   --vary KEY=START..END:STEP              a range (END included when on the grid), e.g. 50KB..400KB:50KB
 *   --vary KEY=V1,START..END:STEP,V2        lists and ranges mixed
 *   --vary K1,K2=A1,A2;B1,B2                linked keys: tuples separated by ';', values by ','
 * </pre>
 * Commas inside brackets, braces or quotes do not separate values ({@code workloads[0].hosts=[1,2],[3,4]}).
 * Values are not checked here: every point is loaded like {@code --set} before a sweep starts.
 */
public final class VaryParser {
    private VaryParser() {
    }

    public static Dimension parse(String option) {
        int eq = option.indexOf('=');
        if (eq < 0) {
            throw new ScenarioException("--vary " + option + ": expected KEY=V1,V2,... (e.g. switch.ecn.kmin=50KB,100KB), "
                    + "KEY=START..END:STEP or linked keys K1,K2=A1,A2;B1,B2");
        }
        String keyPart = option.substring(0, eq).strip();
        String valuePart = option.substring(eq + 1).strip();
        if (valuePart.isEmpty()) {
            throw new ScenarioException("--vary " + option + ": no values after '='");
        }
        List<String> keys = new ArrayList<>();
        for (String k : keyPart.split(",", -1)) {
            String key = k.strip();
            if (key.isEmpty()) {
                throw new ScenarioException("--vary " + option + ": an empty key in '" + keyPart + "'");
            }
            keys.add(key);
        }
        List<List<String>> tuples = new ArrayList<>();
        if (keys.size() == 1) {
            if (split(valuePart, ';').size() > 1) {
                throw new ScenarioException("--vary " + option + ": ';' separates tuples of linked keys "
                        + "(K1,K2=A1,A2;B1,B2); separate the values of one key with ','");
            }
            for (String v : values(option, valuePart)) {
                for (String x : Ranges.expand(option, v)) {
                    tuples.add(List.of(x));
                }
            }
        } else {
            for (String group : split(valuePart, ';')) {
                List<String> tuple = values(option, group);
                for (String v : tuple) {
                    if (Ranges.isRange(v)) {
                        throw new ScenarioException("--vary " + option + ": ranges are not allowed for linked keys; "
                                + "list each tuple ('" + v + "')");
                    }
                }
                tuples.add(tuple);
            }
        }
        return new Dimension(option, keys, tuples);
    }

    private static List<String> values(String option, String text) {
        List<String> out = new ArrayList<>();
        for (String v : split(text, ',')) {
            String s = v.strip();
            if (s.isEmpty()) {
                throw new ScenarioException("--vary " + option + ": an empty value in '" + text + "'");
            }
            out.add(s);
        }
        return out;
    }

    /** Splits at {@code sep} outside brackets, braces, parentheses and quotes. */
    static List<String> split(String text, char sep) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '[' || c == '{' || c == '(') {
                depth++;
            } else if (c == ']' || c == '}' || c == ')') {
                depth = Math.max(0, depth - 1);
            } else if (c == sep && depth == 0) {
                parts.add(text.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(text.substring(start));
        return parts;
    }
}
