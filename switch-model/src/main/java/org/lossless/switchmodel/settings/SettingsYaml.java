package org.lossless.switchmodel.settings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** YAML text of a {@link SwitchSettings} as a scenario snippet ({@code switch:} at the top). */
public final class SettingsYaml {
    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .build());

    private SettingsYaml() {
    }

    /**
     * The snippet, preceded by {@code # } comment lines ({@code header}: e.g. source and notes).
     */
    public static String toYaml(SwitchSettings s, List<String> header) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("switch", s.toMap());
        StringBuilder b = new StringBuilder();
        for (String h : header) {
            for (String line : h.split("\n")) {
                b.append("# ").append(line).append('\n');
            }
        }
        try {
            b.append(YAML.writeValueAsString(root));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        return b.toString();
    }
}
