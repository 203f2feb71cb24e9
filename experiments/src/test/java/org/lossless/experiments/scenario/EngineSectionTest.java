package org.lossless.experiments.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.lossless.workloads.yaml.ScenarioException;

/** The {@code engine} section: its three forms, each node's partition worked out by hand, the resolved file, errors. */
class EngineSectionTest {
    /** Leaves leaf0, leaf1 with hosts h0, h1 and h2, h3; spines spine0, spine1; every link 1 us. */
    private static final String BASE = """
            name: cut
            topology: {type: leaf-spine, leaves: 2, spines: 2, hosts_per_leaf: 2, host_link: {rate: 100Gbps, delay: 1us}}
            workloads:
              - type: flows
                flows: [{src: 0, dst: 2, size: 20KB}]
            """;

    private static Scenario parse(String extra) {
        return ScenarioLoader.parse("s.yaml", BASE + extra, Path.of("/tmp"), List.of());
    }

    private static String error(String extra) {
        return assertThrows(ScenarioException.class, () -> parse(extra)).getMessage();
    }

    /** The map the scenario should hold, nodes in the topology's order. */
    private static Map<String, Integer> cut(Object... nameThenPartition) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < nameThenPartition.length; i += 2) {
            m.put((String) nameThenPartition[i], (Integer) nameThenPartition[i + 1]);
        }
        return m;
    }

    @Nested
    class Forms {
        @Test
        void absentOrAutoIsTheAutomaticCutAndIsNotWrittenBack() {
            assertEquals(EngineConfig.AUTO, parse("").engine());
            assertEquals(EngineConfig.AUTO, parse("engine: {partitions: auto}").engine());
            assertEquals(EngineConfig.AUTO, parse("engine: {}").engine());
            assertFalse(ResolvedYaml.write(parse("engine: {partitions: auto}")).contains("engine"));
        }

        @Test
        void aNumberIsTheAutomaticCutIntoThatMany() {
            assertEquals(EngineConfig.count(3), parse("engine: {partitions: 3}").engine());
        }

        @Test
        void namedSwitchesTakeTheirHostsWithThem() {
            EngineConfig e = parse("engine: {partitions: [[leaf0, spine0], [leaf1, spine1]]}").engine();
            Map<String, Integer> expected = new LinkedHashMap<>();
            // h0, h1 are cabled to leaf0; h2, h3 to leaf1
            expected.putAll(cut("h0", 0, "h1", 0, "h2", 1, "h3", 1, "leaf0", 0, "leaf1", 1, "spine0", 0, "spine1", 1));
            assertEquals(expected.keySet().stream().sorted().toList(), e.partOf().keySet().stream().sorted().toList());
            for (var x : expected.entrySet()) {
                assertEquals(x.getValue(), e.partOf().get(x.getKey()), x.getKey());
            }
            assertEquals(List.of(List.of("leaf0", "spine0"), List.of("leaf1", "spine1")), e.groups());
        }

        @Test
        void patternsAndAScalarEntryAreAccepted() {
            EngineConfig e = parse("engine: {partitions: [\"leaf*\", [\"spine{0,1}\"]]}").engine();
            for (String n : List.of("h0", "h1", "h2", "h3", "leaf0", "leaf1")) {
                assertEquals(0, e.partOf().get(n), n);
            }
            assertEquals(1, e.partOf().get("spine0"));
            assertEquals(1, e.partOf().get("spine1"));
        }

        @Test
        void aHostNamedWithItsSwitchIsFine() {
            EngineConfig e = parse("engine: {partitions: [[leaf0, h0, h1, spine0], [leaf1, h3, spine1]]}").engine();
            assertEquals(1, e.partOf().get("h2"));
            assertEquals(0, e.partOf().get("h1"));
        }

        @Test
        void theResolvedFileGivesTheSameCutBack() {
            for (String extra : List.of("engine: {partitions: 5}",
                    "engine: {partitions: [[leaf0, \"spine[0]\"], [\"leaf1\", spine1]]}")) {
                Scenario s = parse(extra);
                String resolved = ResolvedYaml.write(s);
                assertTrue(resolved.contains("engine:"), resolved);
                assertEquals(s.engine(), ScenarioLoader.parse("r.yaml", resolved, Path.of("/tmp"), List.of()).engine());
            }
        }
    }

    @Nested
    class Errors {
        @Test
        void unknownNamesAndPatternsThatMatchNothingNameTheirEntry() {
            String e = error("engine: {partitions: [[leaf0, spine0], [leaf1, spine1, spine2]]}");
            assertTrue(e.contains("engine.partitions[1][2]") && e.contains("'spine2' matches no node")
                    && e.contains("did you mean"), e);
            e = error("engine: {partitions: [[\"leaf*\", \"core*\"], [\"spine*\"]]}");
            assertTrue(e.contains("engine.partitions[0][1]") && e.contains("'core*' matches no node"), e);
            e = error("engine: {partitions: [[\"leaf[\"]]}");
            assertTrue(e.contains("engine.partitions[0][0]") && e.contains("not a valid pattern"), e);
        }

        @Test
        void aNodeInTwoPartitionsOrASwitchInNoneIsRefused() {
            String e = error("engine: {partitions: [[\"leaf*\", spine0], [leaf1, spine1]]}");
            assertTrue(e.contains("engine.partitions[1][0]") && e.contains("node leaf1 in partition 1, but partition 0"),
                    e);
            e = error("engine: {partitions: [[leaf0], [leaf1]]}");
            assertTrue(e.contains("2 switches are in no partition (spine0, spine1)"), e);
        }

        @Test
        void aHostApartFromItsSwitchIsRefused() {
            String e = error("engine: {partitions: [[leaf0, spine0, spine1], [leaf1, h1]]}");
            assertTrue(e.contains("h1 (partition 1) and leaf0 (partition 0) must be in one partition"), e); // node order: hosts first
        }

        @Test
        void aLinkTooShortForAWindowIsNeverCut() {
            // spine links of 10 ns: 10 ns + 84 B at 100 Gb/s (6.72 ns) is under 100 ns, so leaf0 and the spines are one
            // part with leaf1 too (every leaf reaches every spine)
            String shortLinks = "engine: {partitions: [[leaf0, \"spine*\"], [leaf1]]}";
            String e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse("s.yaml", BASE.replace(
                    "host_link: {rate: 100Gbps, delay: 1us}}", "host_link: {rate: 100Gbps, delay: 1us}, "
                            + "fabric_link: {rate: 100Gbps, delay: 10ns}}") + shortLinks, Path.of("/tmp"), List.of()))
                    .getMessage();
            assertTrue(e.contains("must be in one partition") && e.contains("under 100 ns"), e);
            parse(shortLinks); // the same cut with 1 us spine links is fine
        }

        @Test
        void badNumbersAndShapesAreRefused() {
            for (String v : List.of("0", "-1", "70000")) {
                String e = error("engine: {partitions: " + v + "}");
                assertTrue(e.contains("engine.partitions") && e.contains("out of range"), e);
            }
            for (String v : List.of("many", "{a: 1}", "[]")) {
                String e = error("engine: {partitions: " + v + "}");
                assertTrue(e.contains("engine.partitions") && e.contains("give auto, a number of partitions"), e);
            }
            String e = error("engine: {partitions: [[]]}");
            assertTrue(e.contains("engine.partitions[0]") && e.contains("names no node"), e);
            e = error("engine: {partition: 2}");
            assertTrue(e.contains("engine") && e.contains("partition"), e);
        }
    }
}
