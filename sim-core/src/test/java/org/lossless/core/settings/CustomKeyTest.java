package org.lossless.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** A {@link Kind#CUSTOM} key: listed and documented by its section, never a value of it. */
class CustomKeyTest {
    private static final Section S = Section.of("switch.toy",
            Key.size("kmin", 400_000L, "lower threshold, bytes"),
            Key.custom("by_rate", "mapping of port speed → `{kmin}`", "none", "per-speed values"),
            Key.fraction("pmax", 0.2, "probability at kmax"));

    @Test
    void itsDocsRowSitsInKeyOrder() {
        assertEquals("""
                | key | type | default | meaning |
                |---|---|---|---|
                | `kmin` | size | `400KB` | lower threshold, bytes |
                | `by_rate` | mapping of port speed → `{kmin}` | none | per-speed values |
                | `pmax` | fraction | `0.2` | probability at kmax |
                """, KeyTable.markdown(S));
        assertEquals(java.util.List.of("kmin", "by_rate", "pmax"), java.util.List.of(S.names()));
    }

    @Test
    void itIsNeverAValueAndResolvesToNothing() {
        assertThrows(IllegalArgumentException.class, () -> new Values(S, Map.of("by_rate", "x")));
        assertEquals(Map.of("kmin", 400_000L, "pmax", 0.2), S.resolve(new Values(S, Map.of())).asMap());
    }

    @Test
    void itNeedsItsTypeText() {
        assertThrows(IllegalArgumentException.class, () -> Key.custom("by_rate", null, "none", "x"));
    }
}
