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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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

    /**
     * The same promise on the multi-tier topologies, where per-switch limits (a buffer too small for the
     * headroom of many ports, thresholds per port speed) are reached: a leaf-spine, a fat-tree and a
     * rail-optimized fabric, each with switch settings that matter (PFC, ECN) and a few flows across tiers.
     * Every key path gets {@link #PER_KEY} of the wrong values, chosen by a fixed rotation (deterministic,
     * and over the keys every value is used), plus values aimed at the switch limits.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "{type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 4}",
        "{type: fat-tree, k: 4}",
        "{type: rail-optimized, servers: 4, nics_per_server: 2, spines: 2}",
        "{type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 4, gpus_per_server: 8, nics_per_server: 2, "
            + "pcie: {rate: 256Gbps, latency: 1us}}"})
    void multiTierTopologiesToo(String topology, @TempDir Path dir) throws Exception {
        Path scenario = dir.resolve("s.yaml");
        Files.writeString(scenario, """
                name: tiers
                stop_time: 1ms
                topology: %s
                switch: {buffer_size: 4MB, ecn: {kmin: 50KB, kmax: 200KB, pmax: 0.1}}
                workloads:
                  - type: flows
                    flows: [{src: 1, dst: 0, size: 100KB}, {src: 7, dst: 2, size: 50KB, start: 5us}]
                """.formatted(topology));
        StringWriter resolved = new StringWriter();
        StringWriter checkErr = new StringWriter();
        assertEquals(0, new Cli(new PrintWriter(resolved), new PrintWriter(checkErr)).execute("check", scenario.toString()),
                checkErr::toString);
        List<String> keys = new ArrayList<>();
        walk(new ObjectMapper(new YAMLFactory()).readTree(resolved.toString()), "", keys);
        assertTrue(keys.size() > 100, "key paths found: " + keys.size());
        int refused = 0;
        int cases = 0;
        for (int i = 0; i < keys.size(); i++) {
            String key = keys.get(i);
            List<String> values = new ArrayList<>();
            for (int j = 0; j < PER_KEY; j++) {
                values.add(VALUES[(i * PER_KEY + j) % VALUES.length]);
            }
            if (key.startsWith("switch.")) {
                values.add("300KB");
            }
            for (String v : values) {
                cases++;
                refused += checkOne(scenario, key, v) ? 1 : 0;
            }
        }
        // whole-switch limits reached through one key each: buffer too small for this fabric, a huge fan-out
        for (String set : List.of("switch.buffer_size=300KB", "switch.buffer_size=1KB", "switch.pfc.headroom=1GB",
                "topology.hosts_per_leaf=1000", "topology.servers=1000", "nic.mtu=9000",
                "switch.pfc.xon_offset=100MB", "switch.ecn.kmax=1B", "nic.dcqcn.min_rate=1bps")) {
            String[] kv = set.split("=", 2);
            cases++;
            checkOne(scenario, kv[0], kv[1]);
        }
        assertTrue(refused > cases / 3, "most wrong values are refused: " + refused + " of " + cases);
    }

    /** Keys x values per topology in {@link #multiTierTopologiesToo}. */
    private static final int PER_KEY = 2;

    /** One {@code check --set key=v}: exit 0, or exit 2 with one line naming the key's section. True if refused. */
    private static boolean checkOne(Path scenario, String key, String v) {
        String section = key.split("[.\\[]")[0];
        StringWriter err = new StringWriter();
        int rc = new Cli(new PrintWriter(new StringWriter()), new PrintWriter(err))
                .execute("check", scenario.toString(), "--set", key + "=" + v);
        String e = err.toString().strip();
        String what = key + "=" + v + ": exit " + rc + ", stderr: " + e;
        assertTrue(rc == 0 || rc == 2, what);
        assertTrue(!e.contains("Exception") && !e.contains("\tat ") && !e.contains("please report"), what);
        if (rc == 2) {
            assertTrue(e.startsWith("lossless: ") && !e.contains("\n") && e.contains(section), what);
        }
        return rc == 2;
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
