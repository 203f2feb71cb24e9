package org.lossless.experiments.lint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lossless.experiments.lint.Finding.Place;
import org.lossless.experiments.lint.Finding.Unit;
import org.lossless.experiments.lint.Finding.Value;
import org.lossless.experiments.scenario.ScenarioLoader;
import org.lossless.switchmodel.settings.EcnSettings;
import org.lossless.switchmodel.settings.PfcSettings;
import org.lossless.switchmodel.settings.SwitchSettings;
import org.lossless.topology.LinkSpec;
import org.lossless.topology.Topology;
import org.lossless.topology.types.StarSpec;

/**
 * The lints' findings as data: severity, code, key paths, places and numbers, on tiny fabrics whose numbers are
 * worked out by hand (the needs and XOFF levels as in {@link HeadroomLintTest} and {@link EcnPfcLintTest}), and
 * {@code warnings.json} written out literally.
 */
class FindingTest {
    private static final long G40 = 40_000_000_000L;
    private static final long G100 = 100_000_000_000L;
    /** 9 hosts on one switch, 40 Gb/s, 100 m cables. */
    private static final Topology STAR40 = new StarSpec(9, LinkSpec.ofLength(G40, 100)).build();

    private static SwitchSettings headroom(String h) {
        PfcSettings pfc = new PfcSettings(null, List.of(3), null, null, h, null, null, null, null, null, null, null,
                null, null);
        return new SwitchSettings(null, null, null, null, pfc, null, null, null, null, null);
    }

    /** The headroom finding of {@link #STAR40} with a fixed 2 KB headroom. */
    private static Finding headroomFinding() {
        List<Finding> f = HeadroomLint.warnings(STAR40, headroom("2KB"), 1000);
        assertEquals(1, f.size(), f.toString());
        return f.get(0);
    }

    @Nested
    class Headroom {
        @Test
        void namesTheKeyEveryShortPortAndItsNeed() {
            // 40 Gb/s, 100 m: 1078 + 1078 + 2 x 100 x 40e9 / 1.98e8 / 8 (5,050.5) + 819.2 + 118 quanta x 64 (7,552)
            // + 1078 = 16,656 B -> 17 KiB = 17,408 B on each of sw0's 9 ports; the configured 2KB is 2,000 B
            Finding f = headroomFinding();
            assertEquals(Severity.WARNING, f.severity());
            assertEquals("pfc-headroom-below-need", f.code());
            assertEquals(List.of("switch.pfc.headroom"), f.keyPaths());
            assertEquals(List.of(Value.bytes("headroom", 2000), new Value("ports", 9, Unit.COUNT)), f.values());
            assertEquals(List.of(new Place("sw0", List.of(0, 1, 2, 3, 4, 5, 6, 7, 8), List.of(Value.bytes("need", 17_408),
                    new Value("rate", G40, Unit.BITS_PER_SECOND), new Value("cable", 100_000, Unit.MILLIMETRES)))),
                    f.places());
            assertTrue(f.message().startsWith("switch.pfc.headroom 2000 B is below the computed need"), f.message());
        }
    }

    @Nested
    class EcnBeforePfc {
        @Test
        void givesThePriorityTheXoffLevelAndKmin() {
            // static threshold 200,000 B: the 1062 B frames of a 1000 B payload cross it at the 189th frame,
            // 189 x 1062 = 200,718 B, below the default kmin 400 KB = 400,000 B at 100 Gb/s
            PfcSettings pfc = new PfcSettings(null, List.of(3), null, 200_000L, null, null, null, null, null, null,
                    null, null, null, null);
            EcnSettings ecn = new EcnSettings(null, null, null, null, null, null);
            SwitchSettings s = new SwitchSettings(null, null, null, null, pfc, null, null, null, ecn, null);
            List<Finding> all = EcnPfcLint.warnings(new StarSpec(3, LinkSpec.gbps(100, 1000)).build(), s, 1000);
            assertEquals(1, all.size());
            Finding f = all.get(0);
            assertEquals("pfc-before-ecn", f.code());
            assertEquals(List.of("switch.ecn.kmin", "switch.pfc"), f.keyPaths());
            assertEquals(List.of(new Place("sw0", List.of(), List.of(new Value("priority", 3, Unit.COUNT),
                    Value.bytes("xoff", 200_718), Value.bytes("kmin", 400_000),
                    new Value("rate", G100, Unit.BITS_PER_SECOND)))), f.places());
        }
    }

