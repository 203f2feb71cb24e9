package org.lossless.verbs.calibrate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import org.lossless.core.units.Units;
import org.lossless.experiments.scenario.ResolvedYaml;
import org.lossless.experiments.scenario.Scenario;

/** A scenario key's value as the resolved scenario writes it (every default filled in). */
final class KeyValues {
    private static final YAMLMapper YAML = new YAMLMapper();

    private KeyValues() {
    }

    /** The text at {@code key} ({@code a.b[2].c}) in the resolved scenario, or null when it has none. */
    static String text(Scenario s, String key) {
        JsonNode n;
        try {
            n = YAML.readTree(ResolvedYaml.write(s));
        } catch (JsonProcessingException e) {
            return null;
        }
        for (String part : key.split("\\.")) {
            String name = part.contains("[") ? part.substring(0, part.indexOf('[')) : part;
            n = n == null ? null : n.get(name);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\[(\\d+)\\]").matcher(part);
            while (n != null && m.find()) {
                n = n.get(Integer.parseInt(m.group(1)));
            }
        }
        return n == null || !n.isValueNode() ? null : n.asText();
    }

    /** The value at {@code key} in {@code p}'s base unit, or NaN when absent or unreadable. */
    static double value(Scenario s, FitParameter p) {
        String t = text(s, p.key());
        if (t == null) {
            return Double.NaN;
        }
        try {
            return switch (p.kind()) {
                case "time" -> Units.parseTime(t);
                case "rate" -> Units.parseRate(t);
                case "size" -> Units.parseSize(t);
                default -> Double.parseDouble(t);
            };
        } catch (IllegalArgumentException e) {
            return Double.NaN;
        }
    }
}
