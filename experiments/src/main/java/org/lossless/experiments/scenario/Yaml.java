package org.lossless.experiments.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.yaml.snakeyaml.error.MarkedYAMLException;

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
            if (e.getCause() instanceof MarkedYAMLException m && m.getProblemMark() != null) {
                // SnakeYAML knows where the problem is and what it was parsing; Jackson's own location can be a line off
                String context = m.getContext() == null ? "" : " (" + m.getContext()
                        + (m.getContextMark() == null ? "" : " that starts at line " + (m.getContextMark().getLine() + 1)) + ")";
                throw new ScenarioException(file + ":" + (m.getProblemMark().getLine() + 1) + ":"
                        + (m.getProblemMark().getColumn() + 1) + ": malformed YAML: " + firstLine(m.getProblem()) + context);
            }
            String d = describe(e);
            if (d.startsWith("Duplicate field ")) {
                throw new ScenarioException(where(file, e.getLocation()) + ": the key "
                        + d.substring("Duplicate field ".length()) + " appears twice in the same mapping");
            }
            throw new ScenarioException(where(file, e.getLocation()) + ": malformed YAML: " + d);
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
        return m == null ? e.getClass().getSimpleName() : firstLine(m);
    }

    private static String firstLine(String text) {
        String m = text.strip();
        int nl = m.indexOf('\n');
        if (nl > 0) {
            m = m.substring(0, nl).strip();
        }
        return m;
    }
}