    @Nested
    class Uet {
        @Test
        void roceOnlySettingsCarryTheirKeysAndValues() {
            var s = ScenarioLoader.parse("t.yaml", "name: t\ntopology: {type: star, hosts: 2}\n"
                    + "nic: {transport: uet, uet: {spray: none, cc: rccc}, ack_interval: 4, rto: 1ms}\n"
                    + "workloads: [{type: flows, flows: [{src: 0, dst: 1, size: 1000}]}]\n", Path.of("."), List.of());
            List<Finding> f = UetLint.of(s);
            assertEquals(2, f.size(), f.toString());
            assertEquals(List.of("nic.ack_interval", "nic.transport"), f.get(0).keyPaths());
            assertEquals(List.of(new Value("ack_interval", 4, Unit.COUNT)), f.get(0).values());
            assertEquals(List.of("nic.rto", "nic.transport"), f.get(1).keyPaths());
            // 1 ms = 1e9 ps
            assertEquals(List.of(new Value("rto", 1_000_000_000L, Unit.PICOSECONDS)), f.get(1).values());
            assertEquals(UetLint.ROCE_ONLY, f.get(1).code());
        }
    }

    @Nested
    class Validation {
        @Test
        void refusesWhatCannotBePrintedOrSelected() {
            assertThrows(IllegalArgumentException.class, () -> Finding.warning("Bad Code", "text"));
            assertThrows(IllegalArgumentException.class, () -> Finding.warning("ok", "two\nlines"));
            assertThrows(IllegalArgumentException.class, () -> Finding.warning("ok", " "));
            assertThrows(IllegalArgumentException.class, () -> Finding.warning("ok", "text", ""));
            assertThrows(IllegalArgumentException.class, () -> new Place("sw0", List.of(-1), List.of()));
            assertThrows(IllegalArgumentException.class, () -> new Value("Need", 1, Unit.BYTES));
            assertThrows(IllegalArgumentException.class, () -> new Finding(null, "ok", "text", List.of(), List.of(),
                    List.of()));
        }
    }

    @Nested
    class WarningsJson {
        @Test
        void theHeadroomCaseLiterally() {
            String message = headroomFinding().message();
            assertEquals("{\n"
                    + "  \"format\" : 1,\n"
                    + "  \"findings\" : [\n"
                    + "    {\n"
                    + "      \"severity\" : \"warning\",\n"
                    + "      \"code\" : \"pfc-headroom-below-need\",\n"
                    + "      \"message\" : \"" + message + "\",\n"
                    + "      \"key_paths\" : [\n"
                    + "        \"switch.pfc.headroom\"\n"
                    + "      ],\n"
                    + "      \"places\" : [\n"
                    + "        {\n"
                    + "          \"node\" : \"sw0\",\n"
                    + "          \"ports\" : [\n"
                    + "            0,\n            1,\n            2,\n            3,\n            4,\n            5,\n"
                    + "            6,\n            7,\n            8\n"
                    + "          ],\n"
                    + "          \"values\" : [\n"
                    + "            {\n              \"name\" : \"need\",\n              \"value\" : 17408,\n"
                    + "              \"unit\" : \"B\"\n            },\n"
                    + "            {\n              \"name\" : \"rate\",\n              \"value\" : 40000000000,\n"
                    + "              \"unit\" : \"bps\"\n            },\n"
                    + "            {\n              \"name\" : \"cable\",\n              \"value\" : 100000,\n"
                    + "              \"unit\" : \"mm\"\n            }\n"
                    + "          ]\n"
                    + "        }\n"
                    + "      ],\n"
                    + "      \"values\" : [\n"
                    + "        {\n          \"name\" : \"headroom\",\n          \"value\" : 2000,\n"
                    + "          \"unit\" : \"B\"\n        },\n"
                    + "        {\n          \"name\" : \"ports\",\n          \"value\" : 9,\n"
                    + "          \"unit\" : \"1\"\n        }\n"
                    + "      ]\n"
                    + "    }\n"
                    + "  ]\n"
                    + "}\n", FindingsJson.write(List.of(headroomFinding())));
        }

        @Test
        void nothingToWarnAboutIsAnEmptyList() {
            assertEquals("{\n  \"format\" : 1,\n  \"findings\" : [ ]\n}\n", FindingsJson.write(List.of()));
        }

        @Test
        void readsBackWhatItWrote(@TempDir Path dir) throws Exception {
            List<Finding> f = List.of(headroomFinding(), Finding.warning("qos-cnp-starved", "QoS mapping: x \"y\"",
                    "nic.cnp_dscp"));
            FindingsJson.write(dir, f);
            assertEquals(f, FindingsJson.read(dir.resolve(FindingsJson.NAME)));
        }

        @Test
        void aDamagedFileIsNamed(@TempDir Path dir) throws Exception {
            Path file = dir.resolve(FindingsJson.NAME);
            Files.writeString(file, "{\"format\": 1, \"findings\": [{\"severity\": \"loud\"}]}");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FindingsJson.read(file));
            assertTrue(e.getMessage().startsWith(file + ": findings[0]: "), e.getMessage());
            Files.writeString(file, "[]");
            e = assertThrows(IllegalArgumentException.class, () -> FindingsJson.read(file));
            assertTrue(e.getMessage().contains("not a Lossless warnings.json"), e.getMessage());
        }
    }
}
