package org.lossless.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Defaults that depend on another key ({@link DefaultBy}), {@link Bounds} in the docs, new kinds' columns. */
class DefaultByTest {
    private static Map<String, Object> table(Object a, Object b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", a);
        m.put("b", b);
        return m;
    }

    private static final Section S = Section.of("x.y",
            Key.choice("profile", List.of("a", "b"), "a", "which profile"),
            Key.rate("r", null, "a rate").defaultBy("profile", table(40_000_000L,
                    new DefaultBy.Derived("line rate / 5000", line -> line / 5000))).bounds(Bounds.atLeast(0)),
            Key.number("g", null, "a gain").defaultBy("profile", table(0.5, 0.25)).bounds(Bounds.openClosed(0, 1)));

    @Test
    void theDefaultFollowsTheOtherKeyAndDerivedOnesTheContext() {
        Values none = S.resolve(Values.empty(S), 100_000_000_000L);
        assertEquals(40_000_000L, none.number("r"));
        assertEquals(0.5, none.fraction("g"));
        Values b = S.resolve(new Values(S, Map.of("profile", "b")), 100_000_000_000L);
        assertEquals(20_000_000L, b.number("r")); // 100 Gb/s / 5000, by hand
        assertEquals(0.25, b.fraction("g"));
        Values written = S.resolve(new Values(S, Map.of("profile", "b", "r", 7L)), 100_000_000_000L);
        assertEquals(7L, written.number("r"));
        assertThrows(IllegalStateException.class, () -> S.resolve(new Values(S, Map.of("profile", "b"))));
    }

    @Test
    void aTableMustCoverEveryChoiceInOrderAndLieInTheBounds() {
        Key choice = Key.choice("profile", List.of("a", "b"), "a", "which profile");
        Map<String, Object> onlyA = new LinkedHashMap<>();
        onlyA.put("a", 1.0);
        assertThrows(IllegalArgumentException.class,
                () -> Section.of("x", choice, Key.number("g", null, "g").defaultBy("profile", onlyA)));
        assertThrows(IllegalArgumentException.class,
                () -> Section.of("x", choice, Key.number("g", null, "g").defaultBy("profile", table(0.5, 0.25))
                        .defaultBy("nope", table(0.5, 0.25))));
        assertThrows(IllegalArgumentException.class,
                () -> Key.number("g", null, "g").bounds(Bounds.open(0, 1)).defaultBy("profile", table(0.5, 1.0)));
    }

    @Test
    void theDocsShowTheDefaultByValueAndTheRange() {
        String table = KeyTable.markdown(S);
        assertEquals("| `r` | rate ≥ 0 | by `profile`: `40Mbps` / line rate / 5000 | a rate |",
                table.lines().filter(l -> l.startsWith("| `r`")).findFirst().orElseThrow());
        assertEquals("| `g` | number in (0, 1] | by `profile`: `0.5` / `0.25` | a gain |",
                table.lines().filter(l -> l.startsWith("| `g`")).findFirst().orElseThrow());
    }
}
