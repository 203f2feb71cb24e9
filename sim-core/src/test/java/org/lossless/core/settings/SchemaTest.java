package org.lossless.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Key, Section, Values and KeyTable on a two-key toy section and a PFC-like one, expectations written by hand. */
class SchemaTest {
    static final Key TH = Key.integer("dynamic_th", -8, 7, -3, "α = 2^dynamic_th of the free pool").source("SONiC");
    static final Section S = Section.of("switch.toy", TH,
            Key.size("static_th", null, "a fixed limit").atLeast(1, "static_th must be > 0 bytes"),
            Key.size("headroom", null, "buffer after XOFF").orAuto("auto or a size such as 100KB").defaultValue(Key.AUTO),
            Key.time("response_time", 2_000_000L, "reaction time").atLeast(0, "must be >= 0"),
            Key.choice("mode", List.of("timed", "xoff_xon"), "timed", "pause model"),
            Key.intSet("priorities", "priority", 0, 7, List.of(3), "lossless priorities"))
            .exclusive("give either dynamic_th or static_th, not both", "dynamic_th", "static_th");

    @Nested
    class KeysAreValidatedWhenDeclared {
        @Test
        void aDefaultOutsideTheRangeIsRefused() {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Key.integer("dynamic_th", -8, 7, 8, "x"));
            assertEquals("dynamic_th: default 8 is not a valid INT", e.getMessage());
        }

        @Test
        void badNamesEmptyDocsAndMisplacedPartsAreRefused() {
            assertThrows(IllegalArgumentException.class, () -> Key.bool("Enabled", true, "x"));
            assertThrows(IllegalArgumentException.class, () -> Key.bool("enabled", true, " "));
            assertThrows(IllegalArgumentException.class, () -> Key.bool("enabled", true, "x").orAuto("auto or yes"));
            assertThrows(IllegalArgumentException.class, () -> Key.choice("mode", List.of(), null, "x"));
            assertThrows(IllegalArgumentException.class, () -> Key.choice("mode", List.of("a"), "b", "x"));
            assertThrows(IllegalArgumentException.class, () -> Key.integer("n", 3, 2, null, "x"));
            assertThrows(IllegalArgumentException.class, () -> Key.size("headroom", null, "x").defaultValue(Key.AUTO));
        }

        @Test
        void aRequiredKeyHasNoDefaultAndOnlySizesAndTimesHaveAnUpperBoundWithAMessage() {
            assertThrows(IllegalArgumentException.class, () -> Key.size("size", 1L, "x").required(" (a size)"));
            assertThrows(IllegalArgumentException.class, () -> Key.integer("n", 1, 9, null, "x").atMost(5, "{} > 5"));
            Key size = Key.size("size", null, "x").atMost(1024, "{} B is more than 1024 B").required(" (a size)");
            assertEquals("**required**", size.defaultDoc());
            assertEquals(1024, size.max());
            assertEquals("2048 B is more than 1024 B", size.aboveMax(2048));
        }

        @Test
        void aSectionRefusesTwinKeysAndGroupsOfUnknownKeys() {
            assertThrows(IllegalArgumentException.class, () -> Section.of("a.b", TH, TH));
            assertThrows(IllegalArgumentException.class, () -> Section.of("a.b", TH).exclusive("m", "dynamic_th", "x"));
            assertThrows(IllegalArgumentException.class, () -> Section.of("A", TH));
        }

        @Test
        void valuesOfTheWrongKindOrRangeAreRefused() {
            assertThrows(IllegalArgumentException.class, () -> new Values(S, Map.of("dynamic_th", 9)));
            assertThrows(IllegalArgumentException.class, () -> new Values(S, Map.of("dynamic_th", 3L)));
            assertThrows(IllegalArgumentException.class, () -> new Values(S, Map.of("mode", "pause")));
            assertThrows(IllegalArgumentException.class, () -> new Values(S, Map.of("nokey", 1)));
            assertEquals(Key.AUTO, new Values(S, Map.of("headroom", "auto")).get("headroom"));
        }
    }

    @Nested
    class Resolve {
        @Test
        void absentKeysTakeTheirDefaults() {
            Values r = S.resolve(Values.empty(S));
            assertEquals(Map.of("dynamic_th", -3, "headroom", "auto", "response_time", 2_000_000L, "mode", "timed",
                    "priorities", List.of(3)), r.asMap());
            assertEquals(List.of("dynamic_th", "headroom", "response_time", "mode", "priorities"),
                    List.copyOf(r.asMap().keySet()), "key order");
        }

        @Test
        void aGivenMemberOfAGroupKeepsTheOthersDefaultOut() {
            Values r = S.resolve(new Values(S, Map.of("static_th", 200_000L)));
            assertFalse(r.has("dynamic_th"));
            assertEquals(200_000L, r.number("static_th"));
        }

        @Test
        void givenValuesStay() {
            Values r = S.resolve(new Values(S, Map.of("dynamic_th", 7, "mode", "xoff_xon")));
            assertEquals(7, r.integer("dynamic_th"));
            assertEquals("xoff_xon", r.text("mode"));
        }
    }

    @Nested
    class Table {
        @Test
        void rowsCarryTypeRangeDefaultSourceAndMeaning() {
            assertEquals("""
                    | key | type | default | meaning |
                    |---|---|---|---|
                    | `dynamic_th` | integer -8..7 | `-3` (SONiC) | α = 2^dynamic_th of the free pool |
                    | `static_th` | size > 0 | none | a fixed limit |
                    | `headroom` | `auto` or size | `auto` | buffer after XOFF |
                    | `response_time` | time ≥ 0 | `2us` | reaction time |
                    | `mode` | `timed` \\| `xoff_xon` | `timed` | pause model |
                    | `priorities` | list of 0..7 (or one integer) | `[3]` | lossless priorities |
                    """, KeyTable.markdown(S));
        }

        @Test
        void replaceRewritesOnlyBetweenTheMarkers() {
            String doc = "intro\n" + KeyTable.begin(S) + "old table\n" + KeyTable.end(S) + "outro\n";
            assertEquals("intro\n" + KeyTable.begin(S) + KeyTable.markdown(S) + KeyTable.end(S) + "outro\n",
                    KeyTable.replace(doc, S));
            assertThrows(IllegalArgumentException.class, () -> KeyTable.replace("no markers\n", S));
        }
    }
}
