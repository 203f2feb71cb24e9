package org.lossless.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/**
 * Every key path of the resolved demo scenario (plus its sections and lists as wholes), overridden with
 * values of the wrong kind, range or shape: {@code lossless check} must either accept the value (exit 0)
 * or refuse it with exit 2 and exactly one line on stderr that starts with {@code lossless: } and names the
 * key's section; never exit 1, never a stack trace. A property test of the promise "bad input gets a clear
 * error" over the whole scenario surface, not just hand-picked cases ({@link CliBadInputTest} checks exact
 * messages).
 */
class BadValuesEverywhereTest {
    private static final String[] VALUES = {"-1", "x", "1e99", "[]", "{}", "", "null", "0", "99999999999999999999",
        "1.5", "true", "-0.5"};

    @Test
    void everyKeyEveryBadValueIsAcceptedOrOneClearLine(@TempDir Path dir) throws Exception {
        Path scenario = dir.resolve("s.yaml");
        try (InputStream in = DemoCommand.class.getResourceAsStream(DemoCommand.RESOURCE)) {
            Files.write(scenario, in.readAllBytes());
        }
        StringWriter resolved = new StringWriter();
        assertEquals(0, new Cli(new PrintWriter(resolved), new PrintWriter(new StringWriter()))
                .execute("check", scenario.toString()));
        List<String> keys = new ArrayList<>();
        walk(new ObjectMapper(new YAMLFactory()).readTree(resolved.toString()), "", keys);
        assertTrue(keys.size() > 100, "key paths found: " + keys.size());
        int refused = 0;
        for (String key : keys) {
            String section = key.split("[.\\[]")[0];
            for (String v : VALUES) {
                StringWriter err = new StringWriter();
                int rc = new Cli(new PrintWriter(new StringWriter()), new PrintWriter(err))
                        .execute("check", scenario.toString(), "--set", key + "=" + v);
                String e = err.toString().strip();
                String what = key + "=" + v + ": exit " + rc + ", stderr: " + e;
                assertTrue(rc == 0 || rc == 2, what);
                assertTrue(!e.contains("Exception") && !e.contains("\tat "), what);
                if (rc == 2) {
                    refused++;
                    assertTrue(e.startsWith("lossless: ") && !e.contains("\n") && e.contains(section), what);
                }
            }
        }
        assertTrue(refused > keys.size() * 3, "most wrong values are refused: " + refused);
    }

    /** Leaf paths, and every mapping and list itself (first list element only), in document order. */
    private static void walk(JsonNode n, String path, List<String> out) {
        if (n.isObject()) {
            if (!path.isEmpty()) {
                out.add(path);
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                walk(f.getValue(), path.isEmpty() ? f.getKey() : path + "." + f.getKey(), out);
            }
        } else if (n.isArray()) {
            out.add(path);
            if (n.size() > 0) {
                walk(n.get(0), path + "[0]", out);
            }
        } else {
            out.add(path);
        }
    }
}
