package org.lossless.experiments.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.util.StringQuotingChecker;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/** The YAML mapper of scenario files, and YAML syntax errors turned into "file:line: ..." messages. */
final class Yaml {
    /** Duplicate keys are errors (a silently ignored duplicate would be a silently wrong run). */
    static final YAMLMapper MAPPER = YAMLMapper.builder(YAMLFactory.builder()
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .stringQuotingChecker(new ReadBackChecker())
                    .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                    .build())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    private Yaml() {
    }

    /**
     * Quotes a string value whenever reading it back unquoted would not give the same string: besides the
     * default rules (booleans, null, special characters) this catches number-like text such as a name
     * {@code 1e3} or {@code 0x10}, which YAML would read as a number.
     */
    private static final class ReadBackChecker extends StringQuotingChecker.Default {
        private static final long serialVersionUID = 1L;
        private static final YAMLMapper PLAIN = new YAMLMapper();
        /** Quantities with a unit (the bulk of a resolved file) are never read as numbers: no parse needed. */
        private static final java.util.regex.Pattern QUANTITY = java.util.regex.Pattern.compile(
                "[0-9.]+(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB|ps|ns|us|µs|ms|s|bps|Kbps|Mbps|Gbps|Tbps|mm|cm|m|km)");

        /**
         * Mapping keys that are a quantity ({@code 400Gbps}) or a small integer (QoS maps: {@code 3: 3}) stay
         * plain: every key is read back as text, so the key comes back the same.
         */
        @Override
        public boolean needToQuoteName(String name) {
            if (name.matches("\\d{1,9}") || QUANTITY.matcher(name).matches()) {
                return false;
            }
            return super.needToQuoteName(name);
        }

        @Override
        public boolean needToQuoteValue(String value) {
            if (super.needToQuoteValue(value)) {
                return true;
            }
            if (QUANTITY.matcher(value).matches()) {
                return false;
            }
            try {
                JsonNode n = PLAIN.readTree("v: " + value).get("v");
                return n == null || !n.isTextual() || !n.textValue().equals(value);
            } catch (JsonProcessingException e) {
                return true;
            }
        }
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
