package org.lossless.experiments.scenario;

import org.lossless.workloads.yaml.ScenarioException;

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
public final class Yaml {
    /** Duplicate keys are errors (a silently ignored duplicate would be a silently wrong run). */
    static final YAMLMapper MAPPER = YAMLMapper.builder(YAMLFactory.builder()
                    .loaderOptions(loaderOptions())
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .stringQuotingChecker(new ReadBackChecker())
                    .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                    .build())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    /**
     * Largest scenario text, characters. SnakeYAML's default limit (3 MB) refused valid files with some 60,000
     * inline flows as "malformed"; files are capped by size when read ({@link ScenarioLoader#MAX_FILE_BYTES}).
     */
    static final int CODE_POINT_LIMIT = 256 * 1024 * 1024;

    private Yaml() {
    }

    private static org.yaml.snakeyaml.LoaderOptions loaderOptions() {
        org.yaml.snakeyaml.LoaderOptions o = new org.yaml.snakeyaml.LoaderOptions();
        o.setCodePointLimit(CODE_POINT_LIMIT);
        o.setAllowRecursiveKeys(false);
        return o;
    }

    /**
     * What a scenario's YAML may not hold, refused as it is read, so a file reads as it runs: aliases
     * ({@code *name}: every value is spelt out), tags ({@code !!str 2}, {@code !local}: a value means what it says),
     * and integers with a leading zero ({@code 010}: 8 in YAML 1.1, which the parser follows, but 10 in YAML 1.2
     * and to most readers).
     */
    private static final class Strict extends com.fasterxml.jackson.core.util.JsonParserDelegate {
        private static final java.util.regex.Pattern LEADING_ZERO = java.util.regex.Pattern.compile("[-+]?0[0-9_]+");
        private final String file;

        Strict(JsonParser p, String file) {
            super(p);
            this.file = file;
        }

        @Override
        public com.fasterxml.jackson.core.JsonToken nextToken() throws java.io.IOException {
            com.fasterxml.jackson.core.JsonToken t = super.nextToken();
            if (delegate() instanceof com.fasterxml.jackson.dataformat.yaml.YAMLParser y && t != null) {
                if (y.isCurrentAlias()) {
                    throw new ScenarioException(where(file, y.currentTokenLocation()) + ": YAML aliases (*"
                            + org.lossless.core.text.Printable.of(y.getText()) + ") are not supported: write the value out");
                }
                String tag = y.getTypeId();
                if (tag != null) {
                    throw new ScenarioException(where(file, y.currentTokenLocation()) + ": YAML tags (!"
                            + org.lossless.core.text.Printable.of(tag.startsWith("tag:yaml.org,2002:") ? "!"
                            + tag.substring("tag:yaml.org,2002:".length()) : tag, 40) + ") are not supported: write "
                            + "the value plainly (in quotes to make it text)");
                }
                if (t == com.fasterxml.jackson.core.JsonToken.VALUE_NUMBER_INT && LEADING_ZERO.matcher(y.getText()).matches()) {
                    throw new ScenarioException(where(file, y.currentTokenLocation()) + ": " + y.getText() + ": an integer "
                            + "with a leading zero is octal in YAML 1.1 (" + y.getText() + " = " + y.getLongValue()
                            + ") but decimal to most readers; write it without the leading zero, or in quotes for text");
                }
            }
            return t;
        }
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
        private static final java.util.regex.Pattern SMALL_INT = java.util.regex.Pattern.compile("\\d{1,9}");

        /**
         * Mapping keys that are a quantity ({@code 400Gbps}) or a small integer (QoS maps: {@code 3: 3}) stay
         * plain: every key is read back as text, so the key comes back the same.
         */
        @Override
        public boolean needToQuoteName(String name) {
            if (SMALL_INT.matcher(name).matches() || QUANTITY.matcher(name).matches()) {
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
            // parsed every time (no memo: a static one would be state shared by every run of the JVM, and writing
            // a resolved file costs the same without it, benchmarks/README.md)
            return readsBackOtherwise(value);
        }

        private static boolean readsBackOtherwise(String value) {
            try {
                JsonNode n = PLAIN.readTree("v: " + value).get("v");
                return n == null || !n.isTextual() || !n.textValue().equals(value);
            } catch (JsonProcessingException e) {
                return true;
            }
        }
    }

