package org.lossless.verbs.parse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.lossless.switchmodel.sonic.SonicImport;
import org.lossless.switchmodel.sonic.SonicImporter;
import org.lossless.verbs.measure.MeasurementBuilder;
import org.lossless.verbs.measure.SwitchConfig;

/**
 * A SONiC CONFIG_DB JSON, read by the same importer as {@code lossless import sonic}: the record holds the
 * scenario {@code switch} settings it derives (as key paths), its notes and what it could not map.
 */
final class SonicConfigParser {
    /** Tables whose presence marks a CONFIG_DB. */
    private static final Set<String> TABLES = Set.of("BUFFER_POOL", "BUFFER_PROFILE", "BUFFER_PG", "BUFFER_QUEUE",
            "PORT_QOS_MAP", "WRED_PROFILE", "CABLE_LENGTH", "PFC_WD", "DSCP_TO_TC_MAP", "QUEUE", "PORT", "DEVICE_METADATA");
    private static final YAMLMapper YAML = new YAMLMapper();

    private SonicConfigParser() {
    }

    static boolean looksLike(TextInput in) {
        if (JsonText.firstBrace(in) != 1 && !in.lines().isEmpty() && !in.line(1).strip().startsWith("{")) {
            return false;
        }
        for (String l : in.lines()) {
            String t = l.strip();
            for (String table : TABLES) {
                if (t.startsWith("\"" + table + "\"")) {
                    return true;
                }
            }
        }
        return false;
    }

    static void parse(TextInput in, String host, MeasurementBuilder b) {
        JsonText.parse(in); // syntax errors with the file's line number
        SonicImport imp;
        try {
            imp = SonicImporter.importJson(in.text(), in.name());
        } catch (IllegalArgumentException e) {
            throw new ParseException(in.name(), 0, stripName(e.getMessage(), in.name()));
        }
        Map<String, Object> settings = new LinkedHashMap<>();
        try {
            flatten("", YAML.readTree(imp.toYaml()), settings);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the SONiC importer wrote YAML it cannot read back: " + e.getMessage(), e);
        }
        b.switchConfig.add(new SwitchConfig(host, "config_db", settings, imp.notes(), imp.unmapped()));
    }

    private static String stripName(String message, String name) {
        return message.startsWith(name + ": ") ? message.substring(name.length() + 2) : message;
    }

    /** Scalars and lists of scalars under their dotted key path. */
    static void flatten(String prefix, JsonNode node, Map<String, Object> out) {
        if (node == null) {
            return;
        }
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), out);
            }
        } else if (node.isArray()) {
            boolean scalars = true;
            for (JsonNode n : node) {
                scalars &= n.isValueNode();
            }
            if (scalars) {
                java.util.List<String> items = new java.util.ArrayList<>();
                node.forEach(n -> items.add(n.asText()));
                out.put(prefix, items);
            } else {
                for (int i = 0; i < node.size(); i++) {
                    flatten(prefix + "[" + i + "]", node.get(i), out);
                }
            }
        } else {
            out.put(prefix, node.asText());
        }
    }
}
