package org.lossless.experiments.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/** The YAML mapper of scenario files, and YAML syntax errors turned into "file:line: ..." messages. */
final class Yaml {
    /** Duplicate keys are errors (a silently ignored duplicate would be a silently wrong run). */
    static final YAMLMapper MAPPER = YAMLMapper.builder(YAMLFactory.builder()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                    .build())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    private Yaml() {
    }

    /** Parses YAML text into a tree; null for an empty document. */
    static JsonNode parse(String file, String text) {
        try {
            JsonNode n = MAPPER.readTree(text);
            return n == null || n.isMissingNode() ? null : n;
        } catch (JsonProcessingException e) {
            throw new ScenarioException(where(file, e.getLocation()) + ": malformed YAML: " + describe(e));
        }
    }

    static String where(String file, JsonLocation loc) {
        if (loc == null || loc.getLineNr() <= 0) {
            return file;
        }
        return file + ":" + loc.getLineNr() + ":" + loc.getColumnNr();
    }

    /** The first line of the parser's message, without Jackson's "(through reference chain ...)" tail. */
    static String describe(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        if (m == null) {
            return e.getClass().getSimpleName();
        }
        m = m.strip();
        int nl = m.indexOf('\n');
        if (nl > 0) {
            m = m.substring(0, nl).strip();
        }
        return m;
    }
}
