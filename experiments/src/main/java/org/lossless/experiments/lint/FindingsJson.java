package org.lossless.experiments.lint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.lossless.experiments.lint.Finding.Place;
import org.lossless.experiments.lint.Finding.Unit;
import org.lossless.experiments.lint.Finding.Value;

/**
 * {@code warnings.json}, the findings of a run's scenario as data (README, "Result files"):
 * <pre>
 * {"format": 1, "findings": [{"severity": "warning", "code": "pfc-headroom-below-need", "message": "...",
 *   "key_paths": ["switch.pfc.headroom"],
 *   "places": [{"node": "sw0", "ports": [0, 1], "values": [{"name": "need", "value": 5000, "unit": "B"}]}],
 *   "values": [{"name": "headroom", "value": 1000, "unit": "B"}]}]}
 * </pre>
 * Keys in this order, integers only, two-space indents, a final newline: the same findings give the same bytes.
 * An empty list when the scenario has nothing to warn about (the file is always written, so "no warnings" and
 * "not checked" differ).
 */
public final class FindingsJson {
    public static final String NAME = "warnings.json";
    /** Bumped when a field changes meaning; readers refuse a newer one. */
    public static final int FORMAT = 1;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private FindingsJson() {
    }

    /** The file's text. */
    public static String write(List<Finding> findings) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        ArrayNode all = root.putArray("findings");
        for (Finding f : findings) {
            ObjectNode n = all.addObject();
            n.put("severity", f.severity().json());
            n.put("code", f.code());
            n.put("message", f.message());
            ArrayNode keys = n.putArray("key_paths");
            f.keyPaths().forEach(keys::add);
            ArrayNode places = n.putArray("places");
            for (Place p : f.places()) {
                ObjectNode pn = places.addObject();
                pn.put("node", p.node());
                ArrayNode ports = pn.putArray("ports");
                p.ports().forEach(ports::add);
                values(pn.putArray("values"), p.values());
            }
            values(n.putArray("values"), f.values());
        }
        try {
            return JSON.writer(PRETTY).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("warnings.json: " + e.getMessage(), e);
        }
    }

    /** Writes {@code findings} to {@code dir/warnings.json}. */
    public static void write(Path dir, List<Finding> findings) throws IOException {
        Files.writeString(dir.resolve(NAME), write(findings), StandardCharsets.UTF_8);
    }

    /**
     * The findings in {@code file}.
     *
     * @throws IllegalArgumentException naming the file and the problem when it is not a warnings.json Lossless wrote
     * @throws IOException              when it cannot be read
     */
    public static List<Finding> read(Path file) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not valid JSON: "
                    + String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse(""));
        }
        if (root == null || !root.isObject() || !root.path("format").isInt() || !root.path("findings").isArray()) {
            throw new IllegalArgumentException(file + ": not a Lossless warnings.json (it needs \"format\" and"
                    + " \"findings\")");
        }
        if (root.path("format").asInt() > FORMAT) {
            throw new IllegalArgumentException(file + ": format " + root.path("format").asInt() + " is newer than this"
                    + " version of Lossless reads (" + FORMAT + ")");
        }
        List<Finding> out = new ArrayList<>();
        int i = 0;
        for (JsonNode n : root.path("findings")) {
            try {
                out.add(finding(n));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(file + ": findings[" + i + "]: " + e.getMessage());
            }
            i++;
        }
        return List.copyOf(out);
    }

    private static Finding finding(JsonNode n) {
        List<String> keys = new ArrayList<>();
        n.path("key_paths").forEach(k -> keys.add(k.asText()));
        List<Place> places = new ArrayList<>();
        for (JsonNode p : n.path("places")) {
            List<Integer> ports = new ArrayList<>();
            p.path("ports").forEach(x -> ports.add(x.asInt()));
            places.add(new Place(text(p, "node"), ports, values(p.path("values"))));
        }
        return new Finding(Severity.ofJson(text(n, "severity")), text(n, "code"), text(n, "message"), keys, places,
                values(n.path("values")));
    }

    private static String text(JsonNode n, String field) {
        if (!n.path(field).isTextual()) {
            throw new IllegalArgumentException("\"" + field + "\" is missing or not text");
        }
        return n.path(field).asText();
    }

    private static void values(ArrayNode out, List<Value> values) {
        for (Value v : values) {
            out.addObject().put("name", v.name()).put("value", v.value()).put("unit", v.unit().symbol());
        }
    }

    private static List<Value> values(JsonNode arr) {
        List<Value> out = new ArrayList<>();
        for (JsonNode v : arr) {
            if (!v.path("value").isIntegralNumber()) {
                throw new IllegalArgumentException("a value without an integer \"value\"");
            }
            out.add(new Value(text(v, "name"), v.path("value").asLong(), Unit.ofSymbol(text(v, "unit"))));
        }
        return out;
    }
}