    /**
     * Parses YAML text into a tree; null for an empty document. One document only: a second one ({@code ---}) is
     * refused, not ignored.
     */
    public static JsonNode parse(String file, String text) {
        longestWord(file, text);
        try {
            JsonNode n;
            try (JsonParser p = new Strict(MAPPER.getFactory().createParser(text), file)) {
                n = MAPPER.readTree(p);
                if (n != null && !n.isMissingNode() && p.nextToken() != null) {
                    throw new ScenarioException(where(file, p.currentTokenLocation()) + ": a second YAML document "
                            + "('---'): a scenario file holds one; split it into files, or remove the '---' line");
                }
            }
            return n == null || n.isMissingNode() ? null : n;
        } catch (JsonProcessingException e) {
            if (e.getCause() instanceof MarkedYAMLException m && m.getProblemMark() != null) {
                // SnakeYAML knows where the problem is and what it was parsing; Jackson's own location can be a line off
                String context = m.getContext() == null ? "" : " (" + m.getContext()
                        + (m.getContextMark() == null ? "" : " that starts at line " + (m.getContextMark().getLine() + 1)) + ")";
                throw new ScenarioException(file + ":" + (m.getProblemMark().getLine() + 1) + ":"
                        + (m.getProblemMark().getColumn() + 1) + ": malformed YAML: " + plain(firstLine(m.getProblem()))
                        + plain(context));
            }
            String d = describe(e);
            if (d.startsWith("Expected a field name") && d.contains("org.yaml.snakeyaml.events.")) {
                throw new ScenarioException(where(file, e.getLocation()) + ": malformed YAML: a key must be a plain "
                        + "name, not a list or mapping (a YAML complex key, '? ')");
            }
            if (d.startsWith("Duplicate field ")) {
                throw new ScenarioException(where(file, e.getLocation()) + ": the key "
                        + d.substring("Duplicate field ".length()) + " appears twice in the same mapping");
            }
            throw new ScenarioException(where(file, e.getLocation()) + ": malformed YAML: " + plain(d));
        } catch (java.io.IOException e) {
            throw new ScenarioException(file + ": cannot be parsed: " + e.getMessage());
        }
    }

    /**
     * A {@code --set} value read as YAML, under the same rules as a scenario file (no alias, tag or leading-zero
     * integer: {@link ScenarioException} without a location); null when it does not parse as YAML.
     */
    static JsonNode value(String raw) {
        try (JsonParser p = new Strict(MAPPER.getFactory().createParser(raw), "")) {
            JsonNode v = MAPPER.readTree(p);
            return v == null || v.isMissingNode() ? null : v;
        } catch (ScenarioException e) {
            String m = e.getMessage();
            throw new ScenarioException(m.startsWith(":") ? m.substring(m.indexOf(": ") + 2) : m);
        } catch (java.io.IOException e) {
            return null;
        }
    }

    /**
     * SnakeYAML's messages name its parser events ({@code <block end>}, {@code <block mapping start>}):
     * say what they mean in the file instead.
     */
    static String plain(String message) {
        return message.replace("<block end>", "the end of an indented block")
                .replace("<block mapping start>", "a new indented mapping")
                .replace("<block sequence start>", "a new indented list")
                .replace("<flow mapping start>", "'{'").replace("<flow mapping end>", "'}'")
                .replace("<flow sequence start>", "'['").replace("<flow sequence end>", "']'")
                .replace("<block entry>", "a list item ('-')").replace("<flow entry>", "','")
                .replace("<document start>", "'---'").replace("<document end>", "'...'")
                .replace("<stream start>", "the start of the file").replace("<stream end>", "the end of the file")
                .replace("<scalar>", "a value").replace("<alias>", "an alias").replace("<anchor>", "an anchor")
                .replace("<key>", "a key").replace("<value>", "a value").replace("<tag>", "a tag")
                .replaceAll("<org\\.yaml\\.snakeyaml\\.events\\.SequenceStartEvent[^>]*>", "a list")
                .replaceAll("<org\\.yaml\\.snakeyaml\\.events\\.MappingStartEvent[^>]*>", "a mapping")
                .replaceAll("<org\\.yaml\\.snakeyaml\\.events\\.[A-Za-z]+Event[^>]*>", "something else")
                .replaceAll("'(the end of an indented block|a new indented mapping|a new indented list|a list item \\('-'\\)|the end of the file|the start of the file|a value|a key)'", "$1");
    }

    /** Longest run of characters without a space or YAML punctuation: no key or value is longer. */
    static final int MAX_WORD = 100_000;

    /**
     * Refuses a word (key or value) longer than {@link #MAX_WORD} before parsing: the YAML scanner takes time
     * quadratic in a plain scalar's length (a 3 MB name took half a minute and gigabytes).
     */
    static void longestWord(String file, String text) {
        int run = 0;
        int line = 1;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '\n') {
                line++;
            }
            if (ch == ' ' || ch == '\n' || ch == ',' || ch == '[' || ch == ']' || ch == '{' || ch == '}'
                    || ch == ':' || ch == '\t' || ch == '\r') {
                run = 0;
            } else if (++run > MAX_WORD) {
                throw new ScenarioException(file + ":" + line + ": a key or value longer than " + MAX_WORD
                        + " characters; nothing in a scenario is that long");
            }
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
